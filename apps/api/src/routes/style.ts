import { operations } from '@wingmate/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveOwner, type Owner } from '../services/owner/owner';
import { registerOperation } from './operation-route';

/**
 * `/api/v1/style/` and `/api/v1/suggestions/` (docs/product.md#sounds-like-me,
 * docs/product.md#what-works-for-you): the person's texting style and the outcomes of the suggestions they were
 * offered, by token or by `?uid=`; plugins/app/style.ts builds the services.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
export async function styleRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const { styles, suggestions } = app.style;
  const ownerOf = (request: FastifyRequest<{ Querystring: { uid?: string } }>): Promise<Owner> =>
    resolveOwner(db, request.auth?.user.id ?? null, request.query.uid);

  registerOperation(app, operations.getStyle, async (request) => styles.get(await ownerOf(request)));
  registerOperation(app, operations.addStyleSamples, async (request) =>
    styles.addSamples(await ownerOf(request), request.body),
  );
  registerOperation(app, operations.updateStyleProfile, async (request) =>
    styles.updateProfile(await ownerOf(request), request.body),
  );
  registerOperation(app, operations.deleteStyle, async (request, reply) => {
    await styles.delete(await ownerOf(request));
    return reply.code(204).send();
  });

  registerOperation(app, operations.markSuggestion, async (request) =>
    suggestions.mark(await ownerOf(request), request.params.id, request.body.outcome),
  );
  registerOperation(app, operations.getWhatWorks, async (request) =>
    suggestions.whatWorks(await ownerOf(request)),
  );
}
