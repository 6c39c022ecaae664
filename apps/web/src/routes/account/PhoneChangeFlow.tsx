import { formatPhoneNumber, toE164UsNumber, type AuthUser } from '@wingmate/core-sdk';
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { CodeInput } from '../../ui/CodeInput';
import { PhoneField } from '../../ui/PhoneField';
import { useToast } from '../../ui/toast-store';
import { useClient } from '../../stores/services';
import { FormAlert } from './FormAlert';
import { OwnerProofField } from './OwnerProofField';
import { formMessage } from './problem';
import { ResendCodeButton } from './ResendCodeButton';
import { useConfirmationCode } from './useConfirmationCode';
import { useFormSubmission } from './useFormSubmission';
import { codeProblem } from './codes';

const INVALID_PHONE_NUMBER = 'Enter a US phone number, like (201) 555-0123.';

/** The two steps of a phone change; loaded with libphonenumber when the dialog opens. */
export function PhoneChangeFlow({ user, onDone }: { user: AuthUser; onDone(): void }) {
  const [newNumber, setNewNumber] = useState<string | null>(null);
  if (newNumber) return <NewNumberPin phoneNumber={newNumber} onDone={onDone} />;
  return <NewNumberForm user={user} onPinSent={setNewNumber} />;
}

/** Step 1: the new number, with the password or the confirmation code. */
function NewNumberForm({ user, onPinSent }: { user: AuthUser; onPinSent(phoneNumber: string): void }) {
  const client = useClient();
  const confirmation = useConfirmationCode('phone_change');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { busy, problem, setProblem, submit } = useFormSubmission();
  const needsCode = !user.has_password;

  async function requestPin(event: FormEvent) {
    event.preventDefault();
    const number = toE164UsNumber(phoneNumber);
    if (!number)
      return setProblem({ message: INVALID_PHONE_NUMBER, fields: { phone_number: INVALID_PHONE_NUMBER } });
    const missing = needsCode ? codeProblem(code, confirmation.sentTo !== null) : null;
    if (missing) return setProblem(missing);
    await submit(async () => {
      const sent = await client.auth.updatePhoneNumber(
        needsCode ? { phone_number: number, code } : { phone_number: number, password },
      );
      onPinSent(sent.phone_number);
    });
  }

  return (
    <form onSubmit={requestPin} noValidate className="flex flex-col gap-4">
      <PhoneField
        label="Phone number"
        name="phone_number"
        required
        value={phoneNumber}
        onValueChange={setPhoneNumber}
        hint={user.phone_number ? `Now ${formatPhoneNumber(user.phone_number)}.` : 'A US number.'}
        error={problem?.fields.phone_number}
        autoFocus
      />
      <OwnerProofField
        needsCode={needsCode}
        password={password}
        onPasswordChange={setPassword}
        confirmation={confirmation}
        code={code}
        onCodeChange={setCode}
        problem={problem}
      />
      <FormAlert message={formMessage(problem, ['phone_number', 'password', 'code'])} />
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          Continue
        </Button>
      </div>
    </form>
  );
}

/** Step 2: the PIN texted to the new number; `/verify/` answers `{user}` and signs nobody in. */
function NewNumberPin({ phoneNumber, onDone }: { phoneNumber: string; onDone(): void }) {
  const client = useClient();
  const toast = useToast();
  const [pin, setPin] = useState('');
  const { busy, problem, setProblem, submit } = useFormSubmission();

  async function verify(event: FormEvent) {
    event.preventDefault();
    const missing = codeProblem(pin);
    if (missing) return setProblem(missing);
    await submit(async () => {
      const answer = await client.auth.verifyPin({ phone_number: phoneNumber, code: pin });
      // A phone change answers `{user}` and no tokens: the same session goes on with the new number.
      if ('user' in answer && answer.user) client.session.setUser(answer.user);
      toast({ title: 'Phone number changed', description: formatPhoneNumber(phoneNumber), tone: 'success' });
      onDone();
    });
  }

  return (
    <form onSubmit={verify} noValidate className="flex flex-col gap-4">
      <CodeInput
        name="code"
        required
        value={pin}
        onValueChange={setPin}
        hint={`We texted a code to ${formatPhoneNumber(phoneNumber)}.`}
        error={problem?.fields.code}
        autoFocus
      />
      <ResendCodeButton send={() => client.auth.generatePin({ phone_number: phoneNumber })} />
      <FormAlert message={formMessage(problem, ['code'])} />
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          Verify
        </Button>
      </div>
    </form>
  );
}
