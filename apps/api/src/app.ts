import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { databasePlugin } from './plugins/database';
import { errorsPlugin } from './plugins/errors';
import { systemRoutes } from './routes/system';

/** JSON bodies above this are refused with 413 (decisions.md, "Limits and abuse"). */
export const JSON_BODY_LIMIT = 100 * 1024;

export interface AppDependencies {
  /** An already opened database; by default one is opened from the configuration. */
  readonly database?: Database;
}

/** Builds the API server: plugins, then routes, all ready to `listen` or `inject`. */
export async function buildApp(config: Config, dependencies: AppDependencies = {}): Promise<FastifyInstance> {
  const database = dependencies.database ?? (await openConfiguredDatabase(config));
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    genReqId: (request) => headerRequestId(request.headers['x-request-id']) ?? randomUUID(),
    requestIdHeader: false,
    ajv: { customOptions: { allErrors: true } },
    trustProxy: true,
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } });
  await app.register(cors, {
    origin: [...config.webOrigins],
    credentials: true,
    exposedHeaders: ['x-request-id', 'retry-after'],
  });
  await app.register(errorsPlugin);
  await app.register(databasePlugin, { database });
  await app.register(systemRoutes);
  return app;
}

export function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.inMemoryDatabase ? undefined : path.join(config.dataDir, 'db'),
  });
}

/** A caller's own request id is kept (for tracing across services) when it looks like one. */
function headerRequestId(value: string | string[] | undefined): string | undefined {
  const id = Array.isArray(value) ? value[0] : value;
  return id && /^[\w.:-]{1,128}$/.test(id) ? id : undefined;
}
