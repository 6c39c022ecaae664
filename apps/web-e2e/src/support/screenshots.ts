import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Where the browser tests leave their screenshots, to be looked at (gitignored). */
export const SCREENSHOT_DIR = path.resolve(__dirname, '../../screenshots');

/** The two widths every screen is looked at (screens.md): a phone and a laptop. */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/** Saves a full-page screenshot as `screenshots/<name>.png` and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Saves the screenshot (see saveScreenshot) and fails the test when the page is wider than the window (sideways
 * scrolling on a phone); `what` names the page in the message.
 */
export async function saveScreenshotWithoutOverflow(page: Page, name: string, what = name): Promise<string> {
  const file = await saveScreenshot(page, name);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(`${what} overflows by ${overflow}px`).toBe(`${what} overflows by 0px`);
  return file;
}
