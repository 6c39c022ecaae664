import { uniqueEmail } from '@wingmate/api/testing';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { chromiumAvailable } from './support/browser';
import { sessionAuthorization } from './support/members';
import { waitForCode } from './support/outbox';
import { chooseNecessaryCookies, openPage, type ContextOptions, type OpenedPage } from './support/pages';
import { saveScreenshotWithoutOverflow, SCREENSHOT_SCHEMES, VIEWPORTS } from './support/screenshots';
import { setUpBrowserSuite } from './support/suite';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

interface Plan {
  id: number;
  plan_type: string;
  price: number;
  messages: number | null;
  name: string;
}

describeInBrowser('/pricing in Chromium (real API on PGlite, built web app, local payment provider)', () => {
  const suite = setUpBrowserSuite();

  /** A fresh visitor (cookie choice made) at `path`, the page heading shown. */
  async function open(path: string, options: ContextOptions = {}): Promise<OpenedPage> {
    const context = await suite.newContext(options);
    await chooseNecessaryCookies(context);
    return openPage(context, `${suite.product.webUrl}${path}`);
  }

  /** The member's remaining messages as the API tells the page's token. */
  async function remainingMessages(page: Page): Promise<number> {
    const response = await suite.product.api.app.inject({
      method: 'GET',
      url: '/api/v1/user/info/',
      headers: { authorization: await sessionAuthorization(page.context()) },
    });
    expect(`${response.statusCode} ${response.body}`).toMatch(/^200 /);
    return response.json<{ remaining_messages: number }>().remaining_messages;
  }

  async function catalogue(): Promise<Plan[]> {
    const response = await suite.product.api.app.inject({ method: 'GET', url: '/api/v1/memberships/plans/' });
    expect(response.statusCode).toBe(200);
    return response.json<{ results: Plan[] }>().results;
  }

  it('a visitor picks the cheapest pack, signs up, comes back to its checkout, pays and sees the receipt and the messages', async () => {
    const plans = await catalogue();
    const cheapest = plans
      .filter((plan) => plan.plan_type === 'metered')
      .sort((a, b) => a.price - b.price)[0]!;
    const { page, errors } = await open('/pricing');
    const card = page.getByRole('article', { name: cheapest.name });
    await card.getByRole('button', { name: 'Buy' }).click();
    await page.waitForURL((url) => url.pathname === '/signup');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/checkout/${cheapest.id}`);

    const email = uniqueEmail('e2e-pricing');
    await page.getByRole('button', { name: 'Email' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill('violet harbour lantern 42');
    await page.getByRole('checkbox', { name: 'I am 18 or older and accept the terms' }).click();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
    await page
      .getByRole('textbox', { name: 'Verification code' })
      .fill(await waitForCode(suite.product.api.app, email));
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.waitForURL((url) => url.pathname === `/checkout/${cheapest.id}`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    const before = await remainingMessages(page);
    await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await page.getByText('Visa', { exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Expiry' }).fill('12 / 34');
    await page.getByRole('textbox', { name: 'CVC' }).fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();
    const expected = String(before + (cheapest.messages ?? 0));
    await page.waitForFunction(
      (count) => document.querySelector('[data-testid="remaining-messages"]')?.textContent === count,
      expected,
    );
    // The header's count (in the account menu) follows without a reload.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.waitForFunction(
      (count) => document.querySelector('[data-testid="remaining-messages"]')?.textContent === count,
      expected,
    );
    await page.keyboard.press('Escape');
    expect(await page.getByText(`$${cheapest.price.toFixed(2)}`).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no axe violations on /pricing in ${colorScheme} mode`, async () => {
      const { page } = await open('/pricing', { colorScheme });
      await page.getByRole('article').first().waitFor();
      await expectNoAxeViolations(page, `/pricing (${colorScheme})`);
    });
  }

  it('saves screenshots of /pricing at 390x844 and 1280x800, light and dark, with nothing wider than the page', async () => {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const colorScheme of SCREENSHOT_SCHEMES) {
        const { page } = await open('/pricing', { viewport, colorScheme });
        await page.getByRole('article').first().waitFor();
        await saveScreenshotWithoutOverflow(page, `pricing-${size}-${colorScheme}`, `/pricing ${size}`);
      }
    }
  });
});
