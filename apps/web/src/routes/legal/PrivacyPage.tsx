import { useWebConfig } from '../../frame/config-context';
import { LegalPage } from './LegalPage';

/** The privacy notice: what is kept, for how long, who processes it, and the rights to export and delete. */
export function PrivacyPage() {
  const { supportEmail } = useWebConfig();
  return (
    <LegalPage title="Privacy notice" updated="23 November 2026">
      <p>
        Wingmate keeps what it needs to coach you and to bill you, and nothing more. This notice lists what we
        keep, why, for how long, and who processes it for us. You can download all of it, or delete it, at any
        time.
      </p>

      <h2>What we keep and for how long</h2>

      <h3>Your account</h3>
      <p>
        Your phone number and e-mail address, your first and last name, a password hash if you set a password
        (never the password itself), the time you confirmed you are 18 or older and accepted the terms, and
        whether you signed in with Google or Apple. We keep these until you delete your account. Sign-in
        sessions last 30 days and are replaced each time they are used.
      </p>

      <h3>Your chats and coaching</h3>
      <p>
        Your messages to Wingmate and its replies, your dating bio and its versions, your answers to profile
        questions, and the roasts you write or ask Wingmate for. Before you sign up these are tied to a random
        identifier on your device. We keep them until you delete them (you can clear your whole chat history)
        or your account.
      </p>

      <h3>People you tell us about (matches)</h3>
      <p>
        When you add a match, we keep what you give us about that person: the name you use for them, where you
        met, your notes, the profile text and photos you add, the conversation you type in or import from
        screenshots, your coaching chat about them, and what Wingmate remembers about them. They are not our
        users and we never contact them; we use this only to help you with that conversation, and never mix
        one match&apos;s details into another&apos;s or anyone else&apos;s. Screenshots are read and then
        discarded: only the text read from them is kept. You can edit or delete any of it at any time, and
        deleting a match deletes everything about that person, photos included. Without an account, your
        matches are deleted 30 days after you last used them; with an account, they are kept until you delete
        them or your account.
      </p>

      <h3>How you text, and which suggestions worked</h3>
      <p>
        When you teach Wingmate how you text, we keep the messages you give it (the newest 500) and the style
        it learns from them, to write suggestions that sound like you; with a configured AI provider, your
        style and a few of those messages go with the request. We keep each suggestion we offer you and what
        you mark it with (sent, replied, no reply, date planned), to learn which tones work for you; outcomes
        are also counted across everyone, without names or texts, as the starting point for new people. Forget
        your style at any time on the Sounds like me page; your suggestions go with your account.
      </p>

      <h3>Your photos</h3>
      <p>
        Photos you upload for a review (up to 9), and the scores and reasons the review produced. We keep them
        until you delete a photo, or your account; deleting your chat history deletes the photos sent in the
        chat.
      </p>

      <h3>Payments</h3>
      <p>
        Your plans, what you paid and when, your remaining messages, and the card&apos;s brand, last four
        digits and expiry. Your full card number is never stored by us: it goes straight to our payment
        provider. When you delete your account, we keep only what tax and payment law requires (amounts, dates
        and the payment provider&apos;s references), no longer linked to you, for as long as that law
        requires.
      </p>

      <h3>How you found us (attribution)</h3>
      <p>
        The campaign parameters in the link you arrived by (such as <code>utm_source</code>) and the click id
        an ad platform added, kept in your browser and with your account, so we know which campaigns work.
        When you sign up or buy after clicking an ad, we tell that ad platform about it, with its click id, so
        it can measure the ad. Our analytics uses a one-way hash of your device&apos;s identifier, never the
        identifier itself.
      </p>

      <h3>Cookies and your device</h3>
      <p>
        Necessary cookies and browser storage keep you signed in (for as long as your session, up to 30 days)
        and remember your cookie choice. Marketing cookies, set by the tags Google Tag Manager loads, are used
        only if you choose &ldquo;Accept all&rdquo;; you can change your mind at any time under &ldquo;Cookie
        settings&rdquo; at the bottom of every page.
      </p>

      <h2>Who processes your data for us</h2>
      <ul>
        <li>
          <strong>Payment provider</strong> (Stripe): takes card payments and keeps your card details.
        </li>
        <li>
          <strong>SMS provider</strong> (Twilio): sends your sign-in and verification codes to your phone.
        </li>
        <li>
          <strong>E-mail provider</strong>: sends codes, receipts, trial reminders and account notices.
        </li>
        <li>
          <strong>AI provider</strong>: receives your messages, bio and photos, and what you tell us about a
          match, to write Wingmate&apos;s answers, reviews, roasts and what it remembers about a match. It
          processes them on our behalf, only to answer you.
        </li>
        <li>
          <strong>Analytics</strong> (Amplitude): records how the product is used (pages and actions) under a
          hashed identifier, so we can improve it.
        </li>
        <li>
          <strong>Ad platforms</strong> (Meta, TikTok, Snapchat, Pinterest, Google Ads): are told of sign-ups
          and purchases that came from their ads, and, with your consent, load their tags in your browser.
        </li>
        <li>
          <strong>Hosting and storage</strong>: our servers, database and file storage, where all of the above
          is kept.
        </li>
      </ul>
      <p>We do not sell your data, and we do not share your chats or photos with anyone else.</p>

      <h2>Your rights: export and delete</h2>
      <ul>
        <li>
          <strong>Export</strong>: from your account page, download one file with everything we keep about
          you.
        </li>
        <li>
          <strong>Delete</strong>: from your account page, delete your account. Renewals are cancelled, your
          personal data, chats and photos are deleted, and every session is signed out at once. Only the
          payment records the law requires remain, no longer linked to you.
        </li>
        <li>
          You can also ask us to correct your data, or object to how we use it, by writing to{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>, and complain to your data protection
          authority.
        </li>
      </ul>
    </LegalPage>
  );
}
