import { Mail, Smartphone } from 'lucide-react';
import { cn } from '../../ui/cn';

export type ContactMethod = 'phone' | 'email';

const methods = [
  { value: 'phone', label: 'Phone', icon: Smartphone },
  { value: 'email', label: 'Email', icon: Mail },
] as const;

/**
 * Phone or e-mail: two toggle buttons (`aria-pressed`), not tabs, so Tab, Space and Enter alone reach both.
 */
export function MethodSwitch({
  value,
  onChange,
  label,
}: {
  value: ContactMethod;
  onChange: (method: ContactMethod) => void;
  label: string;
}) {
  return (
    <div role="group" aria-label={label} className="grid grid-cols-2 gap-1 rounded-full bg-surface-muted p-1">
      {methods.map(({ value: method, label: text, icon: Icon }) => (
        <button
          key={method}
          type="button"
          aria-pressed={value === method}
          onClick={() => onChange(method)}
          className={cn(
            'inline-flex h-10 items-center justify-center gap-2 rounded-full text-sm font-semibold transition-colors',
            value === method ? 'bg-surface text-ink shadow-sm' : 'text-ink-muted hover:text-ink',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
          {text}
        </button>
      ))}
    </div>
  );
}
