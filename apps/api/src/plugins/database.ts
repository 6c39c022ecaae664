import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** Shares the opened database with every route and closes it when the server closes. */
export const databasePlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
  async (app: FastifyInstance, options: { database: Database }) => {
    app.decorate('database', options.database);
    app.addHook('onClose', async () => options.database.close());
  },
  { name: 'database' },
);
