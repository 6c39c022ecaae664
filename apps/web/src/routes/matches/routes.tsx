import type { RouteObject } from 'react-router-dom';

/** The matches screens' routes (everyone's, a visitor's by uid), one lazy chunk each; `frame/routes.tsx` puts them in the tree. */
export const matchesRoutes: RouteObject[] = [
  { path: 'matches', handle: { loader: true }, lazy: () => import('./matches-route') },
  { path: 'matches/:id', handle: { loader: true }, lazy: () => import('./match-route') },
];
