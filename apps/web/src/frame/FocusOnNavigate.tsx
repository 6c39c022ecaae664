import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After each navigation to another page (not the first load, not a change of query or hash on the same page),
 * moves focus to the new page's h1 so keyboard and screen-reader users start on the page they asked for; the h1
 * becomes focusable from script only (tabindex -1).
 */
export function FocusOnNavigate({ pageShown = true }: { pageShown?: boolean }) {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    // A page behind the page loader is hidden and cannot take focus: its heading gets it once it shows.
    if (!pageShown) return;
    const firstLoad = previous.current === null;
    const samePage = previous.current === pathname;
    previous.current = pathname;
    if (firstLoad || samePage) return;
    const target = document.querySelector<HTMLElement>('#main h1') ?? document.getElementById('main');
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.setAttribute('data-page-heading', '');
    target.focus({ preventScroll: true });
  }, [pathname, pageShown]);

  return null;
}
