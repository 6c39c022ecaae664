import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { seedProfileIfEmpty } from '../../services/profile/seed';

/**
 * Profile questions, questionnaires, offers and notices: the default content is loaded on first start (offers
 * name plans, so after memberships has seeded the catalogue). The profile's services are functions of the
 * database, which the routes call directly.
 */
export const profilePlugin = fp(
  async (app: FastifyInstance) => {
    const seeded = await seedProfileIfEmpty(app.database.db);
    if (seeded.length) app.log.info({ seeded }, 'profile tables were empty: the default content is loaded');
  },
  { name: 'profile', dependencies: ['database', 'memberships'] },
);
