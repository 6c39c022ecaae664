import type { Browser, BrowserContext, Page } from 'playwright-core';
import { VIEWPORTS } from './screenshots';

export type ColorScheme = 'light' | 'dark';

export interface ContextOptions {
  /** The window size; the laptop width of docs/web.md#what-done-means-for-a-screen unless given. */
  viewport?: { width: number; height: number };
  /** The scheme the device prefers; light unless given. */
  colorScheme?: ColorScheme;
}

/** A fresh browser (new cookies, new storage) at a given size and scheme, with motion reduced (stable screenshots). */
export function newBrowserContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport: options.viewport ?? VIEWPORTS.desktop,
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: 'reduce',
  });
}

/** The cookie choice "Only necessary" already made on the device, so the consent banner does not cover the page. */
export async function chooseNecessaryCookies(context: BrowserContext): Promise<void> {
  await context.addInitScript(() =>
    window.localStorage.setItem(
      'wingmate.cookie-consent',
      JSON.stringify({ choice: 'necessary', decidedAt: '2026-11-23T00:00:00Z' }),
    ),
  );
}

/** The seeded rebrand banner already dismissed on the device (support/frame-setup.ts finds its id). */
export async function dismissBanner(context: BrowserContext, bannerId: number): Promise<void> {
  await context.addInitScript(
    (id) => window.localStorage.setItem('wingmate.dismissed-banner', String(id)),
    bannerId,
  );
}

export interface OpenedPage {
  page: Page;
  /** Uncaught exceptions the page threw (and what it logged as an error, when asked). */
  errors: string[];
}

/**
 * A new page of `context` at `url`, its uncaught exceptions collected (and its `console.error` lines when
 * `consoleErrors`), once the fonts are in and the page's h1 (named `heading` when given) is shown, the page loader gone.
 */
export async function openPage(
  context: BrowserContext,
  url: string,
  options: { heading?: string; consoleErrors?: boolean } = {},
): Promise<OpenedPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  if (options.consoleErrors) {
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
  }
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.classList.contains('fonts-ready'));
  // The page's own h1: while a route's data loads, the page loader stands in with one of its own in a busy main.
  await page
    .locator('#main:not([aria-busy])')
    .getByRole('heading', { level: 1, ...(options.heading && { name: options.heading }) })
    .waitFor();
  return { page, errors };
}

/** Switches the page to light or dark and waits until no colour transition is still running. */
export async function useScheme(page: Page, colorScheme: ColorScheme): Promise<void> {
  await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !('transitionProperty' in animation) || animation.playState !== 'running'),
  );
}

/**
 * Waits for `text` on the page; on a timeout, fails with what the page's main region said and the page's errors, so a
 * failure seen once on a loaded machine says what the page showed instead.
 */
export async function waitForTextOrReport(
  page: Page,
  text: string,
  errors: readonly string[],
): Promise<void> {
  try {
    await page.getByText(text).waitFor();
  } catch (error) {
    const main = await page
      .locator('#main')
      .innerText()
      .catch(() => '(no #main)');
    const busy = await page.locator('#main[aria-busy]').count();
    throw new Error(
      `${String(error)}\n#main${busy ? ' (busy)' : ''} said:\n${main}\npage errors: ${JSON.stringify(errors)}`,
    );
  }
}
