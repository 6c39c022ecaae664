import { Link } from 'react-router-dom';
import { useWebConfig } from '../../frame/config-context';
import { LegalPage } from './LegalPage';

/** The terms of service: who may use Wingmate, what the AI is and is not, paying, cancelling, ending. */
export function TermsPage() {
  const { supportEmail } = useWebConfig();
  return (
    <LegalPage title="Terms of service" updated="23 November 2026">
      <p>
        These terms are the agreement between you and Wingmate for using the Wingmate website and apps. By
        creating an account or chatting with Wingmate you accept them. Please read them with our{' '}
        <Link to="/privacy">privacy notice</Link>, which says what we keep about you.
      </p>

      <h2>Who can use Wingmate</h2>
      <ul>
        <li>
          You must be 18 or older. You confirm this, and accept these terms, when you sign up; we keep the
          time.
        </li>
        <li>
          One person per account. Keep your password and sign-in codes to yourself; you are responsible for
          what is done with your account.
        </li>
        <li>
          We may suspend an account used to break the law, to harass anyone, or to attack or overload the
          service.
        </li>
      </ul>

      <h2>What Wingmate is, and is not</h2>
      <p>
        Wingmate is an AI companion and dating coach: it suggests messages, reviews bios and photos, and talks
        things through with you. Its answers are written by an AI model. They can be wrong, and they are
        suggestions, not professional advice (legal, medical, psychological or financial). You decide what you
        send to anyone, and you are responsible for it.
      </p>
      <p>
        If you are in danger or thinking of harming yourself, contact your local emergency number. Wingmate is
        not a crisis service.
      </p>

      <h2>Your content</h2>
      <ul>
        <li>
          What you write and upload (messages, bios, photos, answers) stays yours. You let us store and
          process it to run the service for you, including sending it to our AI provider to produce answers.
        </li>
        <li>
          Only upload photos you have the right to use, and never photos of other people without their
          consent.
        </li>
        <li>Do not use Wingmate to deceive, threaten or harass people, or to produce unlawful content.</li>
      </ul>

      <h2>Free messages, plans and payments</h2>
      <ul>
        <li>
          New visitors get a number of free messages. After that, messages come from a plan (a subscription or
          a message pack) or a top-up, at the prices shown on the <Link to="/pricing">pricing page</Link>{' '}
          before you pay.
        </li>
        <li>
          Payments are taken by our payment provider. Subscriptions renew at the end of each period until you
          cancel; a free trial turns into a paid plan on the date shown before you enter your card, unless you
          cancel before then. We e-mail a reminder 3 days before a trial ends and a receipt for every payment.
        </li>
        <li>
          You can cancel from your account page at any time. A cancelled plan stays active until the end of
          the period you paid for and is not renewed; you can undo the cancellation until then. A plan change
          takes effect at the end of the current period.
        </li>
        <li>
          Unused messages of a plan do not turn into money. Where the law of your country gives you a right to
          a refund, nothing in these terms limits it.
        </li>
      </ul>

      <h2>Ending your account</h2>
      <p>
        You can delete your account from the account page at any time: renewals stop and your personal data is
        deleted as the privacy notice describes. We may close accounts that break these terms, and will tell
        you why unless the law prevents it.
      </p>

      <h2>Availability and liability</h2>
      <p>
        We work to keep Wingmate available and correct, but the service is provided as it is and may change or
        be interrupted. To the extent the law allows, we are not liable for indirect losses, or for what
        happens between you and the people you meet. Nothing here limits liability that cannot be limited by
        law.
      </p>

      <h2>Changes and contact</h2>
      <p>
        When these terms change in a way that matters, we tell you in the app or by e-mail before the change
        takes effect. Questions: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    </LegalPage>
  );
}
