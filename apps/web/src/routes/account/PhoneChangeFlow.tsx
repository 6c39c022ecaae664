import { formatPhoneNumber, toE164UsNumber, type AuthUser, type PhoneChangeStore } from '@wingmate/core-sdk';
import { useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { Button } from '../../ui/Button';
import { CodeInput } from '../../ui/CodeInput';
import { PhoneField } from '../../ui/PhoneField';
import { useToast } from '../../ui/toast-store';
import { usePhoneChangeStore } from './account-stores';
import { FormAlert } from './FormAlert';
import { OwnerProofField } from './OwnerProofField';
import { formMessage } from './problem';
import { ResendCodeButton } from './ResendCodeButton';
import { useConfirmationCode } from './useConfirmationCode';
import { useFormSubmission } from './useFormSubmission';
import { codeProblem } from './codes';
import { focusOnMount } from '../../ui/focus-on-mount';

const INVALID_PHONE_NUMBER = 'Enter a US phone number, like (201) 555-0123.';

/** The two steps of a phone change; loaded with libphonenumber when the dialog opens. */
export function PhoneChangeFlow({ user, onDone }: { user: AuthUser; onDone: () => void }) {
  const phoneChange = usePhoneChangeStore();
  const newNumber = useStore(phoneChange, (state) => state.newNumber);
  if (newNumber) return <NewNumberPin phoneChange={phoneChange} phoneNumber={newNumber} onDone={onDone} />;
  return <NewNumberForm user={user} phoneChange={phoneChange} />;
}

/** Step 1: the new number, with the password or the confirmation code. */
function NewNumberForm({ user, phoneChange }: { user: AuthUser; phoneChange: PhoneChangeStore }) {
  const confirmation = useConfirmationCode('phone_change');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { busy, problem, setProblem, submit } = useFormSubmission(phoneChange);
  const needsCode = !user.has_password;

  async function requestPin(event: FormEvent) {
    event.preventDefault();
    const number = toE164UsNumber(phoneNumber);
    if (!number)
      return setProblem({ message: INVALID_PHONE_NUMBER, fields: { phone_number: INVALID_PHONE_NUMBER } });
    const missing = needsCode ? codeProblem(code, confirmation.sentTo !== null) : null;
    if (missing) return setProblem(missing);
    await submit(() => phoneChange.requestPin(number, needsCode ? { code } : { password }));
  }

  return (
    <form onSubmit={(event) => void requestPin(event)} noValidate className="flex flex-col gap-4">
      <PhoneField
        label="Phone number"
        name="phone_number"
        required
        value={phoneNumber}
        onValueChange={setPhoneNumber}
        hint={user.phone_number ? `Now ${formatPhoneNumber(user.phone_number)}.` : 'A US number.'}
        error={problem?.fields.phone_number}
        ref={focusOnMount}
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
function NewNumberPin({
  phoneChange,
  phoneNumber,
  onDone,
}: {
  phoneChange: PhoneChangeStore;
  phoneNumber: string;
  onDone: () => void;
}) {
  const toast = useToast();
  const [pin, setPin] = useState('');
  const { busy, problem, setProblem, submit } = useFormSubmission(phoneChange);

  async function verify(event: FormEvent) {
    event.preventDefault();
    const missing = codeProblem(pin);
    if (missing) return setProblem(missing);
    await submit(async () => {
      await phoneChange.verify(pin);
      toast({ title: 'Phone number changed', description: formatPhoneNumber(phoneNumber), tone: 'success' });
      onDone();
    });
  }

  return (
    <form onSubmit={(event) => void verify(event)} noValidate className="flex flex-col gap-4">
      <CodeInput
        name="code"
        required
        value={pin}
        onValueChange={setPin}
        hint={`We texted a code to ${formatPhoneNumber(phoneNumber)}.`}
        error={problem?.fields.code}
        ref={focusOnMount}
      />
      <ResendCodeButton send={() => phoneChange.resendPin()} />
      <FormAlert message={formMessage(problem, ['code'])} />
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          Verify
        </Button>
      </div>
    </form>
  );
}
