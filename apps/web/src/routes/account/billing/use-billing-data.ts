import { useCallback, useEffect, useState } from 'react';
import { usePageDataPending } from '../../../frame/page-data';

export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'failed'; reload(): void }
  | { status: 'loaded'; data: T; reload(): void };

/** One billing call's answer for a section: loading, failed (with a retry) or loaded (with a reload). */
export function useBillingData<T>(load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; data: T }
  >({
    status: 'loading',
  });
  const [round, setRound] = useState(0);
  // `/account` waits behind the page loader for each section's first answer, so no section pops in late.
  usePageDataPending(state.status === 'loading');
  const reload = useCallback(() => setRound((value) => value + 1), []);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: 'loaded', data }),
      () => !controller.signal.aborted && setState({ status: 'failed' }),
    );
    return () => controller.abort();
    // `load` is a new function each render; the round alone says when to ask again.
  }, [round]);
  if (state.status === 'loading') return state;
  return { ...state, reload };
}
