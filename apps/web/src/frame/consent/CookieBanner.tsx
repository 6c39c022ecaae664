import { Cookie } from 'lucide-react';
import { useEffect, useRef, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { useConsent } from './ConsentContext';
import { CookieChoices } from './CookieChoices';

/** Asks once, on the first visit, before anything optional loads. Not modal: the page stays usable. */
export function CookieBanner() {
  const choice = useConsent((state) => state.choice);
  const choose = useConsent((state) => state.choose);
  const banner = useRef<HTMLElement>(null);
  useReservedSpaceBelow(banner, choice === null);
  if (choice !== null) return null;
  return (
    <section
      ref={banner}
      aria-labelledby="cookie-banner-title"
      className="fixed inset-x-0 bottom-0 z-40 p-3 sm:bottom-4 sm:left-auto sm:right-4 sm:max-w-md sm:p-0"
    >
      <div className="rounded-lg border border-line bg-surface p-5 text-ink shadow-lg">
        <h2 id="cookie-banner-title" className="flex items-center gap-2 font-sans text-base font-semibold">
          <Cookie aria-hidden="true" className="size-5 text-brand" />
          Cookies
        </h2>
        <p className="mt-2 text-sm text-ink-muted">
          We use necessary cookies to keep you signed in. With your permission we also use marketing cookies
          to see which of our ads brought you here. Read more in our{' '}
          <Link to="/privacy" className="font-medium text-brand underline underline-offset-2">
            privacy notice
          </Link>
          .
        </p>
        <div className="mt-4">
          <CookieChoices onChoose={choose} />
        </div>
      </div>
    </section>
  );
}

/**
 * While the fixed banner shows, the page gets room at its bottom so the footer can still be scrolled into view. The
 * observer's first report comes after the browser's own layout, so the banner is measured without forcing a layout
 * of the whole page in the middle of React's commit (on a first visit, that is the first page's first layout).
 */
function useReservedSpaceBelow(banner: RefObject<HTMLElement | null>, showing: boolean) {
  useEffect(() => {
    const element = banner.current;
    if (!showing || !element) return;
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize?.[0]?.blockSize ?? element.offsetHeight;
      document.body.style.paddingBottom = `${height}px`;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      document.body.style.paddingBottom = '';
    };
  }, [banner, showing]);
}
