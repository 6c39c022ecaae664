import { addOffer, bearer } from '@wingmate/api/testing';
import type { Locator, Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { chromiumAvailable } from './support/browser';
import { DECLINED, DECLINED_WHEN_CHARGED, enterCard, VISA } from './support/card';
import { emailMember, phoneMember, signInBrowser, type MemberTokens } from './support/members';
import { saveScreensAtBothWidths } from './support/looks';
import { waitForCode } from './support/outbox';
import { chooseNecessaryCookies, openPage, type ContextOptions } from './support/pages';
import type { RunningProduct } from './support/product';
import {
  saveScreenshot,
  saveScreenshotWithoutOverflow,
  SCREENSHOT_SCHEMES,
  VIEWPORTS,
} from './support/screenshots';
import { setUpBrowserSuite } from './support/suite';

/** Calls the API as the member (`app.inject`), failing the test on an unexpected status. */
async function asMember<T>(
  product: RunningProduct,
  member: MemberTokens,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  expected = [200, 201],
): Promise<T> {
  const response = await product.api.app.inject({ method, url, payload, headers: bearer(member) });
  if (!expected.includes(response.statusCode))
    throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json<T>();
}

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

interface Plan {
  id: number;
  name: string;
  plan_type: string;
  billing_period: string | null;
  recurring: number;
  price: number;
  messages: number | null;
  trial_period_days: number;
}
interface Page_<T> {
  results: T[];
}
interface UserPlan {
  id: number;
  is_active: boolean;
  status: string;
  plan: Plan;
}

describeInBrowser('checkout in Chromium (real API on PGlite, built web app, local payment provider)', () => {
  const suite = setUpBrowserSuite();
  let plans: Plan[];

  beforeAll(async () => {
    const response = await suite.product.api.app.inject({
      method: 'GET',
      url: '/api/v1/memberships/plans/?page=1',
    });
    plans = response.json<Page_<Plan>>().results;
  });

  /** A new member signed up through the API (e-mail and password). */
  const newMember = (emailPrefix: string) => emailMember(suite.product, { emailPrefix });

  /** A browser signed in as the member (or a visitor), the cookie choice made, at `path` with its h1 shown. */
  async function open(member: MemberTokens | null, path: string, options: ContextOptions = {}) {
    const context = await suite.newContext(options);
    if (member) await signInBrowser(context, suite.product.webUrl, member);
    await chooseNecessaryCookies(context);
    return { context, ...(await openPage(context, `${suite.product.webUrl}${path}`)) };
  }

  const cheapestPack = () =>
    plans.filter((plan) => plan.plan_type === 'metered').sort((a, b) => a.price - b.price)[0]!;
  /** The standard plan paid every month, without a trial. */
  const standardMonthly = () =>
    plans.find(
      (plan) =>
        plan.plan_type === 'standard' &&
        plan.billing_period === 'MONTH' &&
        plan.recurring === 1 &&
        !plan.trial_period_days,
    )!;
  /** A trial plan the rules allow (not standard WEEK x1). */
  const trialPlan = () =>
    plans.find(
      (plan) =>
        plan.trial_period_days > 0 && !(plan.plan_type === 'standard' && plan.billing_period === 'WEEK'),
    )!;

  const userPlans = (member: MemberTokens) =>
    asMember<Page_<UserPlan>>(suite.product, member, 'GET', '/api/v1/memberships/user_plans/');
  const remaining = async (member: MemberTokens) =>
    (await asMember<{ remaining_messages: number }>(suite.product, member, 'GET', '/api/v1/user/info/'))
      .remaining_messages;

  async function alertText(page: Page): Promise<string> {
    const alert = page.getByRole('alert').filter({ hasNotText: /^$/ }).first();
    await alert.waitFor();
    return (await alert.textContent()) ?? '';
  }

  it('shows a declined card in plain words, keeps the form, and leaves no active plan', async () => {
    const member = await newMember('e2e-decline');
    const pack = cheapestPack();
    const { page, errors } = await open(member, `/checkout/${pack.id}`);
    await enterCard(page, DECLINED);
    await page.getByRole('button', { name: 'Pay' }).click();
    expect(await alertText(page)).toBe('Your card was declined. Try another card, or ask your bank why.');
    expect(await page.getByRole('textbox', { name: 'Card number' }).inputValue()).toBe(DECLINED);
    expect((await userPlans(member)).results.filter((plan) => plan.is_active)).toEqual([]);
    expect(errors).toEqual([]);
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`keeps the card on file when a new card is declined: the next payment with the saved card goes through (${size})`, async () => {
      const member = await newMember('e2e-decline-saved');
      await asMember(suite.product, member, 'POST', '/api/v1/memberships/user_plans/payment-method/update/', {
        payment_method_id: 'pm_card_visa',
      });
      const pack = cheapestPack();
      const { page, errors } = await open(member, `/checkout/${pack.id}`, { viewport });
      await page.getByRole('radio', { name: 'A new card' }).check();
      await enterCard(page, DECLINED);
      await page.getByRole('button', { name: 'Pay' }).click();
      expect(await alertText(page)).toBe('Your card was declined. Try another card, or ask your bank why.');
      await page.reload();
      const saved = page.getByRole('radio', { name: 'Visa ending in 4242' });
      await saved.check();
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();
      expect((await userPlans(member)).results.filter((plan) => plan.is_active)).toHaveLength(1);
      expect(errors).toEqual([]);
    });
  }

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`never shows a declined subscription as a plan: /account lists none right after the decline (${size})`, async () => {
      const member = await newMember('e2e-decline-plan');
      const monthly = standardMonthly();
      const { context, page } = await open(member, `/checkout/${monthly.id}`, { viewport });
      await enterCard(page, DECLINED_WHEN_CHARGED);
      await page.getByRole('button', { name: 'Pay' }).click();
      expect(await alertText(page)).toBe('Your card was declined. Try another card, or ask your bank why.');
      const account = await openPage(context, `${suite.product.webUrl}/account`, { heading: 'Account' });
      const plansRegion = account.page.getByRole('region', { name: 'Plans' });
      await plansRegion.getByText(/You have no subscription/).waitFor();
      expect(await plansRegion.textContent()).not.toMatch(/Payment pending|Current plan/);
    });
  }

  it('starts a trial after the terms and the card check, and refuses a second trial on the same card', async () => {
    const trial = trialPlan();
    const first = await newMember('e2e-trial-1');
    const { page } = await open(first, `/checkout/${trial.id}`);
    await page.getByRole('heading', { level: 1, name: 'Start your free trial' }).waitFor();
    expect(await page.getByTestId('trial-terms').textContent()).toMatch(
      new RegExp(`^Free for ${trial.trial_period_days} days, then \\$${trial.price} on .+ unless you cancel`),
    );
    await enterCard(page, VISA);
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your free trial has started' }).waitFor();
    expect((await userPlans(first)).results.map((plan) => plan.status)).toEqual(['trialing']);

    const second = await newMember('e2e-trial-2');
    const again = await open(second, `/checkout/${trial.id}`);
    await enterCard(again.page, VISA);
    await again.page.getByRole('button', { name: 'Start free trial' }).click();
    expect(await alertText(again.page)).toBe(
      'You have already used a free trial, on this account or with this card. You can still buy the plan without a trial.',
    );
    expect((await userPlans(second)).results.filter((plan) => plan.is_active)).toEqual([]);
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows a subscriber "Unlimited" messages on the receipt, in the chat, the account menu and the account (${size})`, async () => {
      const member = await newMember('e2e-unlimited');
      const { context, page, errors } = await open(member, `/checkout/${standardMonthly().id}`, { viewport });
      await enterCard(page, VISA);
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();
      /**
       * The count as the element every screen draws it in shows it, once the user info after the payment has come
       * (a screen may draw the count it held before for a moment): waits for "Unlimited", then reads it.
       */
      const countIn = async (scope: Locator) => {
        const count = scope.getByTestId('remaining-messages');
        await count.waitFor();
        await count
          .filter({ hasText: /^Unlimited$/ })
          .waitFor({ timeout: 30_000 })
          .catch(() => undefined);
        return count.textContent();
      };
      expect(await countIn(page.getByRole('main'))).toBe('Unlimited');
      await saveScreenshotWithoutOverflow(
        page,
        `receipt-subscriber-${size}`,
        'the receipt of a subscription',
      );

      const chat = await openPage(context, `${suite.product.webUrl}/chat`, { heading: 'Chat' });
      expect(await countIn(chat.page.getByRole('main'))).toBe('Unlimited');
      expect(await chat.page.getByRole('main').textContent()).not.toMatch(/\b0 messages left/);
      await chat.page.getByRole('button', { name: 'Account menu' }).click();
      expect(await countIn(chat.page.getByRole('menu'))).toBe('Unlimited');
      await saveScreenshot(chat.page, `chat-subscriber-menu-${size}`, { fullPage: false });

      const account = await openPage(context, `${suite.product.webUrl}/account`, { heading: 'Account' });
      expect(await countIn(account.page.getByRole('region', { name: 'Message usage' }))).toBe('Unlimited');
      expect(errors).toEqual([]);
    });
  }

  /** The trial terms as the checkout shows them, once the offers have loaded and the plan's offer is named. */
  async function trialTermsWithOffer(
    member: MemberTokens,
    planId: number,
    offerTitle: string,
    viewport: ContextOptions['viewport'],
  ) {
    const { page } = await open(member, `/checkout/${planId}`, { viewport });
    await page.getByRole('heading', { level: 1, name: 'Start your free trial' }).waitFor();
    await page.getByText(offerTitle, { exact: true }).waitFor();
    await expectNoAxeViolations(page, `the trial checkout with the offer "${offerTitle}"`);
    return (await page.getByTestId('trial-terms').textContent()) ?? '';
  }

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`words a trial with an offer of 100 % off as a free first period, never "$0.00 on" a day, the reminder only to an address (${size})`, async () => {
      const offers = await asMember<Page_<{ title: string; plan_id: number | null; discount: number }>>(
        suite.product,
        await newMember('e2e-offer-list'),
        'GET',
        '/api/v1/offers/',
      );
      const free = offers.results.find(
        (offer) =>
          offer.discount === 100 &&
          plans.some((plan) => plan.id === offer.plan_id && plan.trial_period_days > 0),
      );
      if (!free) throw new Error('the seeded catalogue has no 100 % offer on a trial plan');
      const plan = plans.find((candidate) => candidate.id === free.plan_id)!;
      const period = plan.recurring === 1 ? plan.billing_period!.toLowerCase() : `${plan.recurring} months`;
      const freePeriod = `Free for ${plan.trial_period_days} days, and the first ${period} after that is free with your offer; then $${plan.price} every ${period} unless you cancel.`;

      expect(
        await trialTermsWithOffer(await newMember('e2e-offer-email'), plan.id, free.title, viewport),
      ).toBe(`${freePeriod} We remind you by e-mail 3 days before.`);
      expect(await trialTermsWithOffer(await phoneMember(suite.product), plan.id, free.title, viewport)).toBe(
        `${freePeriod} You can cancel on your account page any time before then.`,
      );
    });

    it(`words a trial with a part-price offer: the offer's price on the first payment's day, then the plan's price (${size})`, async () => {
      const offer = await addOffer(
        suite.product.api.app,
        'premium-month-12-trial',
        25,
        'A quarter off the first year',
      );
      try {
        const plan = plans.find((candidate) => candidate.id === offer.planId)!;
        const offerPrice = (Math.round(plan.price * 75) / 100).toFixed(2);
        const terms = await trialTermsWithOffer(
          await newMember('e2e-offer-part'),
          plan.id,
          'A quarter off the first year',
          viewport,
        );
        expect(terms).toMatch(
          new RegExp(
            `^Free for ${plan.trial_period_days} days, then \\$${offerPrice} on [A-Z][a-z]{2} \\d{1,2}, \\d{4} unless you cancel ` +
              `\\(your offer's price for the first ${plan.recurring} months\\), then \\$${plan.price} every ${plan.recurring} months\\. ` +
              'We remind you by e-mail 3 days before\\.$',
          ),
        );
      } finally {
        await offer.remove();
      }
    });
  }

  it('tops up: the messages shown before paying are the ones bought', async () => {
    const member = await newMember('e2e-top-up');
    const before = await remaining(member);
    const { page } = await open(member, '/checkout/top-up');
    const amount = page.getByRole('textbox', { name: 'Amount' });
    await amount.fill('25');
    const shown = Number(await page.getByTestId('top-up-messages').textContent());
    expect(shown).toBeGreaterThan(0);
    await enterCard(page, VISA);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();
    expect(
      await page.getByText('Messages bought').locator('xpath=following-sibling::dd[1]').textContent(),
    ).toBe(String(shown));
    expect(await remaining(member)).toBe(before + shown);
    await page.waitForFunction(
      (count) => document.querySelector('[data-testid="remaining-messages"]')?.textContent === count,
      String(before + shown),
    );
  });

  it('asks an account whose e-mail is not verified to verify it, then brings it back to pay', async () => {
    const account = await emailMember(suite.product, { emailPrefix: 'e2e-unverified', verified: false });
    const before = await remaining(account); // its free messages
    const { page, errors } = await open(account, '/checkout/top-up');
    await page.getByRole('textbox', { name: 'Amount' }).fill('10');
    await enterCard(page, VISA);
    await page.getByRole('button', { name: 'Pay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify your e-mail to pay' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'top-up, asked to verify');
    await saveScreensAtBothWidths(page, 'checkout-verify-to-pay');
    expect(await remaining(account)).toBe(before);

    await dialog.getByRole('link', { name: 'Verify' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
    await expectNoAxeViolations(page, 'the e-mail code, from a checkout');
    await saveScreensAtBothWidths(page, 'verify-email-from-checkout');
    await page
      .getByRole('textbox', { name: 'Verification code' })
      .fill(await waitForCode(suite.product.api.app, account.email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { level: 1, name: 'Buy messages' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/checkout/top-up');

    await page.getByRole('textbox', { name: 'Amount' }).fill('10');
    await enterCard(page, VISA);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();
    const bought = Number(
      await page.getByText('Messages bought').locator('xpath=following-sibling::dd[1]').textContent(),
    );
    expect(bought).toBeGreaterThan(0);
    expect(await remaining(account)).toBe(before + bought);
    expect(errors).toEqual([]);
  });

  it('refuses a payment that would pass the monthly spending cap, and says so', async () => {
    const member = await newMember('e2e-cap');
    await asMember(suite.product, member, 'PUT', '/api/v1/memberships/spending-cap/', { monthly_cap: '5' });
    const pack = cheapestPack();
    const { page } = await open(member, `/checkout/${pack.id}`);
    await enterCard(page, VISA);
    await page.getByRole('button', { name: 'Pay' }).click();
    expect(await alertText(page)).toMatch(/^This payment would pass your monthly spending cap\./);
    expect((await userPlans(member)).results.filter((plan) => plan.is_active)).toEqual([]);
  });

  it('cancels a subscription on /account: the plan shows canceled until its end date, and can be resumed', async () => {
    const member = await newMember('e2e-cancel');
    const monthly = standardMonthly();
    await asMember(suite.product, member, 'POST', '/api/v1/memberships/user_plans/payment-method/update/', {
      payment_method_id: 'pm_card_visa',
    });
    const intent = await asMember<{ payment_intent_id: string }>(
      suite.product,
      member,
      'POST',
      '/api/v1/memberships/user_plans/payment_intent/create/',
      { plan_id: monthly.id },
    );
    const confirmed = await asMember<{ user_plan: { current_period_end: string } }>(
      suite.product,
      member,
      'POST',
      '/api/v1/memberships/user_plans/payment_intent/confirm/',
      { payment_intent_id: intent.payment_intent_id },
    );
    const endDate = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric' }).format(
      new Date(confirmed.user_plan.current_period_end),
    );

    const { page, errors } = await open(member, '/account');
    const plansRegion = page.getByRole('region', { name: 'Plans' });
    await plansRegion.getByText(`Renews on ${endDate}.`).waitFor();
    await plansRegion.getByRole('button', { name: 'Cancel plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your plan?' });
    await dialog.getByText(`until ${endDate}`, { exact: false }).waitFor();
    await expectNoAxeViolations(page, '/account');
    await dialog.getByRole('button', { name: 'Cancel plan' }).click();
    await plansRegion.getByText('Canceled', { exact: true }).waitFor();
    await plansRegion.getByText(`Active until ${endDate}, then it ends.`).waitFor();
    const [record] = (await userPlans(member)).results;
    expect(record).toMatchObject({ status: 'canceled', is_active: true });

    await plansRegion.getByRole('button', { name: 'Resume plan' }).click();
    await plansRegion.getByText(`Renews on ${endDate}.`).waitFor();
    expect((await userPlans(member)).results[0]).toMatchObject({ status: 'active', is_active: true });
    expect(errors).toEqual([]);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no axe violations on the checkouts in ${colorScheme} mode (pack, trial, top-up, a decline, a receipt)`, async () => {
      for (const path of [
        `/checkout/${cheapestPack().id}`,
        `/checkout/${trialPlan().id}`,
        '/checkout/top-up',
      ]) {
        const { page } = await open(await newMember('e2e-axe'), path, { colorScheme });
        await page.getByRole('textbox', { name: 'Card number' }).waitFor();
        await expectNoAxeViolations(page, path);
        if (path === '/checkout/top-up') continue;
        await enterCard(page, path.endsWith(String(cheapestPack().id)) ? DECLINED : '4242 4242 4242 4241');
        await page.getByRole('button', { name: /^(Pay|Start free trial)$/ }).click();
        // The decline (after the payment ran) or the card number's error, with the form usable again: the fields
        // too, since axe measures a field's text with the dimming of a disabled one (a run under load once caught
        // the card fields still dimmed after the button was back).
        await page.getByText(/^(Your card was declined\.|This card number is not valid\.)/).waitFor();
        await page.getByRole('button', { name: /^(Pay|Start free trial)$/, disabled: false }).waitFor();
        await page.getByRole('textbox', { name: 'Card number', disabled: false }).waitFor();
        // axe measures the computed colours, and a run caught the fields still drawn at the disabled opacity after
        // the DOM said they were enabled: wait until the style has caught up too.
        await page.waitForFunction(() =>
          ['card-number', 'card-expiry', 'card-cvc'].every((id) => {
            const field = document.getElementById(id);
            return field !== null && getComputedStyle(field).opacity === '1';
          }),
        );
        await expectNoAxeViolations(page, `${path} with an error`);
      }
      const { page } = await open(await newMember('e2e-axe'), `/checkout/${cheapestPack().id}`, {
        colorScheme,
      });
      await enterCard(page, VISA);
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();
      await expectNoAxeViolations(page, 'receipt');
    });
  }

  it('saves screenshots of the checkouts at 390x844 and 1280x800, light and dark, nothing wider than the page', async () => {
    const shots = [
      { name: 'checkout-pack', path: `/checkout/${cheapestPack().id}` },
      { name: 'checkout-trial', path: `/checkout/${trialPlan().id}` },
      { name: 'checkout-top-up', path: '/checkout/top-up' },
    ];
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const colorScheme of SCREENSHOT_SCHEMES) {
        for (const shot of shots) {
          // A member per browser: a session's refresh token rotates, so two browsers never share one.
          const { page } = await open(await newMember('e2e-shots'), shot.path, {
            viewport,
            colorScheme,
          });
          await page.getByRole('textbox', { name: 'Card number' }).waitFor();
          if (shot.name === 'checkout-pack') {
            await enterCard(page, '4242 4242 4242 4241');
            await page.getByRole('button', { name: 'Pay' }).click();
            await page.locator('[aria-invalid="true"]').first().waitFor();
          }
          await saveScreenshotWithoutOverflow(
            page,
            `${shot.name}-${size}-${colorScheme}`,
            `${shot.path} ${size}`,
          );
        }
      }
    }
  }, 180_000);
});
