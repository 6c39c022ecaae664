import { operations } from '@wingmate/api-contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerOperation } from './operation-route';

describe('registerOperation', () => {
  let app: FastifyInstance;
  beforeEach(() => {
    app = Fastify();
  });
  afterEach(async () => {
    await app.close();
  });

  it("answers a returned body and a sent one of another declared status through the contract's schemas", async () => {
    let ready = true;
    registerOperation(app, operations.readyz, async (_request, reply) =>
      ready ? { status: 'ready' as const } : reply.code(503).send({ status: 'unavailable' }),
    );
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
    ready = false;
    const refused = await app.inject({ method: 'GET', url: '/readyz' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ status: 'unavailable' });
  });
});

/**
 * Handlers that drift from the contract do not compile: `tsc -p apps/api` (the typecheck of CI) reports an unused
 * `@ts-expect-error` if either registration below ever type-checks. Never called.
 */
export function driftingHandlersDoNotCompile(app: FastifyInstance): void {
  // @ts-expect-error a success body the contract does not declare
  registerOperation(app, operations.readyz, () => Promise.resolve({ status: 'almost' }));
  registerOperation(app, operations.readyz, async (_request, reply) =>
    // @ts-expect-error a 503 body of the wrong shape
    reply.code(503).send({ ready: false }),
  );
}
