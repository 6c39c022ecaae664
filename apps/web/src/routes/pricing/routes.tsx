import type { RouteObject } from 'react-router-dom';
import { PricingShell } from './PricingLayout';

/** The pricing screens' routes, one lazy chunk each; `frame/routes.tsx` puts them in the tree. */
export const pricingRoutes: RouteObject[] = [
  { path: 'pricing', handle: { shell: PricingShell }, lazy: () => import('./pricing-route') },
  // Listed before `:planId`, though the router ranks the static segment first anyway.
  { path: 'checkout/top-up', lazy: () => import('./top-up-route') },
  { path: 'checkout/:planId', lazy: () => import('./checkout-route') },
];
