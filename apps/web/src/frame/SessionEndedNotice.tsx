import { useEffect } from 'react';
import type { SessionState } from '@wingmate/core-sdk';
import type { PendingServices } from '../stores/services-loader';
import { useToast } from '../ui/toast-store';

/**
 * Says so when the server ended the person's session (a refresh it refused: the session ran out or was signed out
 * elsewhere). Members-only pages then send the person to sign in, and this is the word that tells them why. A
 * logout the person chose says its own goodbye. The session keeps how it ended, so an end that came before the
 * services reached this frame is told too.
 */
export function SessionEndedNotice({ services }: { services: PendingServices }) {
  const toast = useToast();
  useEffect(() => {
    let unsubscribe = () => undefined as void;
    let gone = false;
    const tell = ({ ended }: SessionState, previous?: SessionState) => {
      if (ended === 'expired' && previous?.ended !== 'expired')
        toast({ title: 'Your session ended', description: 'Sign in again to go on.' });
    };
    void services.loaded.then(
      ({ client }) => {
        if (gone) return;
        tell(client.session.getState());
        unsubscribe = client.session.subscribe(tell);
      },
      () => undefined, // Without services there is no session to end.
    );
    return () => {
      gone = true;
      unsubscribe();
    };
  }, [services, toast]);
  return null;
}
