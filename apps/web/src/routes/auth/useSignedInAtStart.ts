import { useState } from 'react';
import { useSession } from '../../stores/session';

/**
 * Whether the person was already signed in when the screen opened (they are sent on). Read once: a sign-in made
 * on this screen moves on by itself, e.g. to the e-mail code step, and must not be cut short.
 */
export function useSignedInAtStart(): boolean {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const [atStart] = useState(isLoggedIn);
  return atStart;
}
