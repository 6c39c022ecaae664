import type { Clock } from '@wingmate/runtime';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Styles } from '../../services/style/styles';
import { SuggestionOutcomes } from '../../services/suggestions/suggestion-outcomes';

/** The services of `/api/v1/style/` and `/api/v1/suggestions/` (docs/product.md#sounds-like-me). */
export interface StyleServices {
  readonly styles: Styles;
  readonly suggestions: SuggestionOutcomes;
}

declare module 'fastify' {
  interface FastifyInstance {
    style: StyleServices;
  }
}

/** The style and suggestion services, built once for the routes. */
export const stylePlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
  async (app: FastifyInstance, { clock }: { clock: Clock }) => {
    const db = app.database.db;
    app.decorate('style', {
      styles: new Styles(db, clock),
      suggestions: new SuggestionOutcomes(db, clock),
    });
  },
  { name: 'style', dependencies: ['database'] },
);
