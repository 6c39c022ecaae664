import { createSignUpStore } from '@wingmate/core-sdk';
import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { AuthCard } from './AuthCard';
import { FormAlert } from './FormAlert';
import { formErrorsOf } from './form-errors';
import { firstWrongField, formErrorsFrom } from './input-problems';
import { ContactMethodFields } from './ContactMethodFields';
import type { ContactMethod } from './MethodSwitch';
import { withNext } from './next-path';
import { usPhoneNumber } from './phone-number';
import { PASSWORD_HINT } from './messages';
import { SocialButtons } from './social/SocialButtons';
import { useSocialSignIn } from './social/useSocialSignIn';
import { TermsCheckbox } from './TermsCheckbox';
import { TERMS_REQUIRED } from './terms';
import { useNextPath } from './useNextPath';
import type { PhoneVerifyState } from './VerifyPage';
import { useScreenStore } from '../../stores/screen-store';
import { useSignedInAtStart } from './useSignedInAtStart';

/** The fields the API's answers to the sign-up calls may name. */
const FIELDS = ['phone_number', 'email', 'password', 'terms_accepted'];

/**
 * `/signup`: phone (then the PIN on `/verify`), e-mail and password (then the e-mailed code), Google or Apple.
 * Every way asks first that the person is 18 or older and accepts the terms (docs/product.md#accounts-and-signing-in).
 */
export function SignUpPage() {
  const store = useScreenStore(createSignUpStore);
  const form = useStore(store);
  const navigate = useNavigate();
  const next = useNextPath();
  const signedInAtStart = useSignedInAtStart();
  const social = useSocialSignIn('signup');
  const termsBox = useRef<HTMLButtonElement>(null);
  const [method, setMethod] = useState<ContactMethod>('phone');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);

  if (signedInAtStart) return <Navigate to={next} replace />;
  const errors = formErrorsFrom(form, FIELDS);

  function askForTerms() {
    setTermsError(TERMS_REQUIRED);
    termsBox.current?.focus();
  }

  function termsAccepted(): boolean {
    if (!accepted) askForTerms();
    return accepted;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const outcome = await store.submit(
      method === 'phone'
        ? { method, phoneNumber: await usPhoneNumber(phone), termsAccepted: accepted }
        : { method, email, password, termsAccepted: accepted },
    );
    switch (outcome.kind) {
      case 'invalid':
        document.getElementById(`signup-${firstWrongField(outcome.problems)}`)?.focus();
        break;
      case 'terms-required':
        askForTerms();
        break;
      case 'pin-sent':
        void navigate(withNext('/verify', next), {
          state: { phoneNumber: outcome.phoneNumber, from: '/signup' } satisfies PhoneVerifyState,
        });
        break;
      case 'email-registered':
        void navigate(withNext('/verify', next, { method: 'email' }), { state: { email: outcome.email } });
        break;
      case 'failed':
        setTermsError(formErrorsOf(outcome.error, FIELDS).fields['terms_accepted'] ?? null);
    }
  }

  return (
    <AuthCard
      title="Create your account"
      documentTitle="Sign up"
      intro="Keep your chats, get your free messages, and pick up on any device."
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={withNext('/login', next)}
            className="font-semibold text-brand underline underline-offset-2"
          >
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        <ContactMethodFields
          idPrefix="signup"
          switchLabel="Sign up with"
          method={method}
          onMethodChange={(value) => {
            setMethod(value);
            store.clearErrors();
          }}
          phone={phone}
          onPhoneChange={setPhone}
          phoneHint="US numbers. We text you a 6-digit code."
          email={email}
          onEmailChange={setEmail}
          errors={errors}
        />
        {method === 'email' && (
          <Field
            id="signup-password"
            label="Password"
            type="password"
            autoComplete="new-password"
            hint={PASSWORD_HINT}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.fields['password']}
            required
          />
        )}
        <TermsCheckbox
          ref={termsBox}
          checked={accepted}
          onCheckedChange={(checked) => {
            setAccepted(checked);
            if (checked) setTermsError(null);
          }}
          error={termsError}
        />
        <FormAlert message={errors.form} />
        <Button type="submit" size="lg" loading={form.sending}>
          {method === 'phone' ? 'Continue' : 'Sign up'}
        </Button>
      </form>
      <SocialButtons
        social={social}
        beforeStart={termsAccepted}
        onSignedIn={() => void navigate(next, { replace: true })}
      />
    </AuthCard>
  );
}
