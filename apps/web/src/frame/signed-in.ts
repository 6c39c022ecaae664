import { useSyncExternalStore } from 'react';
import { ACCESS_TOKEN_KEY, cookieStorage, safeStorage, silentLogger } from '@wingmate/core-sdk';
import { useOptionalServices } from '../stores/services';

const noSession = { subscribe: () => () => undefined };

/**
 * Whether the token cookie core-sdk keeps is there: the session's own rule (docs/product.md#sessions-and-tokens),
 * read before it loads.
 */
function tokenCookieHeld(): boolean {
  return safeStorage(cookieStorage(), silentLogger).get(ACCESS_TOKEN_KEY) !== null;
}

/**
 * Whether the person is signed in, for the header: the session's answer once the services are there, and until
 * then whether its token cookie is, so a member's first paint already shows the account menu's place.
 */
export function useSignedIn(): boolean {
  const session = useOptionalServices()?.client.session;
  return useSyncExternalStore(
    (session ?? noSession).subscribe,
    () => (session ? session.getState().isLoggedIn : tokenCookieHeld()),
    () => false,
  );
}
