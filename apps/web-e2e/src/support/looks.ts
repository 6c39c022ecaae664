import type { Page } from 'playwright-core';
import { COLOUR_RULES, expectNoAxeViolations } from './axe';
import { useScheme } from './pages';
import {
  expectNoOverflow,
  saveScreenshotWithoutOverflow,
  SCREENSHOTS_WANTED,
  VIEWPORTS,
} from './screenshots';

const SCHEMES = ['light', 'dark'] as const;

/**
 * axe on the page as it is, in light and then dark; leaves it light. Dark runs the rules that read colours only:
 * the document is the same in both schemes, so every other rule would answer again what it did in light.
 */
export async function expectNoAxeViolationsInBothSchemes(page: Page, label: string): Promise<void> {
  await useScheme(page, 'light');
  await expectNoAxeViolations(page, `${label} (light)`);
  await useScheme(page, 'dark');
  await expectNoAxeViolations(page, `${label} (dark)`, COLOUR_RULES);
  await useScheme(page, 'light');
}

/**
 * Fails when anything on the page as it is gets wider than the window, at the phone and the desktop width. With
 * `E2E_SCREENSHOTS=1` it also saves `<name>-<phone|desktop>-<light|dark>` at each width in both schemes (without,
 * the scheme is left alone: it changes colours, not widths). Leaves the page at the desktop width, and light when
 * it switched schemes.
 */
export async function saveScreensAtBothWidths(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    // From the top, so a fixed banner sits over the header where it belongs in a full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    if (!SCREENSHOTS_WANTED) {
      // A frame drawn at the new width first: what the page lays out in script (media queries it listens to,
      // resize observers) has caught up by then, as it had by the time a picture was taken.
      await page.evaluate(
        () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
      );
      await expectNoOverflow(page, `${name} ${size}`);
      continue;
    }
    for (const colorScheme of SCHEMES) {
      await useScheme(page, colorScheme);
      await saveScreenshotWithoutOverflow(page, `${name}-${size}-${colorScheme}`, `${name} ${size}`);
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  if (SCREENSHOTS_WANTED) await useScheme(page, 'light');
}
