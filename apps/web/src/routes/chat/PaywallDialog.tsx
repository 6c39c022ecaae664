import { Link } from 'react-router-dom';
import { Dialog, DialogContent } from '../../ui/Dialog';
import { buttonClasses } from '../../ui/Button';
import type { VerificationGateResult } from '@wingmate/core-sdk';

export type PaywallReason =
  /** 402 of a member: buy a plan or top up. */
  | { kind: 'member' }
  /** A visitor out of free messages (402), or one `abtest_verification` asks to sign up or verify first. */
  | { kind: 'visitor'; gate: Exclude<VerificationGateResult, { kind: 'allowed' }>; outOfMessages: boolean };

/**
 * The paywall (docs/web.md#routes, `/chat`): a member goes to pricing or a top-up, a visitor signs up (or verifies the
 * e-mail) as `abtest_verification` says. The unsent text stays in the composer behind it.
 */
export function PaywallDialog({ reason, onClose }: { reason: PaywallReason | null; onClose: () => void }) {
  return (
    <Dialog open={reason !== null} onOpenChange={(open) => !open && onClose()}>
      {reason && (
        <DialogContent title={titleOf(reason)} description={descriptionOf(reason)}>
          <div className="flex flex-col gap-3 sm:flex-row-reverse">
            {reason.kind === 'member' ? (
              <>
                <Link to="/pricing" className={buttonClasses({ className: 'w-full sm:w-auto' })}>
                  See plans
                </Link>
                <Link
                  to="/checkout/top-up"
                  className={buttonClasses({ variant: 'secondary', className: 'w-full sm:w-auto' })}
                >
                  Top up
                </Link>
              </>
            ) : (
              <Link to={reason.gate.path} className={buttonClasses({ className: 'w-full sm:w-auto' })}>
                {reason.gate.kind === 'verify-email' ? 'Verify' : 'Sign up'}
              </Link>
            )}
          </div>
          <p className="mt-4 text-sm text-ink-muted">Your message is kept in the box, ready to send.</p>
        </DialogContent>
      )}
    </Dialog>
  );
}

function titleOf(reason: PaywallReason): string {
  if (reason.kind === 'member') return "You're out of messages";
  if (reason.gate.kind === 'verify-email') return 'Verify your e-mail to keep chatting';
  return reason.outOfMessages ? "You've used your free messages" : 'Sign up to start chatting';
}

function descriptionOf(reason: PaywallReason): string {
  if (reason.kind === 'member') return 'Choose a plan, or top up with just the messages you need.';
  if (reason.gate.kind === 'verify-email') return 'Enter the code we e-mailed you, then come right back.';
  return reason.outOfMessages
    ? 'Create a free account to keep going. Your chat comes with you.'
    : 'Create a free account first. Your free messages and this chat come with you.';
}
