import { uniqueEmail, uniquePhoneNumber } from '@wingmate/api/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { chromiumAvailable } from './support/browser';
import { enterCard, VISA } from './support/card';
import { seededBannerId } from './support/frame-setup';
import { sessionAuthorization } from './support/members';
import { waitForCode } from './support/outbox';
import { chooseNecessaryCookies, dismissBanner, openPage } from './support/pages';
import { startProductWithFreeMessages } from './support/product';
import { readReply, sendAndReadReply } from './support/replies';
import { saveScreenshot } from './support/screenshots';
import { setUpBrowserSuite } from './support/suite';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

/** Two free messages, so a walk reaches the end of them in a few sends. */
const FREE_MESSAGES = 2;
const TERMS = 'I am 18 or older and accept the terms';
const PASSWORD = 'violet harbour lantern 42';
/** A code reaches the outbox within milliseconds; the margin is for a machine busy with other test files. */
const CODE_WAIT_MS = 30_000;

/** One returning visitor's stored A/B values: both visitor tests, and the member tests they meet after sign-up. */
interface Variants {
  abtest_homepage: 'control' | 'chat_first';
  abtest_verification: 'control' | 'after_free';
  abtest_redirect: 'pricing' | 'chat';
  abtest_offer: 'control' | 'trial';
}

/** The count the page shows (`data-testid="remaining-messages"`) once it reads `expected`. */
async function expectRemainingShown(page: Page, expected: string): Promise<void> {
  await page.waitForFunction(
    (count) => document.querySelector('[data-testid="remaining-messages"]')?.textContent === count,
    expected,
  );
}

describeInBrowser('every path a new visitor can take ends in a conversation (the four A/B walks)', () => {
  const suite = setUpBrowserSuite(() => startProductWithFreeMessages(FREE_MESSAGES));
  let bannerId: number;

  beforeAll(async () => {
    bannerId = await seededBannerId(suite.product);
  });

  /** A device that has been here before: its A/B values stored as the engine keeps them, banner and cookies settled. */
  async function returningDevice(variants: Variants): Promise<BrowserContext> {
    const context = await suite.newContext();
    await context.addCookies([
      { name: 'abtests', value: encodeURIComponent(JSON.stringify(variants)), url: suite.product.webUrl },
    ]);
    await dismissBanner(context, bannerId);
    await chooseNecessaryCookies(context);
    return context;
  }

  /** The landing of `variant`, and from it the chat: "Try it free" (control) or the landing's own box (chat_first). */
  async function fromLandingToChat(
    context: BrowserContext,
    variant: Variants['abtest_homepage'],
    text: string,
  ) {
    // Page errors are collected; the console's network lines are not (a 402 at the paywall is the rule).
    const opened = await openPage(context, `${suite.product.webUrl}/`);
    const { page } = opened;
    if (variant === 'control') {
      await page.getByRole('heading', { level: 1, name: 'Better dates start with better words' }).waitFor();
      await page.getByRole('link', { name: 'Try it free' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();
      await page.getByRole('textbox', { name: 'Message' }).fill(text);
      await page.getByRole('button', { name: 'Send' }).click();
    } else {
      await page.getByRole('heading', { level: 1, name: 'What should we work on tonight?' }).waitFor();
      await page.getByRole('textbox', { name: 'Message' }).fill(text);
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();
    }
    return opened;
  }

  /** On the sign-up screen: a phone number and its PIN; answers once the person has left the code screen. */
  async function signUpByPhone(page: Page): Promise<void> {
    const phoneNumber = uniquePhoneNumber();
    await page.getByRole('textbox', { name: 'Phone number' }).fill(phoneNumber.slice(2));
    await page.getByRole('checkbox', { name: TERMS }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Enter your code' }).waitFor();
    const pin = await waitForCode(suite.product.api.app, phoneNumber, { timeoutMs: CODE_WAIT_MS });
    await page.getByRole('textbox', { name: 'Verification code' }).fill(pin);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => !['/signup', '/verify'].includes(url.pathname));
  }

  /** On the sign-up screen: e-mail and password, then the e-mailed code; answers once the person has left it. */
  async function signUpByEmail(page: Page): Promise<void> {
    const email = uniqueEmail('e2e-walk');
    await page.getByRole('button', { name: 'Email' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: TERMS }).click();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
    const code = await waitForCode(suite.product.api.app, email, { timeoutMs: CODE_WAIT_MS });
    await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => !['/signup', '/verify'].includes(url.pathname));
  }

  /** The gate's dialog (`title`), then its "Sign up" link to the sign-up screen that comes back to the chat. */
  async function followSignUpGate(page: Page, title: string): Promise<void> {
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    await expectNoAxeViolations(page, `the chat's dialog "${title}"`);
    await dialog.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL((url) => url.pathname === '/signup' && url.searchParams.get('next') === '/chat');
  }

  /**
   * The `control` gate before the first message: sign up by e-mail from its dialog, back on the chat with the
   * message still in the box, then send it and read the reply, paid by the free messages that came along.
   */
  async function signUpFirstThenSend(page: Page, waiting: string): Promise<void> {
    await followSignUpGate(page, 'Sign up to start chatting');
    await signUpByEmail(page);
    expect(new URL(page.url()).pathname).toBe('/chat');
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe(waiting);
    await page.getByRole('button', { name: 'Send' }).click();
    await readReply(page, 0);
    await expectRemainingShown(page, String(FREE_MESSAGES - 1));
  }

  /** The member tests' values on the server: the device's stored ones became the account's. */
  async function expectMemberVariantsKept(context: BrowserContext, variants: Variants): Promise<void> {
    const response = await suite.product.api.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/abtest/?group=member',
      headers: { authorization: await sessionAuthorization(context) },
    });
    expect(response.statusCode).toBe(200);
    const tests = response.json<Array<{ name: string; value: string }>>();
    expect(Object.fromEntries(tests.map((test) => [test.name, test.value]))).toEqual({
      abtest_homepage: variants.abtest_homepage,
      abtest_redirect: variants.abtest_redirect,
      abtest_offer: variants.abtest_offer,
    });
  }

  /** The section headings of /pricing in their order on the page (the offers banner aside). */
  const planListOrder = async (page: Page) =>
    (await page.locator('main h2').allTextContents()).filter((title) => title !== 'Current offers');

  /** Pays at the checkout open in `page` with the test Visa card; `button` is "Pay" or "Start free trial". */
  async function payWithVisa(page: Page, button: 'Pay' | 'Start free trial'): Promise<void> {
    await enterCard(page, VISA);
    await page.getByRole('button', { name: button }).click();
  }

  /** The last screen of a walk: looked at (a screenshot with E2E_SCREENSHOTS=1) and checked by axe. */
  async function lastScreen(page: Page, name: string): Promise<void> {
    await saveScreenshot(page, name);
    await expectNoAxeViolations(page, name);
  }

  it('homepage control × verification control: signs up by e-mail before the first message, buys a pack when out (offer control, receipt back to pricing), and reads a reply', async () => {
    const variants: Variants = {
      abtest_homepage: 'control',
      abtest_verification: 'control',
      abtest_redirect: 'pricing',
      abtest_offer: 'control',
    };
    const context = await returningDevice(variants);
    const first = 'Help me write an opener, she loves climbing';
    const { page, errors } = await fromLandingToChat(context, 'control', first);

    await signUpFirstThenSend(page, first);
    await sendAndReadReply(page, 'And a follow-up if she answers with a question?');

    await page.getByRole('textbox', { name: 'Message' }).fill('One more idea, please');
    await page.getByRole('button', { name: 'Send' }).click();
    const paywall = page.getByRole('dialog', { name: "You're out of messages" });
    await paywall.getByRole('link', { name: 'See plans' }).click();
    await page.getByRole('heading', { level: 2, name: 'Plans' }).waitFor();
    expect(await planListOrder(page)).toEqual(['Plans', 'Free trials']);
    const pack = page.getByRole('region', { name: 'Plans' }).getByRole('button', { name: 'Buy' }).first();
    await pack.click();
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await payWithVisa(page, 'Pay');
    await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();
    await page.getByRole('link', { name: 'Back to pricing' }).waitFor();
    expect(await page.getByRole('link', { name: 'Start chatting' }).count()).toBe(0);

    await page.getByRole('banner').getByRole('link', { name: 'Chat' }).click();
    await page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();
    await sendAndReadReply(page, 'One more idea, please');
    await expectMemberVariantsKept(context, variants);
    await lastScreen(page, 'walk-control-control-reply');
    expect(errors).toEqual([]);
  });

  it('homepage chat_first × verification after_free: chats free from the landing, signs up by phone when out, starts a trial (offer trial, receipt to the chat), and reads a reply', async () => {
    const variants: Variants = {
      abtest_homepage: 'chat_first',
      abtest_verification: 'after_free',
      abtest_redirect: 'chat',
      abtest_offer: 'trial',
    };
    const context = await returningDevice(variants);
    const { page, errors } = await fromLandingToChat(
      context,
      'chat_first',
      'What do I say to break the ice?',
    );
    await readReply(page, 0);
    await sendAndReadReply(page, 'Make it a little funnier');
    await expectRemainingShown(page, '0');

    await page.getByRole('textbox', { name: 'Message' }).fill('Now one for a match who likes dogs');
    await page.getByRole('button', { name: 'Send' }).click();
    await followSignUpGate(page, "You've used your free messages");
    await signUpByPhone(page);
    expect(new URL(page.url()).pathname).toBe('/chat');
    // The visitor's two free messages were the person's: the account has none left, so plans pay.
    await page.getByRole('button', { name: 'Send' }).click();
    const paywall = page.getByRole('dialog', { name: "You're out of messages" });
    await paywall.getByRole('link', { name: 'See plans' }).click();
    await page.getByRole('heading', { level: 2, name: 'Free trials' }).waitFor();
    expect(await planListOrder(page)).toEqual(['Free trials', 'Plans']);
    await page
      .getByRole('region', { name: 'Free trials' })
      .getByRole('button', { name: 'Start free trial', disabled: false })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Start your free trial' }).waitFor();
    await payWithVisa(page, 'Start free trial');
    await page.getByRole('heading', { level: 1, name: 'Your free trial has started' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to pricing' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Start chatting' }).click();
    await page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();
    await sendAndReadReply(page, 'Now one for a match who likes dogs');
    // A trial is a subscription: its replies never spend a count.
    await expectRemainingShown(page, 'Unlimited');
    await expectMemberVariantsKept(context, variants);
    await lastScreen(page, 'walk-chat-first-after-free-reply');
    expect(errors).toEqual([]);
  });

  it('homepage control × verification after_free: chats free from "Try it free", signs up by phone, and goes on with the free message left', async () => {
    const variants: Variants = {
      abtest_homepage: 'control',
      abtest_verification: 'after_free',
      abtest_redirect: 'chat',
      abtest_offer: 'control',
    };
    const context = await returningDevice(variants);
    const { page, errors } = await fromLandingToChat(context, 'control', 'Is "hey" a good opener?');
    await readReply(page, 0);
    await expectRemainingShown(page, String(FREE_MESSAGES - 1));

    await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).click();
    await signUpByPhone(page);
    await page.getByRole('banner').getByRole('link', { name: 'Chat' }).click();
    await page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();
    await expectRemainingShown(page, String(FREE_MESSAGES - 1));
    await sendAndReadReply(page, 'Give me a better one');
    await expectRemainingShown(page, '0');
    await expectMemberVariantsKept(context, variants);
    await lastScreen(page, 'walk-control-after-free-reply');
    expect(errors).toEqual([]);
  });

  it("homepage chat_first × verification control: the landing's message waits through an e-mail sign-up, then is answered", async () => {
    const variants: Variants = {
      abtest_homepage: 'chat_first',
      abtest_verification: 'control',
      abtest_redirect: 'pricing',
      abtest_offer: 'trial',
    };
    const context = await returningDevice(variants);
    const first = 'Rate my opener: "Two truths and a lie, go"';
    const { page, errors } = await fromLandingToChat(context, 'chat_first', first);

    await signUpFirstThenSend(page, first);
    await expectMemberVariantsKept(context, variants);
    await lastScreen(page, 'walk-chat-first-control-reply');
    expect(errors).toEqual([]);
  });
});
