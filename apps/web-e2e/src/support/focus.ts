import type { Locator } from 'playwright-core';

/**
 * Waits until `target` has the focus, failing after `timeoutMs`. A closed dialog gives the focus back to the
 * control that opened it in a timer after it leaves the page, so a check made right when it is gone can run first.
 */
export async function expectFocused(target: Locator, timeoutMs = 5_000): Promise<void> {
  const element = await target.elementHandle();
  await target.page().waitForFunction((candidate) => candidate === document.activeElement, element, {
    timeout: timeoutMs,
  });
}
