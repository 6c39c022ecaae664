import { createVerificationStore, type VerificationOutcome } from '@wingmate/core-sdk';
import type { FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { Button } from '../../ui/Button';
import { usePhoneFormat } from '../../ui/usePhoneFormat';
import { useServices } from '../../stores/services';
import { useSession } from '../../stores/session';
import { AuthCard } from './AuthCard';
import { CodeForm } from './CodeForm';
import { FormAlert } from './FormAlert';
import { codeStepErrors } from './input-problems';
import { withNext } from './next-path';
import { ResendCode } from './ResendCode';
import { useNextPath } from './useNextPath';
import { useScreenStore } from '../../stores/screen-store';
import { useResendCountdown } from './useResendCountdown';

const linkClass = 'font-semibold text-brand underline underline-offset-2';

/** The phone number the code went to: handed over by the screen that sent it, else the one kept at sign-up. */
function usePhoneNumber(): string | null {
  const state = useLocation().state as PhoneVerifyState | null;
  const stored = useServices().client.session.storedContact().phone_number;
  return state?.phoneNumber ?? stored;
}

/** What the sign-up and sign-in screens hand to `/verify` with the navigation. */
export interface PhoneVerifyState {
  phoneNumber: string;
  /** The screen the number was typed on, to go back to for another number. */
  from: '/signup' | '/login';
}

/** The verification store of a code screen, counting the wait for "Resend code" while the screen shows. */
function useVerification() {
  const store = useScreenStore((client) => createVerificationStore(client));
  useResendCountdown(store);
  return { store, step: useStore(store) };
}

/** A code that was not taken (not six digits, or refused) is said next to the field, which takes the focus. */
function focusCodeUnless(outcome: VerificationOutcome) {
  if (outcome !== 'verified') document.getElementById('verify-code')?.focus();
}

/**
 * `/verify`: the 6-digit code sent by SMS (`?method=phone`, the default) or by e-mail at sign-up
 * (`?method=email`), with `autocomplete="one-time-code"`; a new code after a 60 s countdown.
 */
export function VerifyPage() {
  const [params] = useSearchParams();
  return params.get('method') === 'email' ? <VerifyEmail /> : <VerifyPhone />;
}

function VerifyPhone() {
  const navigate = useNavigate();
  const next = useNextPath();
  const phoneNumber = usePhoneNumber();
  const from = (useLocation().state as PhoneVerifyState | null)?.from ?? '/login';
  const { store, step } = useVerification();
  const format = usePhoneFormat();

  if (!phoneNumber) return <NothingToVerify next={next} />;
  const number = phoneNumber;
  const shownNumber = format?.formatPhoneNumber(number) ?? number;
  const errors = codeStepErrors(step);
  const notice = step.resent ? `We sent a new code to ${shownNumber}.` : null;

  async function verify(event: FormEvent) {
    event.preventDefault();
    const outcome = await store.verifyPin(number);
    if (outcome === 'verified') void navigate(next, { replace: true });
    focusCodeUnless(outcome);
  }

  return (
    <AuthCard
      title="Enter your code"
      documentTitle="Verify your phone"
      intro={
        <>
          We texted a 6-digit code to{' '}
          <strong className="font-semibold whitespace-nowrap text-ink">{shownNumber}</strong>. It works for 10
          minutes.
        </>
      }
      footer={
        <Link to={withNext(from, next)} className={linkClass}>
          Use a different number
        </Link>
      }
    >
      <CodeForm
        code={step.code}
        onCodeChange={(code) => store.setCode(code)}
        errors={errors}
        onSubmit={(event) => void verify(event)}
      >
        <FormAlert message={notice} tone="success" />
        <Button type="submit" size="lg" loading={step.busy === 'submit'} disabled={step.busy === 'resend'}>
          Verify
        </Button>
        <ResendCode
          secondsLeft={step.secondsLeft}
          busy={step.busy === 'resend'}
          disabled={step.busy === 'submit'}
          onResend={() => void store.resendPin(number)}
        />
      </CodeForm>
    </AuthCard>
  );
}

function VerifyEmail() {
  const { client, userInfo } = useServices();
  const navigate = useNavigate();
  const next = useNextPath();
  const location = useLocation();
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const user = useSession((state) => state.user);
  const email =
    (location.state as { email?: string } | null)?.email ??
    user?.email ??
    client.session.storedContact().email;
  const { store, step } = useVerification();

  // The e-mail code confirms the signed-in account's address: without a session, sign in first and come back.
  if (!isLoggedIn) {
    return <Navigate to={withNext('/login', location.pathname + location.search)} replace />;
  }
  const errors = codeStepErrors(step);
  const notice = step.resent ? `We sent a new code to ${email ?? 'your address'}.` : null;

  async function verify(event: FormEvent) {
    event.preventDefault();
    const outcome = await store.verifyEmail();
    if (outcome === 'verified') {
      // Verified: the account is a member now, which the remaining messages and A/B group read.
      void userInfo.getState().refresh();
      void navigate(next, { replace: true });
    }
    focusCodeUnless(outcome);
  }

  return (
    <AuthCard
      title="Check your email"
      documentTitle="Verify your email"
      intro={
        <>
          We sent a 6-digit code to{' '}
          {email ? <strong className="font-semibold break-all text-ink">{email}</strong> : 'your address'}. It
          works for 10 minutes; if it is not in your inbox, look in spam.
        </>
      }
      footer={
        <Link to={next} className={linkClass}>
          Do this later
        </Link>
      }
    >
      <CodeForm
        code={step.code}
        onCodeChange={(code) => store.setCode(code)}
        errors={errors}
        onSubmit={(event) => void verify(event)}
      >
        <FormAlert message={notice} tone="success" />
        <Button type="submit" size="lg" loading={step.busy === 'submit'} disabled={step.busy === 'resend'}>
          Verify
        </Button>
        <ResendCode
          secondsLeft={step.secondsLeft}
          busy={step.busy === 'resend'}
          disabled={step.busy === 'submit'}
          onResend={() => void store.resendEmailCode()}
        />
      </CodeForm>
    </AuthCard>
  );
}

/** `/verify` opened without a number to verify (a bookmark, a new tab): start again from sign-up or sign-in. */
function NothingToVerify({ next }: { next: string }) {
  return (
    <AuthCard title="Nothing to verify yet" documentTitle="Verify">
      <p className="text-ink-muted">Enter your phone number first, and we will text you a code.</p>
      <div className="flex flex-wrap gap-3">
        <Link to={withNext('/signup', next)} className={linkClass}>
          Create an account
        </Link>
        <Link to={withNext('/login', next)} className={linkClass}>
          Sign in with your phone
        </Link>
      </div>
    </AuthCard>
  );
}
