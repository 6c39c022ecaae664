import type { BrowserContext, Page } from 'playwright-core';

/**
 * Sums, in the page, the layout shifts after `since` (a `performance.now()` time): the observer was registered
 * before the page's first script (`buffered` also hands it the shifts from before), as `observeLayoutShifts` does.
 */
export function layoutShiftSince(page: Page, since: number): Promise<number> {
  return page.evaluate(
    (from) =>
      (window as unknown as { layoutShifts: { value: number; startTime: number }[] }).layoutShifts
        .filter((shift) => shift.startTime >= from)
        .reduce((sum, shift) => sum + shift.value, 0),
    since,
  );
}

/**
 * Records every layout shift the page makes, from its first script on, as `window.layoutShifts` (on a page, or on
 * every page of a context).
 */
export async function observeLayoutShifts(target: Pick<BrowserContext, 'addInitScript'>): Promise<void> {
  await target.addInitScript(() => {
    const shifts: { value: number; startTime: number }[] = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        startTime: number;
        hadRecentInput: boolean;
      }[]) {
        if (!entry.hadRecentInput) shifts.push({ value: entry.value, startTime: entry.startTime });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
