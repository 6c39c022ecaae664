import type { RouteObject } from 'react-router-dom';

/** The profile screens' routes (profile, questionnaires, roasts), one lazy chunk each; `frame/routes.tsx` puts them in the tree. */
export const profileRoutes: RouteObject[] = [
  { path: 'profile', handle: { loader: true }, lazy: () => import('./profile-route') },
  { path: 'questionnaires/:id', handle: { loader: true }, lazy: () => import('./questionnaire-route') },
  { path: 'roasts', handle: { loader: true }, lazy: () => import('./roasts-route') },
];
