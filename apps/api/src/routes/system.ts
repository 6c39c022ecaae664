import { operations } from '@wingmate/api-contract';
import type { FastifyInstance } from 'fastify';
import { registerOperation } from './operation-route';

/** Liveness and readiness, both answered from the database so a broken connection shows. */
export async function systemRoutes(app: FastifyInstance): Promise<void> {
  registerOperation(app, operations.healthz, async (_request, reply) => {
    const started = performance.now();
    try {
      await app.database.ping();
    } catch (error) {
      app.log.error({ err: error }, 'database ping failed');
      return reply.code(503).send({ status: 'unavailable', database: app.database.driver });
    }
    return {
      status: 'ok',
      database: app.database.driver,
      database_latency_ms: Math.round((performance.now() - started) * 100) / 100,
      time: new Date().toISOString(),
    };
  });

  registerOperation(app, operations.readyz, async (_request, reply) => {
    try {
      await app.database.ping();
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
