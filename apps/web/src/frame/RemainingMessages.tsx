import { messagesLeftToShow } from '@wingmate/core-sdk';
import { useUserInfo } from '../stores/user-info';

/**
 * The number of messages left, or "Unlimited" when the server says null (an unlimited plan:
 * docs/product.md#messages-and-metering): the element every count on screen uses, so tests and screens read it by
 * `data-testid="remaining-messages"`.
 */
export function RemainingNumber({ remaining, className }: { remaining: number | null; className?: string }) {
  return (
    <span data-testid="remaining-messages" className={className}>
      {remaining === null ? 'Unlimited' : remaining.toLocaleString('en')}
    </span>
  );
}

/** "Messages left: 12" in the account menu. */
export function RemainingMessages() {
  const { info, status } = useUserInfo();
  if (!info) {
    return (
      <p className="text-sm text-ink-muted" role="status">
        {status === 'failed' ? 'Messages left: not available right now' : 'Messages left: loading…'}
      </p>
    );
  }
  return (
    <p className="text-sm text-ink">
      Messages left: <RemainingNumber remaining={messagesLeftToShow(info)} className="font-semibold" />
    </p>
  );
}
