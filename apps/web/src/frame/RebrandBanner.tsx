import { X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { IconButton } from '../ui/IconButton';

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

/** The banner's line: its text, then what sits at its end (the dismiss button, or a place of the same size). */
function BannerLine({ title, text, end }: { title?: string; text: string; end: ReactNode }) {
  return (
    <>
      <p className="mx-auto max-w-5xl flex-1 text-center">
        {title && <strong className="font-semibold">{title}: </strong>}
        {text}
      </p>
      {end}
    </>
  );
}

/** The banner's box: its padding and line. */
const BOX = 'flex items-center gap-3 px-gutter py-2.5 text-sm font-medium';

/**
 * The rebrand banner (docs/web.md#the-frame): across the top, slides down (no motion when reduced motion is asked
 * for), dismissible, remembered on the device. It stays at the top of the window because the frame keeps it and the
 * header in one sticky block (`Layout`), the header under it: on a scrolled page it never covers the navigation,
 * and it takes its place in the page's flow from the first paint, so nothing moves when it appears.
 */
export function RebrandBanner({
  noticeId,
  text,
  title,
  onDismiss,
  storage = safeStorage(),
}: RebrandBannerProps) {
  const [dismissed, setDismissed] = useState(() => storage?.getItem(DISMISSED_KEY) === String(noticeId));
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
    <div
      role="region"
      aria-label="Announcement"
      className={`bg-brand text-on-brand animate-slide-down motion-reduce:animate-none ${BOX}`}
    >
      <BannerLine
        title={title}
        text={text}
        end={
          <IconButton label="Dismiss announcement" size="sm" tone="on-brand" onClick={dismiss}>
            <X aria-hidden="true" className="size-4" />
          </IconButton>
        }
      />
    </div>
  );
}
