import type { RouteObject } from 'react-router-dom';

/** The auth screens' routes, one lazy chunk each; `frame/routes.tsx` puts them in the tree. */
export const authRoutes: RouteObject[] = [];
