import type { RouteObject } from 'react-router-dom';

/** The auth screens' routes, one lazy chunk each; `frame/routes.tsx` puts them in the tree. */
export const authRoutes: RouteObject[] = [
  { path: 'signup', lazy: () => import('./signup-route') },
  { path: 'login', lazy: () => import('./login-route') },
  { path: 'verify', lazy: () => import('./verify-route') },
  { path: 'reset-password', lazy: () => import('./reset-password-route') },
];
