import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { cn } from './cn';
import { DialogParts, overlayClasses } from './Dialog';

/** A sheet is a dialog that slides in from an edge: same Root, Trigger and Close. */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

export interface SheetContentProps {
  title: ReactNode;
  description?: ReactNode;
  /** `bottom` (phones: actions, pickers) or `right` (a side panel: menus, details). */
  side?: 'bottom' | 'right';
  children?: ReactNode;
  className?: string;
}

const sides = {
  bottom:
    'inset-x-0 bottom-0 max-h-[85dvh] rounded-t-xl pb-[max(1.5rem,env(safe-area-inset-bottom))] animate-slide-up',
  right: 'inset-y-0 right-0 h-dvh w-[min(24rem,100vw)] animate-slide-in-right',
} as const;

/** A modal panel at the bottom or the right edge, with the dialog's focus trap and focus return. */
export function SheetContent({
  title,
  description,
  side = 'bottom',
  children,
  className,
}: SheetContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClasses} />
      <DialogPrimitive.Content
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={cn('fixed z-50 overflow-y-auto bg-surface p-6 shadow-lg', sides[side], className)}
      >
        <DialogParts title={title} description={description}>
          {children}
        </DialogParts>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
