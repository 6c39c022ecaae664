import { Button } from '../../ui/Button';

/** "Resend code": disabled, with the seconds left beside it, until the minute since the last code is over. */
export function ResendCode({
  secondsLeft,
  busy,
  disabled = false,
  onResend,
}: {
  secondsLeft: number;
  busy: boolean;
  disabled?: boolean;
  onResend: () => void;
}) {
  const waiting = secondsLeft > 0;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <Button
        variant="ghost"
        size="sm"
        className="-ml-3.5"
        loading={busy}
        disabled={waiting || disabled}
        aria-describedby={waiting ? 'resend-wait' : undefined}
        onClick={onResend}
      >
        Resend code
      </Button>
      {waiting && (
        <span id="resend-wait" className="text-ink-muted">
          You can ask for a new code in <span className="tabular-nums">{secondsLeft}</span> s.
        </span>
      )}
    </div>
  );
}
