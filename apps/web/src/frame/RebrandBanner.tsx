import { X } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';

const DISMISSED_KEY = 'wingmate.dismissed-banner';

export interface RebrandBannerProps {
  /** Which notice this is: dismissing it hides this one for good on this device, not the next one. */
  noticeId: string | number;
  text: string;
  /** A lead-in shown before the text in bold (the notice's title). */
  title?: string;
  /** Told when the person dismisses it (a member's notice is then marked read on the server). */
  onDismiss?: () => void;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

function safeStorage(): Pick<Storage, 'getItem' | 'setItem'> | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The rebrand banner (spec 2): fixed across the top, slides down (no motion when reduced motion is asked for),
 * dismissible, remembered on the device. A spacer of its height keeps it from covering the header.
 */
export function RebrandBanner({
  noticeId,
  text,
  title,
  onDismiss,
  storage = safeStorage(),
}: RebrandBannerProps) {
  const [dismissed, setDismissed] = useState(() => storage?.getItem(DISMISSED_KEY) === String(noticeId));
  const [height, setHeight] = useState(0);
  const banner = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const element = banner.current;
    if (!element) return;
    const measure = () => setHeight(element.offsetHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [dismissed]);

  if (dismissed) return null;

  const dismiss = () => {
    try {
      storage?.setItem(DISMISSED_KEY, String(noticeId));
    } catch {
      // A full or blocked storage only means the banner comes back on the next visit.
    }
    setDismissed(true);
    onDismiss?.();
  };

  return (
    <>
      <div style={{ height }} aria-hidden="true" />
      <div
        ref={banner}
        role="region"
        aria-label="Announcement"
        className="fixed inset-x-0 top-0 z-50 flex items-center gap-3 bg-brand px-gutter py-2.5 text-sm font-medium text-on-brand shadow-md animate-slide-down motion-reduce:animate-none"
      >
        <p className="mx-auto max-w-5xl flex-1 text-center">
          {title && <strong className="font-semibold">{title}: </strong>}
          {text}
        </p>
        <button
          type="button"
          onClick={dismiss}
          aria-label="Dismiss announcement"
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-on-brand/15"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </>
  );
}
