import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

/** The dialog's state holder: `<Dialog open onOpenChange>` or uncontrolled with a `DialogTrigger`. */
export const Dialog = DialogPrimitive.Root;
/** Wrap the control that opens the dialog (`asChild`); focus returns to it when the dialog closes. */
export const DialogTrigger = DialogPrimitive.Trigger;
/** Wrap a control that closes the dialog (`asChild`). */
export const DialogClose = DialogPrimitive.Close;

export interface DialogContentProps {
  /** The dialog's heading and accessible name. */
  title: ReactNode;
  /** One sentence under the title, read when the dialog opens. */
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Where focus goes on close when there is no `DialogTrigger` (call `event.preventDefault()` and focus it). */
  onCloseAutoFocus?: (event: Event) => void;
}

export const overlayClasses = 'fixed inset-0 z-40 bg-overlay animate-fade-in';
export const closeButtonClasses =
  'absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-full text-ink-muted ' +
  'hover:bg-surface-muted hover:text-ink';

/** A modal dialog centred on the page: focus trapped inside, Escape and the close button dismiss it. */
export function DialogContent({
  title,
  description,
  children,
  className,
  onCloseAutoFocus,
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClasses} />
      <DialogPrimitive.Content
        onCloseAutoFocus={onCloseAutoFocus}
        // Without a description Radix expects the attribute to be set to undefined explicitly.
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg',
          '-translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-surface p-6 shadow-lg animate-fade-in',
          className,
        )}
      >
        <DialogParts title={title} description={description}>
          {children}
        </DialogParts>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** What a dialog and a sheet both hold: the title, the description, the content and the close button. */
export function DialogParts({
  title,
  description,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <DialogPrimitive.Title className="pr-10 text-xl font-semibold text-ink">{title}</DialogPrimitive.Title>
      {description && (
        <DialogPrimitive.Description className="mt-2 text-sm text-ink-muted">
          {description}
        </DialogPrimitive.Description>
      )}
      <div className="mt-5">{children}</div>
      <DialogPrimitive.Close className={closeButtonClasses} aria-label="Close">
        <X aria-hidden="true" className="size-5" />
      </DialogPrimitive.Close>
    </>
  );
}
