import type { RouteObject } from 'react-router-dom';

/** The style screen's route (everyone's, a visitor's by uid), one lazy chunk; `frame/routes.tsx` puts it in the tree. */
export const styleRoutes: RouteObject[] = [
  { path: 'style', handle: { loader: true }, lazy: () => import('./style-route') },
];
