import type { Page } from 'playwright-core';
import { expectNoAxeViolations } from './axe';
import { useScheme } from './pages';
import { saveScreenshotWithoutOverflow, VIEWPORTS } from './screenshots';

const SCHEMES = ['light', 'dark'] as const;

/** axe on the page as it is, in light and then dark; leaves it light. */
export async function expectNoAxeViolationsInBothSchemes(page: Page, label: string): Promise<void> {
  for (const colorScheme of SCHEMES) {
    await useScheme(page, colorScheme);
    await expectNoAxeViolations(page, `${label} (${colorScheme})`);
  }
  await useScheme(page, 'light');
}

/**
 * Screenshots `<name>-<phone|desktop>-<light|dark>` of the page as it is, at both widths in both schemes, failing
 * when anything is wider than the window; leaves it at the desktop width, light.
 */
export async function saveScreensAtBothWidths(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    // From the top, so a fixed banner sits over the header where it belongs in a full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const colorScheme of SCHEMES) {
      await useScheme(page, colorScheme);
      await saveScreenshotWithoutOverflow(page, `${name}-${size}-${colorScheme}`, `${name} ${size}`);
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  await useScheme(page, 'light');
}
