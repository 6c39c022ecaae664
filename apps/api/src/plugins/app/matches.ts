import type { Clock } from '@wingmate/runtime';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MatchLines } from '../../services/matches/match-lines';
import { MatchPhotos } from '../../services/matches/match-photos';
import { Matches } from '../../services/matches/matches';
import { MemoryFacts } from '../../services/matches/memory-facts';
import { VisitorMatchExpiry } from '../../workers/visitor-matches';

/** How often each instance looks for visitors' matches past their 30 days: a day's accuracy is plenty. */
const EXPIRY_POLL_MS = 60 * 60_000;

/** The services of `/api/v1/matches/` (docs/product.md#matches) and the job that expires visitors' matches. */
export interface MatchServices {
  readonly matches: Matches;
  readonly photos: MatchPhotos;
  readonly lines: MatchLines;
  readonly facts: MemoryFacts;
  readonly expiry: VisitorMatchExpiry;
}

declare module 'fastify' {
  interface FastifyInstance {
    matches: MatchServices;
  }
}

/** Matches' services, built once for the routes (after uploads: photos are stored through it). */
export const matchesPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
  async (app: FastifyInstance, { clock }: { clock: Clock }) => {
    const db = app.database.db;
    const storage = app.uploadStorage;
    const expiry = new VisitorMatchExpiry(db, storage, clock, app.log.child({ worker: 'visitor-matches' }));
    app.decorate('matches', {
      matches: new Matches(db, storage, clock),
      photos: new MatchPhotos(db, storage, clock),
      lines: new MatchLines(db, clock),
      facts: new MemoryFacts(db, clock),
      expiry,
    });
    app.addHook('onClose', () => expiry.stop());
    expiry.start(EXPIRY_POLL_MS);
  },
  { name: 'matches', dependencies: ['database', 'uploads'] },
);
