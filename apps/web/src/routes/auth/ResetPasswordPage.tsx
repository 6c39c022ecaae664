import { EMAIL_PATTERN } from '@wingmate/core-sdk';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../ui/Button';
import { CodeInput, CODE_LENGTH } from '../../ui/CodeInput';
import { Field } from '../../ui/Field';
import { usePhoneFormat } from '../../ui/usePhoneFormat';
import { useToast } from '../../ui/toast-store';
import { useClient } from '../../stores/services';
import { AuthCard } from './AuthCard';
import { FormAlert } from './FormAlert';
import { formErrorsOf, NO_ERRORS, type FormErrors } from './form-errors';
import { INVALID_CODE, INVALID_EMAIL, INVALID_PHONE, PASSWORD_HINT, PASSWORD_TOO_SHORT } from './messages';
import { ContactMethodFields } from './ContactMethodFields';
import type { ContactMethod } from './MethodSwitch';
import { withNext } from './next-path';
import { usPhoneNumber } from './phone-number';
import { useCodeStep } from './useCodeStep';
import { useNextPath } from './useNextPath';
import { ResendCode } from './ResendCode';

const linkClass = 'font-semibold text-brand underline underline-offset-2';

/** The account being reset: its phone number (E.164) or its e-mail address. */
type Account = { method: 'phone'; phoneNumber: string } | { method: 'email'; email: string };

/**
 * `/reset-password`: a phone number gets a PIN by SMS, an e-mail address a code by e-mail; with the code comes a
 * new password, and the person is signed in with it and sent on (`?next=`).
 */
export function ResetPasswordPage() {
  const [account, setAccount] = useState<Account | null>(null);
  return account ? <ChooseNewPassword account={account} /> : <AskForCode onSent={setAccount} />;
}

function AskForCode({ onSent }: { onSent(account: Account): void }) {
  const client = useClient();
  const next = useNextPath();
  const [method, setMethod] = useState<ContactMethod>('phone');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const phoneNumber = method === 'phone' ? await usPhoneNumber(phone) : null;
    const address = email.trim();
    const wrong: Record<string, string> = {};
    if (method === 'phone' && !phoneNumber) wrong['phone_number'] = INVALID_PHONE;
    if (method === 'email' && !EMAIL_PATTERN.test(address)) wrong['email'] = INVALID_EMAIL;
    const firstWrong = Object.keys(wrong)[0];
    if (firstWrong) {
      setErrors({ fields: wrong, form: null });
      document.getElementById(`reset-${firstWrong}`)?.focus();
      return;
    }
    setErrors(NO_ERRORS);
    setSending(true);
    try {
      if (method === 'phone' && phoneNumber) {
        await client.auth.resetPasswordPhone({ phone_number: phoneNumber });
        onSent({ method: 'phone', phoneNumber });
      } else {
        await client.auth.resetPasswordEmail({ email: address });
        onSent({ method: 'email', email: address });
      }
    } catch (error) {
      setErrors(formErrorsOf(error, ['phone_number', 'email']));
    } finally {
      setSending(false);
    }
  }

  return (
    <AuthCard
      title="Reset your password"
      documentTitle="Reset your password"
      intro="Tell us the phone number or email of your account, and we will send you a code."
      footer={
        <Link to={withNext('/login', next)} className={linkClass}>
          Back to sign in
        </Link>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        <ContactMethodFields
          idPrefix="reset"
          switchLabel="Reset with"
          method={method}
          onMethodChange={(value) => {
            setMethod(value);
            setErrors(NO_ERRORS);
          }}
          phone={phone}
          onPhoneChange={setPhone}
          email={email}
          onEmailChange={setEmail}
          errors={errors}
        />
        <FormAlert message={errors.form} />
        <Button type="submit" size="lg" loading={sending}>
          Continue
        </Button>
      </form>
    </AuthCard>
  );
}

function ChooseNewPassword({ account }: { account: Account }) {
  const client = useClient();
  const navigate = useNavigate();
  const toast = useToast();
  const next = useNextPath();
  const [password, setPassword] = useState('');
  const { code, setCode, errors, setErrors, notice, setNotice, busy, setBusy, secondsLeft, resend } =
    useCodeStep();
  const [changedButNotSignedIn, setChangedButNotSignedIn] = useState(false);
  const format = usePhoneFormat();
  const sentTo =
    account.method === 'phone'
      ? (format?.formatPhoneNumber(account.phoneNumber) ?? account.phoneNumber)
      : account.email;

  async function confirm() {
    if (account.method === 'phone') {
      await client.auth.confirmResetPasswordPhone({
        phone_number: account.phoneNumber,
        code,
        new_password: password,
      });
    } else {
      await client.auth.confirmResetPasswordEmail({ email: account.email, code, new_password: password });
    }
  }

  /** The new password signs the person in at once; if that fails, they sign in themselves. */
  async function signIn(): Promise<boolean> {
    try {
      if (account.method === 'phone')
        await client.auth.login({ phone_number: account.phoneNumber, password });
      else await client.auth.loginEmail({ email: account.email, password });
      return true;
    } catch {
      return false;
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const wrong: Record<string, string> = {};
    if (code.length !== CODE_LENGTH) wrong['code'] = INVALID_CODE;
    if (password.length < 8) wrong['new_password'] = PASSWORD_TOO_SHORT;
    const firstWrong = Object.keys(wrong)[0];
    if (firstWrong) {
      setErrors({ fields: wrong, form: null });
      document.getElementById(`reset-${firstWrong}`)?.focus();
      return;
    }
    setErrors(NO_ERRORS);
    setBusy('submit');
    try {
      await confirm();
    } catch (error) {
      setErrors(formErrorsOf(error, ['code', 'new_password'], 'code'));
      setBusy(null);
      return;
    }
    const signedIn = await signIn();
    setBusy(null);
    toast({ title: 'Your password is changed', tone: 'success' });
    if (signedIn) navigate(next, { replace: true });
    else setChangedButNotSignedIn(true);
  }

  if (changedButNotSignedIn) {
    return (
      <AuthCard title="Password changed" documentTitle="Password changed" focusOnMount>
        <p className="text-ink-muted">Your new password is set. Sign in with it to carry on.</p>
        <Link to={withNext('/login', next)} className={linkClass}>
          Go to sign in
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      documentTitle="Choose a new password"
      focusOnMount
      intro={
        <>
          If an account uses <strong className="font-semibold break-all text-ink">{sentTo}</strong>, we sent
          it a 6-digit code. It works for 10 minutes.
        </>
      }
    >
      <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-5">
        <CodeInput
          id="reset-code"
          value={code}
          onValueChange={setCode}
          error={errors.fields['code']}
          required
        />
        <Field
          id="reset-new_password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.fields['new_password']}
          required
        />
        <FormAlert message={errors.form} />
        <FormAlert message={notice} tone="success" />
        <Button type="submit" size="lg" loading={busy === 'submit'} disabled={busy === 'resend'}>
          Set new password
        </Button>
        <ResendCode
          secondsLeft={secondsLeft}
          busy={busy === 'resend'}
          disabled={busy === 'submit'}
          onResend={() =>
            void resend(
              () =>
                account.method === 'phone'
                  ? client.auth.resetPasswordPhone({ phone_number: account.phoneNumber })
                  : client.auth.resetPasswordEmail({ email: account.email }),
              sentTo,
            )
          }
        />
      </form>
    </AuthCard>
  );
}
