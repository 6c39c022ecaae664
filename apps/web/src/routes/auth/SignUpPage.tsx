import { EMAIL_PATTERN } from '@wingmate/core-sdk';
import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { useClient } from '../../stores/services';
import { AuthCard } from './AuthCard';
import { FormAlert } from './FormAlert';
import { formErrorsOf, NO_ERRORS, type FormErrors } from './form-errors';
import { ContactMethodFields } from './ContactMethodFields';
import type { ContactMethod } from './MethodSwitch';
import { withNext } from './next-path';
import { usPhoneNumber } from './phone-number';
import { INVALID_EMAIL, INVALID_PHONE, PASSWORD_HINT, PASSWORD_TOO_SHORT } from './messages';
import { SocialButtons } from './social/SocialButtons';
import { useSocialSignIn } from './social/useSocialSignIn';
import { TermsCheckbox } from './TermsCheckbox';
import { TERMS_REQUIRED, withTermsAccepted } from './terms';
import { useNextPath } from './useNextPath';
import type { PhoneVerifyState } from './VerifyPage';
import { useSignedInAtStart } from './useSignedInAtStart';

/** What is wrong with the typed values before anything is sent, by field (`phoneNumber`: the E.164 form). */
function problems(
  method: ContactMethod,
  values: { phoneNumber: string | null; email: string; password: string },
): Record<string, string> {
  const found: Record<string, string> = {};
  if (method === 'phone' && !values.phoneNumber) found['phone_number'] = INVALID_PHONE;
  if (method === 'email' && !EMAIL_PATTERN.test(values.email.trim())) found['email'] = INVALID_EMAIL;
  if (method === 'email' && values.password.length < 8) found['password'] = PASSWORD_TOO_SHORT;
  return found;
}

/**
 * `/signup`: phone (then the PIN on `/verify`), e-mail and password (then the e-mailed code), Google or Apple.
 * Every way asks first that the person is 18 or older and accepts the terms (decisions.md, "Consent").
 */
export function SignUpPage() {
  const client = useClient();
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
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [sending, setSending] = useState(false);

  if (signedInAtStart) return <Navigate to={next} replace />;

  function termsAccepted(): boolean {
    if (accepted) return true;
    setTermsError(TERMS_REQUIRED);
    termsBox.current?.focus();
    return false;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const phoneNumber = method === 'phone' ? await usPhoneNumber(phone) : null;
    const fieldErrors = problems(method, { phoneNumber, email, password });
    const firstWrong = Object.keys(fieldErrors)[0];
    if (firstWrong) {
      setErrors({ fields: fieldErrors, form: null });
      document.getElementById(`signup-${firstWrong}`)?.focus();
      return;
    }
    if (!termsAccepted()) return;
    setErrors(NO_ERRORS);
    setSending(true);
    try {
      if (phoneNumber) {
        const sent = await client.auth.registerPhone(withTermsAccepted({ phone_number: phoneNumber }));
        navigate(withNext('/verify', next), {
          state: { phoneNumber: sent.phone_number, from: '/signup' } satisfies PhoneVerifyState,
        });
      } else {
        await client.auth.registerEmail(withTermsAccepted({ email: email.trim(), password }));
        navigate(withNext('/verify', next, { method: 'email' }), { state: { email: email.trim() } });
      }
    } catch (error) {
      const found = formErrorsOf(error, ['phone_number', 'email', 'password', 'terms_accepted']);
      setTermsError(found.fields['terms_accepted'] ?? null);
      setErrors(found);
    } finally {
      setSending(false);
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
            setErrors(NO_ERRORS);
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
        <Button type="submit" size="lg" loading={sending}>
          {method === 'phone' ? 'Continue' : 'Sign up'}
        </Button>
      </form>
      <SocialButtons
        social={social}
        beforeStart={termsAccepted}
        onSignedIn={() => navigate(next, { replace: true })}
      />
    </AuthCard>
  );
}
