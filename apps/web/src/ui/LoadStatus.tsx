import { cn } from './cn';
import { ErrorNotice } from './ErrorNotice';
import { Spinner } from './Spinner';
import type { LoadState } from './useLoader';

export interface LoadStatusProps {
  /** The loader's state: this shows something only while loading or after a failure. */
  state: LoadState<unknown>;
  /** Loads again (the error's "Try again"). */
  onRetry: () => void;
  /** The spinner's accessible label, e.g. "Loading your bio". */
  loadingLabel: string;
  /** The failure's first line, e.g. "Your bio could not be loaded."; the error's message follows it. */
  failure: string;
  /** Room around the spinner; a full page's by default. */
  spinnerClassName?: string;
}

/** What a screen shows for data it is still loading (a spinner) or could not load (the error, and a retry). */
export function LoadStatus({
  state,
  onRetry,
  loadingLabel,
  failure,
  spinnerClassName = 'py-16',
}: LoadStatusProps) {
  if (state.status === 'loading')
    return (
      <div className={cn('flex justify-center', spinnerClassName)}>
        <Spinner size="lg" label={loadingLabel} />
      </div>
    );
  if (state.status === 'error')
    return (
      <ErrorNotice onRetry={onRetry}>
        <p className="font-semibold">{failure}</p>
        <p>{state.message}</p>
      </ErrorNotice>
    );
  return null;
}
