import { WifiOff } from 'lucide-react';
import { useOnlineStatus } from './useOnlineStatus';

/** A bar under the header while the browser is offline; the live region announces it and its end. */
export function OfflineNotice() {
  const online = useOnlineStatus();
  return (
    <div role="status" aria-live="polite">
      {!online && (
        <p className="flex items-center justify-center gap-2 bg-warning-soft px-gutter py-2 text-center text-sm font-medium text-warning">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          You are offline. What you do now will not be saved until your connection is back.
        </p>
      )}
    </div>
  );
}
