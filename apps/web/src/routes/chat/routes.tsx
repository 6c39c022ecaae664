import type { RouteObject } from 'react-router-dom';
import { ChatShell } from './ChatLayout';

/** The chat screens' routes, one lazy chunk each; `frame/routes.tsx` puts them in the tree. */
export const chatRoutes: RouteObject[] = [
  { path: 'chat', handle: { shell: ChatShell }, lazy: () => import('./route') },
];
