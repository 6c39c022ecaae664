import { uniquePhoneNumber } from '@wingmate/api/testing';
import { FUNNEL_EVENT_NAMES } from '@wingmate/tracking';
import type { BrowserContext, Page } from 'playwright-core';
import { chromiumAvailable } from './support/browser';
import { enterCard, VISA } from './support/card';
import { fakeAnalytics, type AnalyticsEvent, type FakeAnalytics } from './support/fake-analytics';
import { seededBannerId } from './support/frame-setup';
import { waitForCode } from './support/outbox';
import { chooseNecessaryCookies, dismissBanner, openPage, type ContextOptions } from './support/pages';
import { startProduct } from './support/product';
import { sendAndReadReply } from './support/replies';
import { saveScreenshot, VIEWPORTS } from './support/screenshots';
import { setUpBrowserSuite } from './support/suite';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

const ANALYTICS_ID = 'e2e-analytics-key';
const TERMS = 'I am 18 or older and accept the terms';
/** A code reaches the outbox within milliseconds; the margin is for a machine busy with other test files. */
const CODE_WAIT_MS = 30_000;
/** Amplitude uploads its queue about once a second; the margin is for a busy machine. */
const UPLOAD_WAIT_MS = 30_000;

/** The events of the funnel, as the tracking package's catalogue names them. */
const FUNNEL = new Set<string>(FUNNEL_EVENT_NAMES);

const funnelEvents = (events: readonly AnalyticsEvent[]) =>
  events.filter((event) => FUNNEL.has(event.event_type));

/** Each funnel event with our properties (Amplitude adds its own `[Amplitude] Page ...` ones to every event). */
const funnelOf = (events: readonly AnalyticsEvent[]) =>
  funnelEvents(events).map((event) => {
    const ours = Object.entries(event.event_properties ?? {}).filter(
      ([name]) => !name.startsWith('[Amplitude]'),
    );
    return [event.event_type, Object.fromEntries(ours)] as const;
  });

async function waitUntil(condition: () => boolean, timeoutMs = UPLOAD_WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the analytics uploads');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeInBrowser('the product funnel in Chromium: a visitor chats, signs up and buys a pack', () => {
  const suite = setUpBrowserSuite(() =>
    startProduct(
      { VITE_ANALYTICS_ID: ANALYTICS_ID },
      { metering: { freeMessages: 1, freeMessagesPerIp: 500, subscriptionDailyCap: 500 } },
    ),
  );

  /** A visitor's device with the chat-after-free-messages variant, cookies and banner settled, Amplitude faked. */
  async function visitorDevice(
    viewport: ContextOptions['viewport'],
  ): Promise<{ context: BrowserContext; analytics: FakeAnalytics }> {
    const context = await suite.newContext({ viewport });
    const analytics = await fakeAnalytics(context);
    const variants = { abtest_homepage: 'control', abtest_verification: 'after_free' };
    await context.addCookies([
      { name: 'abtests', value: encodeURIComponent(JSON.stringify(variants)), url: suite.product.webUrl },
    ]);
    await dismissBanner(context, await seededBannerId(suite.product));
    await chooseNecessaryCookies(context);
    return { context, analytics };
  }

  async function signUpByPhone(page: Page): Promise<string> {
    const phoneNumber = uniquePhoneNumber();
    await page.getByRole('textbox', { name: 'Phone number' }).fill(phoneNumber.slice(2));
    await page.getByRole('checkbox', { name: TERMS }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Enter your code' }).waitFor();
    const pin = await waitForCode(suite.product.api.app, phoneNumber, { timeoutMs: CODE_WAIT_MS });
    await page.getByRole('textbox', { name: 'Verification code' }).fill(pin);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/chat');
    return phoneNumber;
  }

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`sends each funnel event once, in order, with its properties and the user properties, and nothing personal (${size})`, async () => {
      const { context, analytics } = await visitorDevice(viewport);
      const { page, errors } = await openPage(context, `${suite.product.webUrl}/chat`);
      await page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();
      const firstText = 'Help me write an opener, she loves climbing';
      await sendAndReadReply(page, firstText);

      // The free message is spent: the next send opens the paywall, which leads to the sign-up.
      await page.getByRole('textbox', { name: 'Message' }).fill('And a follow-up?');
      await page.getByRole('button', { name: 'Send' }).click();
      const visitorPaywall = page.getByRole('dialog', { name: "You've used your free messages" });
      await visitorPaywall.waitFor();
      await saveScreenshot(page, `funnel-visitor-paywall-${size}`, { fullPage: false });
      await visitorPaywall.getByRole('link', { name: 'Sign up' }).click();
      await page.waitForURL((url) => url.pathname === '/signup');
      const phoneNumber = await signUpByPhone(page);

      // A member with no messages left: the paywall again, then a pack bought at checkout.
      await page.getByRole('button', { name: 'Send' }).click();
      const memberPaywall = page.getByRole('dialog', { name: "You're out of messages" });
      await memberPaywall.waitFor();
      await saveScreenshot(page, `funnel-member-paywall-${size}`, { fullPage: false });
      await memberPaywall.getByRole('link', { name: 'See plans' }).click();
      await page.getByRole('heading', { level: 2, name: 'Plans' }).waitFor();
      await page.getByRole('region', { name: 'Plans' }).getByRole('button', { name: 'Buy' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
      await enterCard(page, VISA);
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();
      await saveScreenshot(page, `funnel-receipt-${size}`);

      await waitUntil(() => funnelOf(analytics.events).some(([name]) => name === 'purchase_completed'));
      await waitUntil(() => analytics.userProperties()['plan'] === 'metered');
      const funnel = funnelOf(analytics.events);
      expect(funnel.map(([name]) => name)).toEqual([
        'first_message_sent',
        'message_sent',
        'paywall_seen',
        'sign_up_started',
        'signed_up',
        'verified',
        'paywall_seen',
        'checkout_started',
        'purchase_completed',
      ]);
      expect(funnel.map(([, properties]) => properties)).toEqual([
        { signed_in: false },
        { is_first: true, signed_in: false },
        { reason: 'free_messages_used', where: 'chat' },
        { method: 'phone' },
        { method: 'phone' },
        { method: 'phone' },
        { reason: 'out_of_messages', where: 'chat' },
        {
          plan_id: expect.any(Number),
          plan_type: 'metered',
          amount: expect.any(Number),
          currency: expect.any(String),
          trial: false,
        },
        {
          plan_id: expect.any(Number),
          plan_type: 'metered',
          amount: expect.any(Number),
          currency: expect.any(String),
        },
      ]);
      const [, checkout] = funnel[7]!;
      const [, purchase] = funnel[8]!;
      expect(purchase).toMatchObject({ plan_id: checkout['plan_id'], amount: checkout['amount'] });
      // The sign-up and the purchase are the account's: Amplitude knows the member by their account id from the
      // sign-up on, and the visitor's events before it by the same device.
      const userIdOf = (type: string) => analytics.events.find((event) => event.event_type === type)?.user_id;
      expect(userIdOf('signed_up')).toMatch(/^\d+$/);
      expect(userIdOf('purchase_completed')).toBe(userIdOf('signed_up'));
      expect(userIdOf('first_message_sent')).toBeUndefined();
      const deviceIds = new Set(funnelEvents(analytics.events).map((event) => event.device_id));
      expect(deviceIds.size).toBe(1);

      expect(analytics.userProperties()).toEqual({
        member_status: 'member',
        plan: 'metered',
        sign_up_method: 'phone',
        abtest_homepage: 'control',
        abtest_verification: 'after_free',
        abtest_redirect: expect.stringMatching(/^(pricing|chat)$/),
        abtest_offer: expect.stringMatching(/^(control|trial)$/),
      });
      const sent = JSON.stringify(analytics.events);
      for (const personal of [firstText, phoneNumber, phoneNumber.slice(2)])
        expect(sent).not.toContain(personal);
      expect(errors).toEqual([]);
    });
  }
});
