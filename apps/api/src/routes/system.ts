import { operations } from '@wingmate/api-contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerOperation } from './operation-route';

declare module 'fastify' {
  interface FastifyInstance {
    /** true once the server is shutting down: /readyz answers 503 so load balancers stop sending traffic. */
    draining: boolean;
  }
}

/**
 * Liveness and readiness, both answered from the database so a broken connection shows; readiness is also
 * false while the server drains (a graceful shutdown: set `draining`, or `close()` begins).
 */
export const systemRoutes = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
  async (app: FastifyInstance): Promise<void> => {
    app.decorate('draining', false);
    // eslint-disable-next-line @typescript-eslint/require-await -- application hook: Fastify hears of a throw here only as a rejection
    app.addHook('preClose', async () => {
      app.draining = true;
    });
    registerOperation(app, operations.healthz, async (_request, reply) => {
      const started = performance.now();
      try {
        await app.database.ping();
      } catch (error) {
        app.log.error({ err: error }, 'database ping failed');
        return reply.code(503).send({ status: 'unavailable', database: app.database.driver });
      }
      return {
        status: 'ok' as const,
        database: app.database.driver,
        database_latency_ms: Math.round((performance.now() - started) * 100) / 100,
        time: new Date().toISOString(),
      };
    });

    registerOperation(app, operations.readyz, async (_request, reply) => {
      if (app.draining) return reply.code(503).send({ status: 'unavailable' });
      try {
        await app.database.ping();
        return { status: 'ready' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable' });
      }
    });
  },
  { name: 'system' },
);
