import { lazy, Suspense, useState } from 'react';
import { useStore } from 'zustand';
import { toastStore } from '../ui/toast-store';

// Radix toast is fetched with the first toast, keeping it out of the first page's JavaScript.
const Toaster = lazy(() => import('../ui/Toaster').then((module) => ({ default: module.Toaster })));

/** Mounts the toast viewport with the first toast, and keeps it from then on. */
export function ToastOutlet() {
  const hasToasts = useStore(toastStore, (state) => state.toasts.length > 0);
  const [mounted, setMounted] = useState(false);
  if (hasToasts && !mounted) setMounted(true);
  if (!hasToasts && !mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
