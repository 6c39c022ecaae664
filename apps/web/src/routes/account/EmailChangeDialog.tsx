import {
  EMAIL_PATTERN,
  type AuthUser,
  type EmailChangeProof,
  type EmailChangeStore,
} from '@wingmate/core-sdk';
import { useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { Button } from '../../ui/Button';
import { CodeInput } from '../../ui/CodeInput';
import { Field } from '../../ui/Field';
import { useToast } from '../../ui/toast-store';
import { AccountDialog } from './AccountDialog';
import { useEmailChangeStore } from './account-stores';
import { FormAlert } from './FormAlert';
import { OwnerProofField } from './OwnerProofField';
import { formMessage, type FormProblem } from './problem';
import { ResendCodeButton } from './ResendCodeButton';
import { codeProblem } from './codes';
import { useConfirmationCode } from './useConfirmationCode';
import { useFormSubmission } from './useFormSubmission';
import { focusOnMount } from '../../ui/focus-on-mount';

const INVALID_EMAIL = 'Please enter a valid email address.';
const ENTER_PASSWORD = 'Enter your current password.';

const passwordProblem = (password: string): FormProblem | null =>
  password ? null : { message: ENTER_PASSWORD, fields: { password: ENTER_PASSWORD } };

/**
 * Change (or add) the e-mail address (docs/decisions.md#calls): the current password, or for an account without one a
 * code sent to the current phone or e-mail; then a code goes to the new address, which counts once it is entered.
 */
export function EmailChangeDialog({ user }: { user: AuthUser }) {
  return (
    <AccountDialog
      verb={user.email ? 'Change' : 'Add'}
      subject="email"
      description="We send a code to the new address; it replaces the old one once you enter the code."
    >
      {(close) => <EmailChangeFlow user={user} onDone={close} />}
    </AccountDialog>
  );
}

function EmailChangeFlow({ user, onDone }: { user: AuthUser; onDone: () => void }) {
  const emailChange = useEmailChangeStore();
  const sent = useStore(emailChange, (state) => state.sent);
  if (sent) return <NewEmailCode emailChange={emailChange} email={sent.email} onDone={onDone} />;
  return <NewEmailForm user={user} emailChange={emailChange} />;
}

/** Step 1: the new address, with the password or the confirmation code. */
function NewEmailForm({ user, emailChange }: { user: AuthUser; emailChange: EmailChangeStore }) {
  const confirmation = useConfirmationCode('email_change');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { busy, problem, setProblem, submit } = useFormSubmission(emailChange);
  const needsCode = !user.has_password;

  async function requestCode(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address))
      return setProblem({ message: INVALID_EMAIL, fields: { email: INVALID_EMAIL } });
    const missing = needsCode ? codeProblem(code, confirmation.sentTo !== null) : passwordProblem(password);
    if (missing) return setProblem(missing);
    const proof: EmailChangeProof = needsCode ? { code } : { password };
    await submit(() => emailChange.requestCode(address, proof));
  }

  return (
    <form onSubmit={(event) => void requestCode(event)} noValidate className="flex flex-col gap-4">
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        maxLength={254}
        required
        ref={focusOnMount}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={problem?.fields.email}
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
      <FormAlert message={formMessage(problem, ['email', 'password', 'code'])} />
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          Continue
        </Button>
      </div>
    </form>
  );
}

/**
 * Step 2: the code mailed to the new address. A new one can be asked for with the same password; a confirmation
 * code is spent by then, so an account without a password starts over (and gets a new confirmation code).
 */
function NewEmailCode({
  emailChange,
  email,
  onDone,
}: {
  emailChange: EmailChangeStore;
  email: string;
  onDone: () => void;
}) {
  const toast = useToast();
  const [code, setCode] = useState('');
  const { busy, problem, setProblem, submit } = useFormSubmission(emailChange);

  async function verify(event: FormEvent) {
    event.preventDefault();
    const missing = codeProblem(code);
    if (missing) return setProblem(missing);
    await submit(async () => {
      await emailChange.confirm(code);
      toast({ title: 'Email changed', description: email, tone: 'success' });
      onDone();
    });
  }

  return (
    <form onSubmit={(event) => void verify(event)} noValidate className="flex flex-col gap-4">
      <CodeInput
        name="code"
        required
        value={code}
        onValueChange={setCode}
        hint={`We sent a code to ${email}.`}
        error={problem?.fields.code}
        ref={focusOnMount}
      />
      {emailChange.canResend() ? (
        <ResendCodeButton send={() => emailChange.resend()} />
      ) : (
        <div className="flex flex-col items-start gap-1">
          <p className="text-sm text-ink-muted">No code? Start over to confirm it is you again.</p>
          <Button variant="ghost" size="sm" onClick={() => emailChange.startOver()}>
            Start over
          </Button>
        </div>
      )}
      <FormAlert message={formMessage(problem, ['code'])} />
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          Verify
        </Button>
      </div>
    </form>
  );
}
