import * as ProgressPrimitive from '@radix-ui/react-progress';
import { cn } from './cn';

export interface ProgressBarProps {
  /** The accessible name ("Uploading beach.jpg"). */
  label: string;
  /** 0 to 1; undefined while the total is not known yet (an indeterminate bar). */
  fraction?: number;
  className?: string;
}

/** How far a task has come (an upload), read as a percentage by screen readers. */
export function ProgressBar({ label, fraction, className }: ProgressBarProps) {
  const percent = fraction === undefined ? null : Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <ProgressPrimitive.Root
      aria-label={label}
      value={percent}
      max={100}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-surface-muted', className)}
    >
      <ProgressPrimitive.Indicator
        className={cn(
          'h-full bg-brand transition-[width] motion-reduce:transition-none',
          percent === null && 'w-1/3 animate-pulse',
        )}
        style={percent === null ? undefined : { width: `${percent}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
