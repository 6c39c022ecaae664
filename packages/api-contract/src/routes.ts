// The route table (`@wingmate/api-contract/routes`): method, path and auth mode of every operation, and no schema
// code, so that the SDK can import it without shipping TypeBox. The operations spread these same objects.
import { accountRoutes } from './account.routes';
import { analyticsRoutes } from './analytics.routes';
import { authRoutes } from './auth.routes';
import { chatRoutes } from './chat.routes';
import { datingBioRoutes } from './dating-bio.routes';
import { matchRoutes } from './matches.routes';
import { membershipRoutes } from './memberships.routes';
import { styleRoutes } from './style.routes';
import { systemRoutes } from './system.routes';

export type { AuthMode, HttpMethod, OperationGroup } from './operation';
export { defineRoutes, type Route, type RouteRow, type RoutesOf } from './route';
export { REFRESH_COOKIE, SESSION_MODE_HEADER, type SessionMode } from './auth.routes';

/** Every route, keyed by operation id: `routes.login` is `{id, group, method, path, auth}`. */
export const routes = {
  ...systemRoutes,
  ...authRoutes,
  ...analyticsRoutes,
  ...membershipRoutes,
  ...accountRoutes,
  ...datingBioRoutes,
  ...chatRoutes,
  ...matchRoutes,
  ...styleRoutes,
};

export type Routes = typeof routes;
export type RouteId = keyof Routes;
