import { CircleAlert, CircleCheck } from 'lucide-react';
import { cn } from '../../ui/cn';

/**
 * A message about the whole form, read out when it appears: an error (`role="alert"`) or a quiet confirmation
 * (`role="status"`, e.g. "We sent a new code").
 */
export function FormAlert({
  message,
  tone = 'error',
}: {
  message: string | null;
  tone?: 'error' | 'success';
}) {
  if (!message) return null;
  const Icon = tone === 'error' ? CircleAlert : CircleCheck;
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-2 rounded-md px-3.5 py-3 text-sm font-medium',
        tone === 'error' ? 'bg-danger-soft text-danger' : 'bg-success-soft text-success',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}
