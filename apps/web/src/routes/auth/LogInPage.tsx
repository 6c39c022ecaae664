import { createLogInStore } from '@wingmate/core-sdk';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { AuthCard } from './AuthCard';
import { FormAlert } from './FormAlert';
import { firstWrongField, formErrorsFrom } from './input-problems';
import { ContactMethodFields } from './ContactMethodFields';
import type { ContactMethod } from './MethodSwitch';
import { withNext } from './next-path';
import { usPhoneNumber } from './phone-number';
import { SocialButtons } from './social/SocialButtons';
import { useSocialSignIn } from './social/useSocialSignIn';
import { useNextPath } from './useNextPath';
import type { PhoneVerifyState } from './VerifyPage';
import { useScreenStore } from '../../stores/screen-store';
import { useSignedInAtStart } from './useSignedInAtStart';

const linkClass = 'font-semibold text-brand underline underline-offset-2';

/** The fields the API's answers to the sign-in calls may name. */
const FIELDS = ['phone_number', 'email', 'password'];

/**
 * `/login`: a phone number gets a PIN (phone accounts always sign in by PIN, and by password once they set one),
 * an e-mail signs in with its password, or Google or Apple. Afterwards the person goes back to `?next=`.
 */
export function LogInPage() {
  const store = useScreenStore(createLogInStore);
  const form = useStore(store);
  const navigate = useNavigate();
  const next = useNextPath();
  const signedInAtStart = useSignedInAtStart();
  const social = useSocialSignIn('login');
  const [method, setMethod] = useState<ContactMethod>('phone');
  const [phoneByPassword, setPhoneByPassword] = useState(false);
  const [values, setValues] = useState({ phone: '', email: '', password: '' });

  if (signedInAtStart) return <Navigate to={next} replace />;
  const withPassword = method === 'email' || phoneByPassword;
  const errors = formErrorsFrom(form, FIELDS);
  const set = (name: keyof typeof values) => (value: string) =>
    setValues((old) => ({ ...old, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const outcome = await store.submit(
      method === 'phone'
        ? {
            method,
            phoneNumber: await usPhoneNumber(values.phone),
            byPassword: phoneByPassword,
            password: values.password,
          }
        : { method, email: values.email, password: values.password },
    );
    if (outcome.kind === 'invalid') {
      document.getElementById(`login-${firstWrongField(outcome.problems)}`)?.focus();
    } else if (outcome.kind === 'signed-in') {
      void navigate(next, { replace: true });
    } else if (outcome.kind === 'pin-sent') {
      void navigate(withNext('/verify', next), {
        state: { phoneNumber: outcome.phoneNumber, from: '/login' } satisfies PhoneVerifyState,
      });
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
            store.clearErrors();
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
        <Button type="submit" size="lg" loading={form.sending}>
          {withPassword ? 'Sign in' : 'Continue'}
        </Button>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
          {method === 'phone' && (
            <button
              type="button"
              className={linkClass}
              onClick={() => {
                setPhoneByPassword((value) => !value);
                store.clearErrors();
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
      <SocialButtons social={social} onSignedIn={() => void navigate(next, { replace: true })} />
    </AuthCard>
  );
}
