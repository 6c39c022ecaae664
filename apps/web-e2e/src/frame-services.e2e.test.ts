import type { BrowserContext, Page, Route } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { chromiumAvailable } from './support/browser';
import { fakeAnalytics, type FakeAnalytics } from './support/fake-analytics';
import { pinLanding, seededBannerId } from './support/frame-setup';
import { phoneMember, signInBrowser } from './support/members';
import { chooseNecessaryCookies, dismissBanner, openPage, type ContextOptions } from './support/pages';
import { startProduct } from './support/product';
import { saveScreenshot, VIEWPORTS } from './support/screenshots';
import { setUpBrowserSuite } from './support/suite';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

const ANALYTICS_ID = 'e2e-analytics-key';
const CONTROL_HEADING = 'Better dates start with better words';
const CHAT_FIRST_HEADING = 'What should we work on tonight?';

interface Opened {
  context: BrowserContext;
  page: Page;
  analytics: FakeAnalytics;
}

interface OpenOptions extends ContextOptions {
  landing?: 'control' | 'chat_first';
  /** Dismisses the seeded rebrand banner on the device before the page loads. */
  bannerDismissed?: boolean;
  /** A member's access token (a JWT), set as core-sdk keeps it (cookie `access_token`). */
  accessToken?: string;
  /** Runs on the context before the page loads (routes to hold, cookies to seed). */
  prepare?: (context: BrowserContext) => Promise<void>;
}

describeInBrowser(
  'the frame in Chromium: login links, the banner, page_view, A/B tests and the account menu',
  () => {
    const suite = setUpBrowserSuite(() => startProduct({ VITE_ANALYTICS_ID: ANALYTICS_ID }));
    let bannerId: number;

    beforeAll(async () => {
      bannerId = await seededBannerId(suite.product);
    });

    /** A fresh browser (new uid) with the cookie choice made, Amplitude faked, at `path`. */
    async function open(path: string, options: OpenOptions = {}): Promise<Opened> {
      const context = await suite.newContext(options);
      const analytics = await fakeAnalytics(context);
      if (options.landing) await pinLanding(context, suite.product.webUrl, options.landing);
      if (options.accessToken)
        await signInBrowser(context, suite.product.webUrl, { access: options.accessToken });
      await chooseNecessaryCookies(context);
      if (options.bannerDismissed ?? true) await dismissBanner(context, bannerId);
      await options.prepare?.(context);
      const { page } = await openPage(context, `${suite.product.webUrl}${path}`);
      return { context, page, analytics };
    }

    const member = () => phoneMember(suite.product);

    it('signs in from a ?token= login link and removes the token from the address', async () => {
      const { userId } = await member();
      const key = await suite.product.api.app.auth.loginTokens.issue(userId);
      const { page } = await open(`/terms?token=${encodeURIComponent(key)}&utm_source=sms#top`);
      expect(new URL(page.url()).search).toBe('?utm_source=sms');
      expect(new URL(page.url()).hash).toBe('#top');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Terms of service');
      await page.getByRole('button', { name: 'Account menu' }).click();
      const menu = page.getByRole('menu');
      expect(await menu.getByTestId('remaining-messages').textContent()).toMatch(/^\d+$/);
      expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
      const cookie = (await page.context().cookies()).find((entry) => entry.name === 'access_token');
      expect(decodeURIComponent(cookie?.value ?? '')).toBe(`Token ${key}`);
    });

    for (const colorScheme of ['light', 'dark'] as const) {
      it(`shows a member the account menu (${colorScheme}, no axe violations, phone and desktop)`, async () => {
        const { access } = await member();
        for (const [size, viewport] of Object.entries(VIEWPORTS)) {
          const { page } = await open('/terms', { accessToken: access, colorScheme, viewport });
          await page.getByRole('button', { name: 'Account menu' }).click();
          const menu = page.getByRole('menu');
          await menu.getByTestId('remaining-messages').waitFor();
          expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
            'Account',
            'Profile',
            'Dating bio',
            'Roasts',
            'Sounds like me',
            'Send feedback',
            'Log out',
          ]);
          await expectNoAxeViolations(page, `account menu, ${colorScheme}`);
          await saveScreenshot(page, `account-menu-${size}-${colorScheme}`);
          await page.close();
        }
      });
    }

    it('logs a member out from the account menu, to the home page as a new visitor', async () => {
      const { access } = await member();
      const { page } = await open('/terms', { accessToken: access, landing: 'control' });
      const accountUid = await page.evaluate(() => localStorage.getItem('uid'));
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.getByText('You are logged out', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Sign in' }).waitFor();
      expect((await page.context().cookies()).some((cookie) => cookie.name === 'access_token')).toBe(false);
      // The person's A/B values went with them (docs/decisions.md#signing-out): the new uid's landing is shown,
      // whichever variant it drew, and the stored values are the new visitor's.
      await page.waitForURL((url) => url.pathname === '/');
      await page.waitForFunction(() => {
        const stored = JSON.parse(sessionStorage.getItem('abtests') ?? '{}') as Record<string, string>;
        return Boolean(stored['abtest_homepage'] && stored['abtest_verification']);
      });
      const after = await page.evaluate(() => ({
        uid: localStorage.getItem('uid'),
        stored: JSON.parse(sessionStorage.getItem('abtests') ?? '{}') as Record<string, string>,
      }));
      expect(after.uid).not.toBe(accountUid);
      expect(Object.keys(after.stored).sort()).toEqual(['abtest_homepage', 'abtest_verification']);
      const heading = after.stored.abtest_homepage === 'control' ? CONTROL_HEADING : CHAT_FIRST_HEADING;
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    });

    it('shows the newest unread banner notice to a visitor, above the header on a scrolled page, and remembers its dismissal on the device', async () => {
      const { page } = await open('/terms', { bannerDismissed: false });
      const banner = page.getByRole('region', { name: 'Announcement' });
      await banner.waitFor();
      expect(await banner.textContent()).toContain('Welcome to Wingmate');
      await expectNoAxeViolations(page, 'banner, light');
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        await saveScreenshot(page, `banner-${size}-light`);
        // Scrolled to the end, the banner stays on top and the header right under it, nothing covering the links.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForFunction(() => window.scrollY > 0);
        const placed = await page.evaluate(() => {
          const bannerBox = document.querySelector('[aria-label="Announcement"]')!.getBoundingClientRect();
          const header = document.querySelector('header')!;
          const headerBox = header.getBoundingClientRect();
          const pricing = header.querySelector('a[href="/pricing"]')!.getBoundingClientRect();
          const onTop = document.elementFromPoint(
            pricing.x + pricing.width / 2,
            pricing.y + pricing.height / 2,
          );
          return {
            bannerTop: Math.round(bannerBox.top),
            headerUnderBanner: Math.round(headerBox.top) === Math.round(bannerBox.bottom),
            linkUncovered: header.contains(onTop),
          };
        });
        expect(placed).toEqual({ bannerTop: 0, headerUnderBanner: true, linkUncovered: true });
        await saveScreenshot(page, `banner-scrolled-${size}-light`, { fullPage: false });
        await page.evaluate(() => window.scrollTo(0, 0));
      }
      await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
      expect(await banner.count()).toBe(0);
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('[data-health]').waitFor();
      expect(await page.getByRole('region', { name: 'Announcement' }).count()).toBe(0);
    });

    it("marks a member's banner read on the server when dismissed, so no device shows it again", async () => {
      const { access } = await member();
      const { page } = await open('/terms', {
        bannerDismissed: false,
        accessToken: access,
        colorScheme: 'dark',
      });
      const banner = page.getByRole('region', { name: 'Announcement' });
      await banner.waitFor();
      await expectNoAxeViolations(page, 'banner, dark');
      const marked = page.waitForResponse(
        (response) => response.url().endsWith(`/api/v1/accounts/messages/${bannerId}/read/`) && response.ok(),
      );
      await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
      await marked;
      const notices = await suite.product.api.app.inject({
        method: 'GET',
        url: '/api/v1/accounts/messages/',
        headers: { authorization: `Bearer ${access}` },
      });
      const seeded = notices.json<{ results: { id: number; read: boolean }[] }>().results;
      expect(seeded.find((notice) => notice.id === bannerId)?.read).toBe(true);
    });

    it('sends page_view on / at once but holds it on other routes until the A/B assignments are in', async () => {
      const held: Route[] = [];
      let holding = true;
      const { page, analytics } = await open('/', {
        landing: 'control',
        prepare: async (context) => {
          await context.route(`${suite.product.apiUrl}/api/v1/analytics/abtest/**`, (route) => {
            if (holding && route.request().method() === 'GET') held.push(route);
            else void route.continue();
          });
        },
      });
      await waitUntil(() => analytics.pageViews().length === 1);
      expect(analytics.pageViews()).toEqual(['/']);

      await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of service' }).click();
      await page.getByRole('heading', { level: 1, name: 'Terms of service' }).waitFor();
      await page.getByRole('link', { name: 'Wingmate home' }).click();
      await page.getByRole('heading', { level: 1, name: CONTROL_HEADING }).waitFor();
      // The second `/` went out at once; /terms, asked for before it, is still held for the A/B flag.
      await waitUntil(() => analytics.pageViews().length === 2);
      expect(analytics.pageViews()).toEqual(['/', '/']);

      holding = false;
      await Promise.all(held.splice(0).map((route) => route.continue()));
      await waitUntil(() => analytics.pageViews().length === 3);
      expect(analytics.pageViews()).toEqual(['/', '/', '/terms']);
      // Amplitude knows the visitor by a hash of the uid, never the uid itself
      // (docs/decisions.md#the-sdk-surface-the-web-app-binds-to).
      const uid = await page.evaluate(() => window.localStorage.getItem('uid'));
      expect(uid).toBeTruthy();
      expect(
        analytics.events.every(
          (event) => event.device_id !== uid && /^[0-9a-f]{64}$/.test(event.device_id ?? ''),
        ),
      ).toBe(true);
    });

    it('assigns a fresh visitor its A/B tests: kept in a cookie at / and in session storage, and on the server', async () => {
      const { page } = await open('/terms');
      await page.waitForFunction(() => {
        const stored = JSON.parse(window.sessionStorage.getItem('abtests') ?? '{}') as Record<string, string>;
        return Boolean(stored['abtest_homepage'] && stored['abtest_verification']);
      });
      const session = JSON.parse(
        (await page.evaluate(() => window.sessionStorage.getItem('abtests'))) ?? '{}',
      ) as Record<string, string>;
      const cookie = (await page.context().cookies()).find((entry) => entry.name === 'abtests');
      expect(cookie?.path).toBe('/');
      expect(JSON.parse(decodeURIComponent(cookie?.value ?? '{}'))).toEqual(session);
      expect(['control', 'chat_first']).toContain(session.abtest_homepage);
      expect(['control', 'after_free']).toContain(session.abtest_verification);
      const uid = await page.evaluate(() => window.localStorage.getItem('uid'));
      await waitUntilAsync(async () => {
        const listed = await suite.product.api.app.inject({
          method: 'GET',
          url: `/api/v1/analytics/abtest/?group=visitor&uid=${uid}`,
        });
        return listed.json<unknown[]>().length === 2;
      });
    });

    for (const variant of ['control', 'chat_first'] as const) {
      it(`shows the ${variant} landing for a visitor pinned to it (light and dark, no axe violations)`, async () => {
        const heading = variant === 'control' ? CONTROL_HEADING : CHAT_FIRST_HEADING;
        for (const colorScheme of ['light', 'dark'] as const) {
          for (const [size, viewport] of Object.entries(VIEWPORTS)) {
            const { page } = await open('/', { landing: variant, colorScheme, viewport });
            await page.getByRole('heading', { level: 1, name: heading }).waitFor();
            await page.locator('[data-health]').waitFor();
            expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
            await expectNoAxeViolations(page, `${variant} landing, ${colorScheme}`);
            await saveScreenshot(page, `landing-${variant}-${size}-${colorScheme}`);
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - window.innerWidth,
            );
            expect(overflow).toBe(0);
            await page.close();
          }
        }
      });
    }

    it('chat_first: Send takes the message to the chat', async () => {
      const { page } = await open('/', { landing: 'chat_first' });
      // The chat drops the text from its history entry as soon as it has sent it (so a reload never sends it
      // again), which on a busy machine can come before the test reads the entry: the entry is kept as the
      // landing pushes it.
      await page.evaluate(() => {
        const pushState = window.history.pushState.bind(window.history);
        window.history.pushState = (state: unknown, unused: string, url?: string | URL | null) => {
          (window as { pushedState?: unknown }).pushedState = state;
          pushState(state, unused, url);
        };
      });
      const message = page.getByRole('textbox', { name: 'Message' });
      await message.fill('Help me answer her text');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.waitForURL(`${suite.product.webUrl}/chat`);
      expect(
        await page.evaluate(() => (window as { pushedState?: { usr?: unknown } | null }).pushedState?.usr),
      ).toEqual({
        send: 'Help me answer her text',
      });
    });
  },
);

/** Waits for a condition the page's traffic makes true (the fakes record as requests arrive). */
async function waitUntil(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  await waitUntilAsync(() => Promise.resolve(condition()), timeoutMs);
}

async function waitUntilAsync(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
