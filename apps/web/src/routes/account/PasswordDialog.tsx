import type { AuthUser } from '@wingmate/core-sdk';
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { useToast } from '../../ui/toast-store';
import { usePasswordStore } from './account-stores';
import { AccountDialog } from './AccountDialog';
import { ConfirmationCodeStep } from './ConfirmationCodeStep';
import { FormAlert } from './FormAlert';
import { formMessage } from './problem';
import { useConfirmationCode } from './useConfirmationCode';
import { useFormSubmission } from './useFormSubmission';
import { codeProblem } from './codes';
import { focusOnMount } from '../../ui/focus-on-mount';

const PASSWORD_RULES = '8 to 128 characters; not a common password, your email or your phone number.';

/**
 * Change the password (the current one, then the new one), or set one for an account without: a bearer token
 * alone sets no password (docs/decisions.md#sign-in-and-account-security), so a code to the phone or e-mail comes
 * first.
 */
export function PasswordDialog({ user }: { user: AuthUser }) {
  return (
    <AccountDialog
      verb={user.has_password ? 'Change' : 'Set'}
      subject="password"
      description={
        user.has_password
          ? 'Your other devices are signed out; this one stays signed in.'
          : 'With a password you can also sign in without a code.'
      }
    >
      {(close) =>
        user.has_password ? <ChangePasswordForm onDone={close} /> : <SetPasswordForm onDone={close} />
      }
    </AccountDialog>
  );
}

function NewPasswordField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <Field
      label="New password"
      name="new_password"
      type="password"
      autoComplete="new-password"
      minLength={8}
      maxLength={128}
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hint={PASSWORD_RULES}
      error={error}
    />
  );
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const password = usePasswordStore();
  const toast = useToast();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const { busy, problem, setProblem, submit } = useFormSubmission(password);

  async function changePassword(event: FormEvent) {
    event.preventDefault();
    if (!oldPassword)
      return setProblem({
        message: 'Enter your current password.',
        fields: { old_password: 'Enter your current password.' },
      });
    await submit(async () => {
      await password.change({ old_password: oldPassword, new_password: newPassword });
      toast({ title: 'Password changed', tone: 'success' });
      onDone();
    });
  }

  return (
    <form onSubmit={(event) => void changePassword(event)} noValidate className="flex flex-col gap-4">
      <Field
        label="Password"
        name="old_password"
        type="password"
        autoComplete="current-password"
        required
        ref={focusOnMount}
        value={oldPassword}
        onChange={(event) => setOldPassword(event.target.value)}
        hint="Your current password."
        error={problem?.fields.old_password}
      />
      <NewPasswordField value={newPassword} onChange={setNewPassword} error={problem?.fields.new_password} />
      <FormAlert message={formMessage(problem, ['old_password', 'new_password'])} />
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          Save
        </Button>
      </div>
    </form>
  );
}

function SetPasswordForm({ onDone }: { onDone: () => void }) {
  const password = usePasswordStore();
  const toast = useToast();
  const confirmation = useConfirmationCode('set_password');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const { busy, problem, setProblem, submit } = useFormSubmission(password);

  async function saveNewPassword(event: FormEvent) {
    event.preventDefault();
    const missing = codeProblem(code, confirmation.sentTo !== null);
    if (missing) return setProblem(missing);
    await submit(async () => {
      await password.set({ code, new_password: newPassword });
      toast({ title: 'Password set', tone: 'success' });
      onDone();
    });
  }

  return (
    <form onSubmit={(event) => void saveNewPassword(event)} noValidate className="flex flex-col gap-4">
      <ConfirmationCodeStep
        confirmation={confirmation}
        code={code}
        onCodeChange={setCode}
        codeError={problem?.fields.code}
      />
      <NewPasswordField value={newPassword} onChange={setNewPassword} error={problem?.fields.new_password} />
      <FormAlert message={formMessage(problem, ['code', 'new_password'])} />
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          Save
        </Button>
      </div>
    </form>
  );
}
