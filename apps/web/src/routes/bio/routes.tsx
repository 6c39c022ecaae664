import type { RouteObject } from 'react-router-dom';

/** The bio screens' routes, one lazy chunk each; `frame/routes.tsx` puts them in the tree. */
export const bioRoutes: RouteObject[] = [
  { path: 'bio', handle: { loader: true }, lazy: () => import('./bio-route') },
  { path: 'bio/photos', handle: { loader: true }, lazy: () => import('./photos-route') },
];
