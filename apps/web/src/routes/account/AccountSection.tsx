import { useId, type ReactNode } from 'react';
import { Card } from '../../ui/Card';
import { cn } from '../../ui/cn';

export interface AccountSectionProps {
  title: string;
  /** One sentence under the title: what the section is for. */
  description?: ReactNode;
  /** `danger` marks the section whose actions cannot be undone. */
  tone?: 'default' | 'danger';
  children: ReactNode;
}

/** One part of the account page: a card with its heading, which also names the region for screen readers. */
export function AccountSection({ title, description, tone = 'default', children }: AccountSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card>
        <h2
          id={headingId}
          className={cn('text-xl font-semibold', tone === 'danger' ? 'text-danger' : 'text-ink')}
        >
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-ink-muted">{description}</p>}
        <div className="mt-5">{children}</div>
      </Card>
    </section>
  );
}
