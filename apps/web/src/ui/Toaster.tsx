import * as ToastPrimitive from '@radix-ui/react-toast';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { cn } from './cn';
import { toastStore, type ToastStore, type ToastTone } from './toast-store';

const icons = { success: CircleCheck, error: CircleAlert, info: Info } as const;
const iconColours: Record<ToastTone, string> = {
  success: 'text-success',
  error: 'text-danger',
  info: 'text-brand',
};

/**
 * Shows the toast store's messages in one viewport (bottom of the screen; F8 moves focus to it). Errors are
 * announced at once (`foreground`), confirmations politely.
 */
export function Toaster({
  store = toastStore,
  duration = 5000,
}: {
  store?: StoreApi<ToastStore>;
  duration?: number;
}) {
  const toasts = useStore(store, (state) => state.toasts);
  const dismiss = useStore(store, (state) => state.dismiss);
  return (
    <ToastPrimitive.Provider duration={duration} label="Notifications">
      {toasts.map((toast) => {
        const Icon = icons[toast.tone];
        return (
          <ToastPrimitive.Root
            key={toast.id}
            type={toast.tone === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) dismiss(toast.id);
            }}
            className={cn(
              'pointer-events-auto flex w-full items-start gap-3 rounded-lg border border-line bg-surface p-4',
              'text-ink shadow-lg animate-slide-up',
            )}
          >
            <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', iconColours[toast.tone])} />
            <div className="min-w-0 flex-1">
              <ToastPrimitive.Title className="font-semibold">{toast.title}</ToastPrimitive.Title>
              {toast.description && (
                <ToastPrimitive.Description className="mt-0.5 text-sm text-ink-muted">
                  {toast.description}
                </ToastPrimitive.Description>
              )}
            </div>
            <ToastPrimitive.Close
              aria-label="Dismiss"
              className="-m-1 inline-flex size-8 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted"
            >
              <X aria-hidden="true" className="size-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport className="fixed inset-x-0 bottom-0 z-[60] pointer-events-none mx-auto flex w-full max-w-md flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
