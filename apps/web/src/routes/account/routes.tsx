import type { RouteObject } from 'react-router-dom';

/** The account screens' routes, one lazy chunk each; `frame/routes.tsx` puts them in the tree. */
export const accountRoutes: RouteObject[] = [
  { path: 'account', handle: { loader: true }, lazy: () => import('./route') },
];
