import type { RouteObject } from 'react-router-dom';

/** The profile screens' routes (profile, questionnaires, roasts), one lazy chunk each; `frame/routes.tsx` puts them in the tree. */
export const profileRoutes: RouteObject[] = [];
