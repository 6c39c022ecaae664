import type { Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { chromiumAvailable } from './support/browser';
import { pinLanding, seededBannerId } from './support/frame-setup';
import { dismissBanner, openPage, type ContextOptions } from './support/pages';
import { startProduct } from './support/product';
import {
  saveScreenshot,
  saveScreenshotWithoutOverflow,
  SCREENSHOT_SCHEMES,
  VIEWPORTS,
} from './support/screenshots';
import { setUpBrowserSuite } from './support/suite';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

const TAG_MANAGER_ID = 'GTM-E2ETEST';
const TAG_MANAGER_HOST = 'www.googletagmanager.com';

/** The routes of the frame's first screens, with their page headings. */
const ROUTES = [
  { path: '/', name: 'landing', heading: 'Better dates start with better words' },
  { path: '/terms', name: 'terms', heading: 'Terms of service' },
  { path: '/privacy', name: 'privacy', heading: 'Privacy notice' },
  { path: '/no-such-page', name: 'not-found', heading: 'Page not found' },
] as const;

interface OpenedFramePage {
  page: Page;
  /** Every request the page made to the tag manager's host. */
  tagManagerRequests: string[];
  /** What the page logged as an error (and uncaught exceptions). */
  consoleErrors: string[];
}

describeInBrowser('the frame in Chromium: routes, focus, accessibility, cookie consent', () => {
  const suite = setUpBrowserSuite(() => startProduct({ VITE_TAG_MANAGER_ID: TAG_MANAGER_ID }));
  let bannerId: number;

  beforeAll(async () => {
    bannerId = await seededBannerId(suite.product);
  });

  /**
   * A fresh visitor at `path`, the tag manager served by a fake script, fonts in. The landing is pinned to its
   * `control` variant and the seeded rebrand banner is already dismissed on the device (frame-services.e2e.test.ts
   * covers both), so these tests see one page.
   */
  async function open(path: string, options: ContextOptions = {}): Promise<OpenedFramePage> {
    const context = await suite.newContext(options);
    await pinLanding(context, suite.product.webUrl, 'control');
    await dismissBanner(context, bannerId);
    const tagManagerRequests: string[] = [];
    await context.route(`https://${TAG_MANAGER_HOST}/**`, (route) => {
      tagManagerRequests.push(route.request().url());
      return route.fulfill({
        contentType: 'text/javascript',
        body: 'window.__fakeTagManagerRan = true;',
      });
    });
    const { page, errors } = await openPage(context, `${suite.product.webUrl}${path}`, {
      consoleErrors: true,
    });
    return { page, tagManagerRequests, consoleErrors: errors };
  }

  async function focusedElement(page: Page): Promise<{ tag: string; name: string }> {
    return page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return {
        tag: element?.tagName.toLowerCase() ?? '',
        name: (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim(),
      };
    });
  }

  /** Waits until the page's h1 with this text has focus (the frame moves it there after a navigation). */
  async function focusOnHeading(page: Page, text: string): Promise<void> {
    await page.waitForFunction(
      (heading) => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === heading,
      text,
    );
  }

  it('renders each route with its h1, and moves focus to the h1 after each navigation', async () => {
    const { page } = await open('/no-such-page');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.getByRole('heading', { level: 1, name: ROUTES[0].heading }).waitFor();
    await focusOnHeading(page, ROUTES[0].heading);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of service' }).click();
    await focusOnHeading(page, 'Terms of service');
    expect(await focusedElement(page)).toEqual({ tag: 'h1', name: 'Terms of service' });

    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' }).click();
    await focusOnHeading(page, 'Privacy notice');
    expect(await focusedElement(page)).toEqual({ tag: 'h1', name: 'Privacy notice' });

    await page.goBack();
    await focusOnHeading(page, 'Terms of service');
    await page.getByRole('link', { name: 'Wingmate home' }).click();
    await focusOnHeading(page, ROUTES[0].heading);
    expect(await focusedElement(page)).toEqual({ tag: 'h1', name: ROUTES[0].heading });

    // Back through the history to the not-found page: each step is a navigation too.
    await page.goBack();
    await focusOnHeading(page, 'Terms of service');
    await page.goBack();
    await focusOnHeading(page, ROUTES[0].heading);
    await page.goBack();
    await focusOnHeading(page, 'Page not found');
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no axe violations on any route in ${colorScheme} mode (cookie banner showing, then chosen)`, async () => {
      for (const route of ROUTES) {
        const { page } = await open(route.path, { colorScheme });
        await page.emulateMedia({ colorScheme });
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(route.heading);
        await expectNoAxeViolations(page, `${route.path} with the banner`);
        await page.getByRole('button', { name: 'Only necessary' }).click();
        await expectNoAxeViolations(page, route.path);
        await page.close();
      }
    });
  }

  // One test per route: 4 page loads each stay well within the time limit on a busy machine.
  for (const route of ROUTES) {
    it(`saves screenshots of ${route.path} at 390x844 and 1280x800, light and dark, without overflow`, async () => {
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        for (const colorScheme of SCREENSHOT_SCHEMES) {
          const { page } = await open(route.path, { viewport, colorScheme });
          if (route.path === '/')
            await saveScreenshot(page, `${route.name}-${size}-${colorScheme}-cookie-banner`);
          await page.getByRole('button', { name: 'Only necessary' }).click();
          await page.locator('[data-health="ok"]').waitFor();
          await saveScreenshotWithoutOverflow(
            page,
            `${route.name}-${size}-${colorScheme}`,
            `${route.path} ${size}`,
          );
          await page.close();
        }
      }
    });
  }

  it('asks for cookie consent on the first visit and requests nothing from the tag manager before "Accept all"', async () => {
    const { page, tagManagerRequests } = await open('/');
    const banner = page.getByRole('region', { name: 'Cookies' });
    await banner.waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of service' }).click();
    await page.getByRole('heading', { level: 1, name: 'Terms of service' }).waitFor();
    expect(tagManagerRequests).toEqual([]);
    expect(await page.evaluate(() => document.querySelector('script[src*="googletagmanager"]'))).toBeNull();

    await banner.getByRole('button', { name: 'Accept all' }).click();
    await page.waitForFunction(
      () => (window as { __fakeTagManagerRan?: boolean }).__fakeTagManagerRan === true,
    );
    expect(tagManagerRequests).toEqual([`https://${TAG_MANAGER_HOST}/gtm.js?id=${TAG_MANAGER_ID}`]);
    expect(await banner.count()).toBe(0);

    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(
      () => (window as { __fakeTagManagerRan?: boolean }).__fakeTagManagerRan === true,
    );
    expect(await page.getByRole('region', { name: 'Cookies' }).count()).toBe(0);
  });

  it('leaves room below the page for the cookie banner, so the footer scrolls clear of it, and takes it back after a choice', async () => {
    const { page } = await open('/', { viewport: VIEWPORTS.phone });
    const banner = page.getByRole('region', { name: 'Cookies' });
    await banner.waitFor();
    const bodyPadding = () => page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom));
    await page.waitForFunction(() => parseFloat(getComputedStyle(document.body).paddingBottom) > 0);
    const bannerBox = (await banner.boundingBox())!;
    expect(await bodyPadding()).toBeCloseTo(bannerBox.height, 0);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerBottom = await page
      .getByRole('contentinfo')
      .evaluate((footer) => footer.getBoundingClientRect().bottom);
    expect(footerBottom).toBeLessThanOrEqual((await banner.boundingBox())!.y + 1);

    await banner.getByRole('button', { name: 'Only necessary' }).click();
    expect(await banner.count()).toBe(0);
    // The room goes in the banner's effect cleanup, which React may run just after the commit that removed it
    // (under load, after the click has returned): wait for it rather than read it once.
    await page.waitForFunction(() => parseFloat(getComputedStyle(document.body).paddingBottom) === 0);
    expect(await bodyPadding()).toBe(0);
  });

  it('keeps "Only necessary" across visits, never loading the tag manager, and lets it be changed from the footer', async () => {
    const { page, tagManagerRequests } = await open('/');
    await page.getByRole('button', { name: 'Only necessary' }).click();
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('[data-health="ok"]').waitFor();
    expect(await page.getByRole('region', { name: 'Cookies' }).count()).toBe(0);
    expect(tagManagerRequests).toEqual([]);

    await page.getByRole('button', { name: 'Cookie settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
    await dialog.getByText('You allowed only the cookies the site needs to work.').waitFor();
    await expectNoAxeViolations(page, 'the cookie settings dialog');
    await dialog.getByRole('button', { name: 'Accept all' }).click();
    await page.waitForFunction(
      () => (window as { __fakeTagManagerRan?: boolean }).__fakeTagManagerRan === true,
    );
    expect(await focusedElement(page)).toEqual({ tag: 'button', name: 'Cookie settings' });
    expect(tagManagerRequests).toHaveLength(1);
  });

  it('works by keyboard only: Tab through the header, then the cookie banner, and choose with Enter', async () => {
    const { page, tagManagerRequests } = await open('/');
    const order: string[] = [];
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      order.push((await focusedElement(page)).name);
    }
    expect(order).toEqual([
      'Skip to content',
      'Wingmate home',
      'Chat',
      'Pricing',
      'Matches',
      'Sign in',
      'Sign up',
      'privacy notice',
      'Only necessary',
      'Accept all',
    ]);
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => (window as { __fakeTagManagerRan?: boolean }).__fakeTagManagerRan === true,
    );
    expect(tagManagerRequests).toHaveLength(1);
    expect(await page.getByRole('region', { name: 'Cookies' }).count()).toBe(0);

    // The banner is gone with the focused button; Tab carries on into the page from where it was.
    await page.keyboard.press('Tab');
    expect(await focusedElement(page)).toEqual({ tag: 'a', name: 'Try it free' });
  });

  it('preloads the two latin fonts and the two logos, and shows the page with the fonts in', async () => {
    const { page } = await open('/');
    const preloaded = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')).map((link) =>
        link.href.replace(/^.*\/assets\//, ''),
      ),
    );
    expect(preloaded.sort()).toEqual([
      expect.stringMatching(/^fraunces-latin-wght-normal-.+\.woff2$/),
      expect.stringMatching(/^inter-latin-wght-normal-.+\.woff2$/),
    ]);
    expect(
      await page.evaluate(() => [
        document.fonts.check('1em "Inter Variable"'),
        document.fonts.check('1em "Fraunces Variable"'),
        getComputedStyle(document.body).opacity,
      ]),
    ).toEqual([true, true, '1']);
    const logos = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((pathname) => pathname.startsWith('/logo-')),
    );
    expect(new Set(logos)).toEqual(new Set(['/logo-mark.svg', '/logo-wordmark.svg']));
  });

  it('keeps the service status line in the footer, and logs no error on any route', async () => {
    for (const route of ROUTES) {
      const { page, consoleErrors } = await open(route.path);
      const status = page.locator('[data-health="ok"]');
      await status.waitFor();
      expect(await status.textContent()).toBe('Service is up');
      expect(consoleErrors).toEqual([]);
      await page.close();
    }
  });
});
