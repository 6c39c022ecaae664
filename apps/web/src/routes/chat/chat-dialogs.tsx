import { lazy, Suspense, useState, type ComponentProps, type ReactNode } from 'react';

// The chat's two dialogs (Radix's dialog with its focus and scroll helpers) load when they are first needed or look
// likely to be (the preloads), not with the chat's own code: an empty chat's start-up carries none of it, and a
// slow connection is not busy with them when the first message goes out.
const loadPaywall = () => import('./PaywallDialog');
const loadDeleteHistory = () => import('./DeleteHistoryDialog');
const PaywallDialog = lazy(() => loadPaywall().then((module) => ({ default: module.PaywallDialog })));
const DeleteHistoryDialog = lazy(() =>
  loadDeleteHistory().then((module) => ({ default: module.DeleteHistoryDialog })),
);

/** Starts loading the paywall's code (cached: calling it again costs nothing). */
export function preloadPaywall(): void {
  void loadPaywall();
}

/** Starts loading the delete confirmation's code (cached). */
export function preloadDeleteHistory(): void {
  void loadDeleteHistory();
}

/**
 * Renders `children` from the first time `open` is true on: the dialog's code loads then, and once mounted the
 * dialog stays, so it closes with its own animation and gives the focus back as it should.
 */
function MountedOnceOpen({ open, children }: { open: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

export function LazyPaywallDialog(props: ComponentProps<typeof PaywallDialog>) {
  return (
    <MountedOnceOpen open={props.reason !== null}>
      <PaywallDialog {...props} />
    </MountedOnceOpen>
  );
}

export function LazyDeleteHistoryDialog(props: ComponentProps<typeof DeleteHistoryDialog>) {
  return (
    <MountedOnceOpen open={props.open}>
      <DeleteHistoryDialog {...props} />
    </MountedOnceOpen>
  );
}
