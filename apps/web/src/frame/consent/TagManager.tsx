import { useEffect } from 'react';
import { useConsent } from './ConsentContext';
import { loadTagManager, tagManagerLoaded } from './tag-manager';

const reloadPage = () => window.location.reload();

/**
 * Loads the tag manager only after "Accept all" and only when an id is configured. Withdrawing consent after it
 * loaded reloads the page, the only way to take its tags back out.
 */
export function TagManager({ id, reload = reloadPage }: { id: string | undefined; reload?: () => void }) {
  const choice = useConsent((state) => state.choice);
  useEffect(() => {
    if (choice === 'all' && id) loadTagManager(id);
    else if (choice === 'necessary' && tagManagerLoaded()) reload();
  }, [choice, id, reload]);
  return null;
}
