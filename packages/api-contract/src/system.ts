import Type, { type Static } from 'typebox';
import { Timestamp } from './common';
import { defineOperation } from './operation';
import { systemRoutes } from './system.routes';

/** Liveness, answered after a database ping so that a broken connection shows. */
export const Health = Type.Object({
  status: Type.Literal('ok'),
  /** The database driver in use: `pglite` (embedded) or `postgres`. */
  database: Type.String(),
  database_latency_ms: Type.Number({ minimum: 0 }),
  time: Timestamp,
});
export type Health = Static<typeof Health>;

export const HealthFailure = Type.Object({ status: Type.Literal('unavailable'), database: Type.String() });
export type HealthFailure = Static<typeof HealthFailure>;

export const Readiness = Type.Object({ status: Type.Literal('ready') });
export type Readiness = Static<typeof Readiness>;

export const NotReady = Type.Object({ status: Type.Literal('unavailable') });
export type NotReady = Static<typeof NotReady>;

export const healthz = defineOperation({
  ...systemRoutes.healthz,
  summary: 'Liveness: the process answers and reaches its database; 503 when the database does not answer',
  responses: { 200: Health, 503: HealthFailure },
});

export const readyz = defineOperation({
  ...systemRoutes.readyz,
  summary: 'Readiness for traffic (load balancers); 503 while the database does not answer',
  responses: { 200: Readiness, 503: NotReady },
});

export const systemOperations = { healthz, readyz };
