import { smsTextingOf, type AuthUser, type SmsStatus } from '@wingmate/core-sdk';
import { useWebConfig } from '../../frame/config-context';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { AccountSection } from './AccountSection';
import { useSmsStatusStore } from './account-stores';
import { useSectionValue } from './billing/use-billing-stores';
import { FormAlert } from './FormAlert';
import { PhoneChangeDialog } from './PhoneChangeDialog';
import { problemMessage } from './problem';
import { displaySystemNumber, displayUsNumber, smsAddress } from './us-number';

const TITLE = 'Text your wingmate';
const DESCRIPTION = 'Chat with Wingmate by text message from your phone.';

/** The number to text: the API's `system_number`, or the configured SMS number when the API gives none. */
export function systemNumberOf(status: SmsStatus, configured: string | undefined): string | null {
  return status.system_number || configured || null;
}

/** The product's SMS number as `+1 (xxx) xxx-xxxx` (docs/product.md#the-user), a link that opens the phone's messages. */
function SystemNumberLink({ number }: { number: string }) {
  const smsTarget = smsAddress(number);
  return (
    <a
      href={smsTarget ? `sms:${smsTarget}` : undefined}
      className="font-semibold whitespace-nowrap text-brand underline underline-offset-4"
    >
      {displaySystemNumber(number)}
    </a>
  );
}

function Texting({
  user,
  status,
  systemNumber,
}: {
  user: AuthUser;
  status: SmsStatus;
  systemNumber: string;
}) {
  const phone = status.phone_number ? displayUsNumber(status.phone_number) : null;
  switch (smsTextingOf(status)) {
    case 'can_text':
      return (
        <div className="flex flex-col gap-2 text-ink">
          <p className="text-lg">
            Text your wingmate at <SystemNumberLink number={systemNumber} />
          </p>
          {phone && <p className="text-sm text-ink-muted">We answer texts from {phone}.</p>}
          <p className="text-sm text-ink-muted">Each reply uses one message, like the chat.</p>
          <p className="text-sm text-ink-muted">Reply STOP to stop texts, HELP for help.</p>
        </div>
      );
    case 'opted_out':
      return (
        <div className="flex flex-col gap-2 text-ink">
          <p>Texts to {phone ?? 'your number'} are stopped.</p>
          <p>
            To turn them back on, text START to <SystemNumberLink number={systemNumber} />
          </p>
        </div>
      );
    case 'needs_phone':
      return (
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p className="text-ink">Add and verify a US phone number to text your wingmate.</p>
          <PhoneChangeDialog user={user} />
        </div>
      );
  }
}

/**
 * "Text your wingmate" (docs/product.md#account-calls): texts from the member's verified US phone to the product's
 * SMS number are answered like the chat, unless the number replied STOP. Read again when the phone number changes,
 * so adding one here shows the number to text at once. Left out when neither the API nor the configuration gives a
 * number to text.
 */
export function TextWingmateSection({ user }: { user: AuthUser }) {
  const config = useWebConfig();
  const store = useSmsStatusStore();
  const sms = useSectionValue(store, user.phone_number);

  if (sms.status === 'success' && sms.data) {
    const systemNumber = systemNumberOf(sms.data, config.smsPhoneNumber);
    if (!systemNumber) return null;
    return (
      <AccountSection title={TITLE} description={DESCRIPTION}>
        <Texting user={user} status={sms.data} systemNumber={systemNumber} />
      </AccountSection>
    );
  }
  return (
    <AccountSection title={TITLE} description={DESCRIPTION}>
      {sms.status === 'pending' ? (
        <Spinner label="Loading your texting details" />
      ) : (
        <div className="flex flex-col items-start gap-3">
          <FormAlert
            message={sms.error ? problemMessage(sms.error) : 'We could not load your texting details.'}
          />
          <Button variant="secondary" size="sm" onClick={() => void store.load()}>
            Try again
          </Button>
        </div>
      )}
    </AccountSection>
  );
}
