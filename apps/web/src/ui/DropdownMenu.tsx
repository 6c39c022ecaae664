import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ComponentProps } from 'react';
import { cn } from './cn';

/** A menu opened by a button: arrow keys move, Enter picks, Escape closes and focus returns to the button. */
export const DropdownMenu = Menu.Root;
/** Wrap the button that opens the menu (`asChild`). */
export const DropdownMenuTrigger = Menu.Trigger;

export interface DropdownMenuContentProps extends ComponentProps<typeof Menu.Content> {
  /**
   * Renders the menu where it is declared instead of at the end of the body, so it stays inside its landmark
   * (a header's menu belongs to the banner; axe's `region` rule). Use it with a non-modal menu.
   */
  inline?: boolean;
}

export function DropdownMenuContent({
  className,
  sideOffset = 8,
  inline = false,
  ...props
}: DropdownMenuContentProps) {
  const content = (
    <Menu.Content
      sideOffset={sideOffset}
      align="end"
      className={cn(
        'z-50 min-w-56 rounded-lg border border-line bg-surface p-1.5 text-ink shadow-lg animate-fade-in',
        className,
      )}
      {...props}
    />
  );
  return inline ? content : <Menu.Portal>{content}</Menu.Portal>;
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof Menu.Item>) {
  return (
    <Menu.Item
      className={cn(
        'flex cursor-pointer items-center gap-2.5 rounded-md px-3 py-2 text-sm outline-none select-none',
        'data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-surface-muted',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof Menu.Label>) {
  return <Menu.Label className={cn('px-3 py-2 text-xs font-medium text-ink-muted', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof Menu.Separator>) {
  return <Menu.Separator className={cn('my-1 h-px bg-line', className)} {...props} />;
}
