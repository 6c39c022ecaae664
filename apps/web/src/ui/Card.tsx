import type { ComponentProps } from 'react';
import { cn } from './cn';

/** A surface that groups one thing: a plan, an example, a setting. */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('rounded-lg border border-line bg-surface p-5 shadow-sm sm:p-6', className)}
      {...props}
    />
  );
}
