import { LoaderCircle } from 'lucide-react';
import { cn } from './cn';
import { VisuallyHidden } from './VisuallyHidden';

export interface SpinnerProps {
  /** Read to screen readers as a status; without it the spinner is decorative (inside a busy button). */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  const icon = (
    <LoaderCircle
      aria-hidden="true"
      className={cn(sizes[size], 'animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]', className)}
    />
  );
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}
