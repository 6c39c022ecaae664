import { defineRoutes } from './route';

/** Method, path and auth mode of each system operation, with no schema code; `./system.ts` spreads them. */
export const systemRoutes = defineRoutes('system', {
  healthz: ['GET', '/healthz', 'public'],
  readyz: ['GET', '/readyz', 'public'],
});
