import type { ComponentProps } from 'react';
import { cn } from './cn';

export type IconButtonSize = 'sm' | 'md' | 'lg';
/** Where the button sits, which decides its colours: on the page, on a muted panel, outlined, on the brand colour. */
export type IconButtonTone = 'plain' | 'on-muted' | 'outline' | 'on-brand';

const base =
  'inline-flex shrink-0 items-center justify-center rounded-full transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

const sizes: Record<IconButtonSize, string> = { sm: 'size-8', md: 'size-9', lg: 'size-10' };

const tones: Record<IconButtonTone, string> = {
  plain: 'text-ink-muted hover:bg-surface-muted hover:text-ink',
  'on-muted': 'text-ink-muted hover:bg-surface hover:text-ink',
  outline: 'border border-line-strong bg-surface text-ink hover:bg-surface-muted',
  'on-brand': 'hover:bg-on-brand/15',
};

export interface IconButtonProps extends Omit<ComponentProps<'button'>, 'aria-label'> {
  /** The button's accessible name, since it shows only an icon (give the icon `aria-hidden`). */
  label: string;
  size?: IconButtonSize;
  tone?: IconButtonTone;
}

/** A round button showing only an icon: close, dismiss, attach, a menu's trigger (with Radix's `asChild`). */
export function IconButton({
  label,
  size = 'lg',
  tone = 'plain',
  className,
  type = 'button',
  children,
  ...props
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      className={cn(base, sizes[size], tones[tone], className)}
      {...props}
    >
      {children}
    </button>
  );
}
