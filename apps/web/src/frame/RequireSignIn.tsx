import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../stores/session';

/** Where a sign-in screen sends the person back to afterwards: `/login?next=/account`. */
export function signInPath(next: string, screen: '/login' | '/signup' = '/login'): string {
  return `${screen}?${new URLSearchParams({ next })}`;
}

/**
 * Members-only screens: a visitor goes to sign in and comes back to where they were going (the path, query and
 * hash are kept in `next`).
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const location = useLocation();
  if (!isLoggedIn) {
    return <Navigate to={signInPath(location.pathname + location.search + location.hash)} replace />;
  }
  return <>{children}</>;
}
