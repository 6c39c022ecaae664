import type { AuthUser } from '@wingmate/core-sdk';
import { MessageCircle } from 'lucide-react';
import { useWebConfig } from '../../frame/config-context';
import { AccountSection } from './AccountSection';
import { displaySystemNumber, smsAddress } from './us-number';

/** The number to text: the user's `system_number`, or the configured SMS number when the API gives none. */
export function systemNumberOf(user: AuthUser, configured: string | undefined): string | null {
  return user.system_number || configured || null;
}

/**
 * "Text us": the product's SMS number as `+1 (xxx) xxx-xxxx` (docs/product.md#the-user), a link that opens the phone's
 * messages. Nothing is shown when neither the API nor the configuration gives a number.
 */
export function TextUsSection({ user }: { user: AuthUser }) {
  const config = useWebConfig();
  const systemNumber = systemNumberOf(user, config.smsPhoneNumber);
  if (!systemNumber) return null;
  const smsTarget = smsAddress(systemNumber);
  return (
    <AccountSection title="Text us" description="Chat with Wingmate by text message from your phone.">
      <a
        href={smsTarget ? `sms:${smsTarget}` : undefined}
        className="inline-flex items-center gap-2 text-2xl font-semibold text-brand underline-offset-4 hover:underline"
      >
        <MessageCircle aria-hidden="true" className="size-6" />
        {displaySystemNumber(systemNumber)}
      </a>
    </AccountSection>
  );
}
