import type { RouteObject } from 'react-router-dom';

/** The pricing screens' routes, one lazy chunk each; `frame/routes.tsx` puts them in the tree. */
export const pricingRoutes: RouteObject[] = [];
