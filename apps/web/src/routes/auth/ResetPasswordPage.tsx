import {
  createResetPasswordStore,
  type ResetAccount,
  type ResetPasswordState,
  type ResetPasswordStore,
} from '@wingmate/core-sdk';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { Button } from '../../ui/Button';
import { CodeInput } from '../../ui/CodeInput';
import { Field } from '../../ui/Field';
import { usePhoneFormat } from '../../ui/usePhoneFormat';
import { useToast } from '../../ui/toast-store';
import { AuthCard } from './AuthCard';
import { FormAlert } from './FormAlert';
import { codeStepErrors, firstWrongField, formErrorsFrom } from './input-problems';
import { PASSWORD_HINT } from './messages';
import { ContactMethodFields } from './ContactMethodFields';
import type { ContactMethod } from './MethodSwitch';
import { withNext } from './next-path';
import { usPhoneNumber } from './phone-number';
import { useNextPath } from './useNextPath';
import { ResendCode } from './ResendCode';
import { useScreenStore } from '../../stores/screen-store';
import { useResendCountdown } from './useResendCountdown';

const linkClass = 'font-semibold text-brand underline underline-offset-2';

/** A step of the reset: the store, and its state as this render sees it. */
interface StepProps {
  store: ResetPasswordStore;
  reset: ResetPasswordState;
}

/** Takes the focus to the first field the store found wrong. */
function focusFirstWrong(store: ResetPasswordStore) {
  document.getElementById(`reset-${firstWrongField(store.getState().problems)}`)?.focus();
}

/**
 * `/reset-password`: a phone number gets a PIN by SMS, an e-mail address a code by e-mail; with the code comes a
 * new password, and the person is signed in with it and sent on (`?next=`).
 */
export function ResetPasswordPage() {
  const store = useScreenStore((client) => createResetPasswordStore(client));
  const reset = useStore(store);
  return reset.account ? (
    <ChooseNewPassword store={store} reset={reset} account={reset.account} />
  ) : (
    <AskForCode store={store} reset={reset} />
  );
}

function AskForCode({ store, reset }: StepProps) {
  const next = useNextPath();
  const [method, setMethod] = useState<ContactMethod>('phone');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const errors = formErrorsFrom(reset, ['phone_number', 'email']);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const outcome = await store.requestCode(
      method === 'phone' ? { method, phoneNumber: await usPhoneNumber(phone) } : { method, email },
    );
    if (outcome === 'invalid') focusFirstWrong(store);
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
            store.clearErrors();
          }}
          phone={phone}
          onPhoneChange={setPhone}
          email={email}
          onEmailChange={setEmail}
          errors={errors}
        />
        <FormAlert message={errors.form} />
        <Button type="submit" size="lg" loading={reset.sending}>
          Continue
        </Button>
      </form>
    </AuthCard>
  );
}

function ChooseNewPassword({ store, reset, account }: StepProps & { account: ResetAccount }) {
  const navigate = useNavigate();
  const toast = useToast();
  const next = useNextPath();
  const [password, setPassword] = useState('');
  useResendCountdown(store);
  const format = usePhoneFormat();
  const sentTo =
    account.method === 'phone'
      ? (format?.formatPhoneNumber(account.phoneNumber) ?? account.phoneNumber)
      : account.email;
  const errors = codeStepErrors(reset, ['code', 'new_password']);
  const notice = reset.resent ? `We sent a new code to ${sentTo}.` : null;

  async function save(event: FormEvent) {
    event.preventDefault();
    const outcome = await store.setNewPassword(password);
    if (outcome === 'invalid') focusFirstWrong(store);
    if (outcome !== 'signed-in' && outcome !== 'not-signed-in') return;
    toast({ title: 'Your password is changed', tone: 'success' });
    if (outcome === 'signed-in') void navigate(next, { replace: true });
  }

  if (reset.passwordChanged === 'not-signed-in') {
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
          value={reset.code}
          onValueChange={(code) => store.setCode(code)}
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
        <Button type="submit" size="lg" loading={reset.busy === 'submit'} disabled={reset.busy === 'resend'}>
          Set new password
        </Button>
        <ResendCode
          secondsLeft={reset.secondsLeft}
          busy={reset.busy === 'resend'}
          disabled={reset.busy === 'submit'}
          onResend={() => void store.resend()}
        />
      </form>
    </AuthCard>
  );
}
