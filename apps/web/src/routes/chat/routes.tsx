import type { RouteObject } from 'react-router-dom';

/** The chat screens' routes, one lazy chunk each; `frame/routes.tsx` puts them in the tree. */
export const chatRoutes: RouteObject[] = [{ path: 'chat', lazy: () => import('./route') }];
