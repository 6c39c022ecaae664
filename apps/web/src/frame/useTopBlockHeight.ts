import { useLayoutEffect, type RefObject } from 'react';

/** The CSS variable that holds the height of the block stuck to the top of the window (banner and header). */
export const TOP_HEIGHT_VARIABLE = '--wm-top-height';

/**
 * Keeps `--wm-top-height` on the page's root at the height of the sticky block at the top, so a full-height screen
 * (the chat) fits under it with its composer in view, whether the banner is shown, how many lines it wraps to,
 * or gone. Set before the first paint and on every change of the block's size.
 */
export function useTopBlockHeight(block: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = block.current;
    if (!element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty(TOP_HEIGHT_VARIABLE, `${element.offsetHeight}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(TOP_HEIGHT_VARIABLE);
    };
  }, [block]);
}
