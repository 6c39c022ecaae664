import { CircleAlert, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { cn } from './cn';

export interface ErrorNoticeProps {
  /** What went wrong, in the server's words when it gave some. */
  children: ReactNode;
  /** Offers "Try again" when given. */
  onRetry?: () => void;
  className?: string;
}

/** A failure shown in the page (a load that failed, an action refused), announced as it appears. */
export function ErrorNotice({ children, onRetry, className }: ErrorNoticeProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-wrap items-start gap-3 rounded-lg border border-danger/40 bg-danger-soft p-4 text-ink',
        className,
      )}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
      <div className="min-w-0 flex-1 text-sm leading-6">{children}</div>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      )}
    </div>
  );
}
