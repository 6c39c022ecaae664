import { useStore } from 'zustand';
import type { Session, SessionState } from '@wingmate/core-sdk';
import { useClient } from './services';

/** The session of core-sdk (logged in, the user, its load status), re-rendering on change. */
export function useSession(): SessionState;
export function useSession<T>(select: (state: SessionState) => T): T;
export function useSession<T>(select?: (state: SessionState) => T) {
  const session = useClient().session;
  return useStore(session, select ?? ((state: SessionState) => state as unknown as T));
}

/** The session store itself, for screens that ask it to load the user again. */
export function useSessionStore(): Session {
  return useClient().session;
}
