import { lazy, Suspense, useRef, useState } from 'react';

// The dialog (and Radix's dialog code) is fetched on first use, keeping it out of the first page's JavaScript.
const CookieSettingsDialog = lazy(() => import('./CookieSettingsDialog'));

/** The footer's "Cookie settings" button and its dialog. */
export function CookieSettings({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        className={className}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        Cookie settings
      </button>
      {used && (
        <Suspense fallback={null}>
          <CookieSettingsDialog open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
