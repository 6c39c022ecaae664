import type { RouteObject } from 'react-router-dom';

/** The profile screens' routes (profile, questionnaires, roasts), one lazy chunk each; `frame/routes.tsx` puts them in the tree. */
export const profileRoutes: RouteObject[] = [
  { path: 'profile', lazy: () => import('./profile-route') },
  { path: 'questionnaires/:id', lazy: () => import('./questionnaire-route') },
  { path: 'roasts', lazy: () => import('./roasts-route') },
];
