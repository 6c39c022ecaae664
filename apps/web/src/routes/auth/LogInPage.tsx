import { EMAIL_PATTERN } from '@wingmate/core-sdk';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { useClient } from '../../stores/services';
import { AuthCard } from './AuthCard';
import { FormAlert } from './FormAlert';
import { formErrorsOf, NO_ERRORS, type FormErrors } from './form-errors';
import { INVALID_EMAIL, INVALID_PHONE, PASSWORD_REQUIRED } from './messages';
import { ContactMethodFields } from './ContactMethodFields';
import type { ContactMethod } from './MethodSwitch';
import { withNext } from './next-path';
import { usPhoneNumber } from './phone-number';
import { SocialButtons } from './social/SocialButtons';
import { useSocialSignIn } from './social/useSocialSignIn';
import { useNextPath } from './useNextPath';
import type { PhoneVerifyState } from './VerifyPage';
import { useSignedInAtStart } from './useSignedInAtStart';

const linkClass = 'font-semibold text-brand underline underline-offset-2';

/** What is wrong with the typed values before anything is sent, by field. */
function problems(
  method: ContactMethod,
  values: { phone: string; email: string; password: string },
  withPassword: boolean,
  phoneNumber: string | null,
) {
  const found: Record<string, string> = {};
  if (method === 'phone' && !phoneNumber) found['phone_number'] = INVALID_PHONE;
  if (method === 'email' && !EMAIL_PATTERN.test(values.email.trim())) found['email'] = INVALID_EMAIL;
  if (withPassword && !values.password) found['password'] = PASSWORD_REQUIRED;
  return found;
}

/**
 * `/login`: a phone number gets a PIN (phone accounts always sign in by PIN, and by password once they set one),
 * an e-mail signs in with its password, or Google or Apple. Afterwards the person goes back to `?next=`.
 */
export function LogInPage() {
  const client = useClient();
  const navigate = useNavigate();
  const next = useNextPath();
  const signedInAtStart = useSignedInAtStart();
  const social = useSocialSignIn('login');
  const [method, setMethod] = useState<ContactMethod>('phone');
  const [phoneByPassword, setPhoneByPassword] = useState(false);
  const [values, setValues] = useState({ phone: '', email: '', password: '' });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [sending, setSending] = useState(false);

  if (signedInAtStart) return <Navigate to={next} replace />;
  const withPassword = method === 'email' || phoneByPassword;
  const set = (name: keyof typeof values) => (value: string) =>
    setValues((old) => ({ ...old, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const phoneNumber = method === 'phone' ? await usPhoneNumber(values.phone) : null;
    const found = problems(method, values, withPassword, phoneNumber);
    const firstWrong = Object.keys(found)[0];
    if (firstWrong) {
      setErrors({ fields: found, form: null });
      document.getElementById(`login-${firstWrong}`)?.focus();
      return;
    }
    setErrors(NO_ERRORS);
    setSending(true);
    try {
      if (method === 'email' || !phoneNumber) {
        await client.auth.loginEmail({ email: values.email.trim(), password: values.password });
        navigate(next, { replace: true });
      } else if (phoneByPassword) {
        await client.auth.login({ phone_number: phoneNumber, password: values.password });
        navigate(next, { replace: true });
      } else {
        const sent = await client.auth.registerPhone({ phone_number: phoneNumber });
        navigate(withNext('/verify', next), {
          state: { phoneNumber: sent.phone_number, from: '/login' } satisfies PhoneVerifyState,
        });
      }
    } catch (error) {
      setErrors(formErrorsOf(error, ['phone_number', 'email', 'password']));
    } finally {
      setSending(false);
    }
  }

  return (
    <AuthCard
      title="Sign in to Wingmate"
      documentTitle="Sign in"
      intro="Welcome back. Your chats and bio are where you left them."
      footer={
        <>
          New to Wingmate?{' '}
          <Link to={withNext('/signup', next)} className={linkClass}>
            Create an account
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        <ContactMethodFields
          idPrefix="login"
          switchLabel="Sign in with"
          method={method}
          onMethodChange={(value) => {
            setMethod(value);
            setErrors(NO_ERRORS);
          }}
          phone={values.phone}
          onPhoneChange={set('phone')}
          phoneHint={phoneByPassword ? undefined : 'We text you a 6-digit code.'}
          email={values.email}
          onEmailChange={set('email')}
          errors={errors}
        />
        {withPassword && (
          <Field
            id="login-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={(event) => set('password')(event.target.value)}
            error={errors.fields['password']}
            required
          />
        )}
        <FormAlert message={errors.form} />
        <Button type="submit" size="lg" loading={sending}>
          {withPassword ? 'Sign in' : 'Continue'}
        </Button>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
          {method === 'phone' && (
            <button
              type="button"
              className={linkClass}
              onClick={() => {
                setPhoneByPassword((value) => !value);
                setErrors(NO_ERRORS);
              }}
            >
              {phoneByPassword ? 'Get a code instead' : 'Use my password instead'}
            </button>
          )}
          {withPassword && (
            <Link to={withNext('/reset-password', next)} className={linkClass}>
              Forgot your password?
            </Link>
          )}
        </div>
      </form>
      <SocialButtons social={social} onSignedIn={() => navigate(next, { replace: true })} />
    </AuthCard>
  );
}
