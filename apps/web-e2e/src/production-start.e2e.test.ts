import { bearer } from '@wingmate/api/testing';
import { expectNoAxeViolations } from './support/axe';
import { chromiumAvailable, launchChromium } from './support/browser';
import { enterCard, VISA } from './support/card';
import { seededBannerId } from './support/frame-setup';
import { emailMember, signInBrowser, type MemberTokens } from './support/members';
import { layoutShiftSince, observeLayoutShifts } from './support/layout-shifts';
import { chooseNecessaryCookies, dismissBanner, newBrowserContext, openPage } from './support/pages';
import { startProductionStart } from './support/product';
import { sendAndReadReply } from './support/replies';
import { saveScreenshot } from './support/screenshots';
import { setUpBrowserSuite } from './support/suite';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

interface PlanSummary {
  id: number;
  plan_type: string;
  price: number;
  messages: number | null;
}

describeInBrowser('the page of the production start (the API serving the web build on its own port)', () => {
  const suite = setUpBrowserSuite(startProductionStart);

  /** The smallest message pack of the catalogue. */
  async function cheapestPack(): Promise<PlanSummary> {
    const response = await suite.product.api.app.inject({ method: 'GET', url: '/api/v1/memberships/plans/' });
    const packs = response
      .json<{ results: PlanSummary[] }>()
      .results.filter((plan) => plan.plan_type === 'metered');
    return packs.sort((a, b) => a.price - b.price)[0]!;
  }

  /** The member's messages left, as the API answers them. */
  async function remainingOf(member: MemberTokens): Promise<number> {
    const response = await suite.product.api.app.inject({
      method: 'GET',
      url: '/api/v1/user/info/',
      headers: bearer(member),
    });
    return response.json<{ remaining_messages: number }>().remaining_messages;
  }

  it('draws the rebrand banner with the first paint, so nothing moves when the notices call answers', async () => {
    const context = await suite.newContext();
    await chooseNecessaryCookies(context);
    await observeLayoutShifts(context);
    const { page } = await openPage(context, `${suite.product.webUrl}/pricing`, { consoleErrors: true });
    const banner = page.getByRole('region', { name: 'Announcement' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Welcome to Wingmate');
    // The lists come with the services and the plans; the notices call has answered by the time the page is idle.
    await page.getByRole('heading', { level: 2, name: 'Plans' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await layoutShiftSince(page, 0)).toBe(0);
    await saveScreenshot(page, 'production-start-pricing-banner');
    await expectNoAxeViolations(page, 'production start: /pricing with the rebrand banner');
  });

  it('works on a hostname that is not a secure context: a visitor is answered and a member buys a pack', async () => {
    // Plain http on a name (a staging box, a phone on the local network): no crypto.randomUUID, no Web Locks.
    const origin = `http://wingmate.test:${new URL(suite.product.webUrl).port}`;
    const browser = await launchChromium(['--host-resolver-rules=MAP wingmate.test 127.0.0.1']);
    try {
      const context = await newBrowserContext(browser);
      await context.addCookies([
        { name: 'abtests', value: encodeURIComponent('{"abtest_verification":"after_free"}'), url: origin },
      ]);
      await chooseNecessaryCookies(context);
      await dismissBanner(context, await seededBannerId(suite.product));
      const { page, errors } = await openPage(context, `${origin}/chat`, { heading: 'Chat' });
      expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
      await sendAndReadReply(page, 'Help me write an opener');

      const member = await emailMember(suite.product, { emailPrefix: 'e2e-insecure' });
      await signInBrowser(context, origin, member);
      const pack = await cheapestPack();
      const before = await remainingOf(member);
      await page.goto(`${origin}/checkout/${pack.id}`);
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
      await enterCard(page, VISA);
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();
      await page.waitForFunction(
        (count) => document.querySelector('[data-testid="remaining-messages"]')?.textContent === count,
        String(before + (pack.messages ?? 0)),
      );
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
