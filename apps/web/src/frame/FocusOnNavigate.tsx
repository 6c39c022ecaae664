import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After each navigation (not the first load), moves focus to the new page's h1 so keyboard and screen-reader
 * users start on the page they asked for; the h1 becomes focusable from script only (tabindex -1).
 */
export function FocusOnNavigate() {
  const location = useLocation();
  const firstLoad = useRef(true);

  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
    if (location.hash) return;
    const target = document.querySelector<HTMLElement>('#main h1') ?? document.getElementById('main');
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.setAttribute('data-page-heading', '');
    target.focus({ preventScroll: true });
  }, [location.key, location.hash]);

  return null;
}
