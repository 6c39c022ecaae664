import type { ComponentProps } from 'react';
import { cn } from './cn';

/** Text for screen readers only: read aloud, not shown. */
export function VisuallyHidden({ className, ...props }: ComponentProps<'span'>) {
  return <span className={cn('sr-only', className)} {...props} />;
}
