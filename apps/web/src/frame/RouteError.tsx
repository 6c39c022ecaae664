import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigation, useRouteError } from 'react-router-dom';
import { Button } from '../ui/Button';

/** A route's code chunk failed to download (a deploy replaced it, or the network dropped): only a reload helps. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
      error.message,
    )
  );
}

/**
 * The error boundary of every route: the header and footer stay, the page says what happened and offers
 * "Try again" (navigates to the same address again: its data loads and it renders anew; a reload when its
 * code failed to download).
 */
export function RouteError({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    console.error(error);
    heading.current?.focus();
  }, [error]);

  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-start px-gutter py-16">
      <title>Something went wrong · Wingmate</title>
      <h1 ref={heading} tabIndex={-1} data-page-heading className="text-3xl font-semibold text-ink">
        Something went wrong
      </h1>
      <p className="mt-3 text-ink-muted">
        This page could not be shown. It may work if you try again; if it keeps failing, write to us and tell
        us what you were doing.
      </p>
      <Button
        className="mt-6"
        loading={navigation.state !== 'idle'}
        onClick={() => (isChunkLoadError(error) ? reload() : void navigate(location, { replace: true }))}
      >
        Try again
      </Button>
    </div>
  );
}
