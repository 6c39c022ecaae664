import { House } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { buttonClasses } from '../../ui';

/** Any address we do not know: say so, show the path, and offer the way home. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-start px-gutter py-20">
      <title>Page not found · Wingmate</title>
      <p className="text-sm font-semibold text-brand">404</p>
      <h1 className="mt-2 text-4xl font-semibold text-ink">Page not found</h1>
      <p className="mt-4 text-ink-muted">
        There is nothing at{' '}
        <code className="rounded-sm bg-surface-muted px-1.5 py-0.5 break-all text-ink">{pathname}</code>. The
        link may be old, or the address mistyped.
      </p>
      <Link to="/" className={buttonClasses({ className: 'mt-8' })}>
        <House aria-hidden="true" className="size-4" />
        Go to the home page
      </Link>
    </div>
  );
}
