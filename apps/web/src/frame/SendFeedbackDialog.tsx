import { lazy, Suspense, useEffect, useRef, type RefObject } from 'react';

// The feedback screen's dialog (routes/feedback) is fetched on first use, so it stays out of every page's chunk.
const FeedbackDialog = lazy(() =>
  import('../routes/feedback/FeedbackDialog').then((module) => ({ default: module.FeedbackDialog })),
);

/**
 * "Send feedback" from the account menu: the feedback dialog, and focus back on the menu's button when it closes
 * (the menu item that opened it is gone by then).
 */
export function SendFeedbackDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) {
      // After the dialog's own focus handling has run.
      const timer = setTimeout(() => returnFocusTo.current?.focus());
      wasOpen.current = open;
      return () => clearTimeout(timer);
    }
    wasOpen.current = open;
  }, [open, returnFocusTo]);
  return (
    <Suspense fallback={null}>
      <FeedbackDialog open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
