import { useUserInfo } from '../stores/user-info';

/**
 * "Messages left": the number, or "Unlimited" when the server says null (an unlimited plan, decisions.md), in the
 * element tests and screens read (`data-testid="remaining-messages"`).
 */
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
      Messages left:{' '}
      <span data-testid="remaining-messages" className="font-semibold">
        {info.remaining_messages === null ? 'Unlimited' : info.remaining_messages}
      </span>
    </p>
  );
}
