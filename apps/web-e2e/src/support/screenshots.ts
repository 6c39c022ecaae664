import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { ColorScheme } from './pages';

/** Where the browser tests leave their screenshots, to be looked at (gitignored). */
export const SCREENSHOT_DIR = path.resolve(__dirname, '../../screenshots');

/**
 * Whether this run writes screenshots: only with `E2E_SCREENSHOTS=1`, set by whoever wants to look at them.
 * Encoding full-page PNGs was a large part of the suite's CPU time and nothing reads them on CI.
 */
export const SCREENSHOTS_WANTED = process.env['E2E_SCREENSHOTS'] === '1';

/** The two widths every screen is looked at: a phone and a laptop. */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/**
 * The schemes a test opens a screen in when the only thing a scheme adds is its pictures: both when screenshots
 * are wanted, else light alone. A scheme changes colours, not layout, so the overflow check at each width is made
 * all the same; the tests that run axe in each scheme keep both schemes whatever this says.
 */
export const SCREENSHOT_SCHEMES: readonly ColorScheme[] = SCREENSHOTS_WANTED ? ['light', 'dark'] : ['light'];

/**
 * Saves a screenshot as `screenshots/<name>.png` (of the full page unless `fullPage: false`) and returns its
 * path; without `E2E_SCREENSHOTS=1` it encodes nothing and returns undefined.
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<string | undefined> {
  if (!SCREENSHOTS_WANTED) return undefined;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/** Fails the test when the page is wider than the window (sideways scrolling on a phone); `what` names the page. */
export async function expectNoOverflow(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(`${what} overflows by ${overflow}px`).toBe(`${what} overflows by 0px`);
}

/**
 * Saves the screenshot (see saveScreenshot) and fails the test when the page is wider than the window; the
 * overflow check runs whether or not a picture is taken.
 */
export async function saveScreenshotWithoutOverflow(
  page: Page,
  name: string,
  what = name,
): Promise<string | undefined> {
  const file = await saveScreenshot(page, name);
  await expectNoOverflow(page, what);
  return file;
}
