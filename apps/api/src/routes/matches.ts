import { operations } from '@wingmate/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readMultipartForm } from '../plugins/uploads';
import { resolveOwner, type Owner } from '../services/owner/owner';
import { listPage } from './list-page';
import { registerOperation } from './operation-route';

/**
 * `/api/v1/matches/` (docs/product.md#matches): a person's matches, their photos, transcript and memory, by token
 * or by `?uid=`; plugins/app/matches.ts builds the services. The coaching chat, the replies and the screenshot
 * imports have routes of their own.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
export async function matchesRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const { matches, photos, lines, facts } = app.matches;
  const ownerOf = (request: FastifyRequest<{ Querystring: { uid?: string } }>): Promise<Owner> =>
    resolveOwner(db, request.auth?.user.id ?? null, request.query.uid);

  registerOperation(app, operations.listMatches, async (request) =>
    matches.list(
      await ownerOf(request),
      request.query.archived ?? false,
      listPage(request, request.query.page),
    ),
  );
  registerOperation(app, operations.createMatch, async (request, reply) =>
    reply.code(201).send(await matches.create(await ownerOf(request), request.body)),
  );
  registerOperation(app, operations.getMatch, async (request) =>
    matches.get(await ownerOf(request), request.params.id),
  );
  registerOperation(app, operations.updateMatch, async (request) =>
    matches.update(await ownerOf(request), request.params.id, request.body),
  );
  registerOperation(app, operations.deleteMatch, async (request, reply) => {
    await matches.delete(await ownerOf(request), request.params.id);
    return reply.code(204).send();
  });

  registerOperation(app, operations.uploadMatchPhoto, async (request, reply) => {
    const owner = await ownerOf(request);
    // Counted before the form is read, in the same hourly limit as bio photos: a flood of uploads costs neither
    // memory nor image work (docs/decisions.md#money-chat-uploads-and-ai-limits).
    await app.usageLimits.upload(owner, request.ip);
    const form = await readMultipartForm(request, ['image']);
    return reply.code(201).send(await photos.upload(owner, request.params.id, form.files.image));
  });
  registerOperation(app, operations.deleteMatchPhoto, async (request, reply) => {
    await photos.delete(await ownerOf(request), request.params.id, request.params.photoId);
    return reply.code(204).send();
  });

  registerOperation(app, operations.listMatchLines, async (request) =>
    lines.list(await ownerOf(request), request.params.id),
  );
  // A confirmed screenshot import brings the match's memory up to date after the answer: imports are bounded by
  // the hourly screenshot limit, so the model call it costs is too. Typed lines (like a corrected or removed one)
  // join the memory at the next coaching exchange (docs/product.md#how-a-matchs-memory-works).
  registerOperation(app, operations.addMatchLines, async (request, reply) => {
    const added = await lines.add(await ownerOf(request), request.params.id, request.body);
    if (request.body.import_id !== undefined) app.matchMemory.later(request.params.id);
    return reply.code(201).send(added);
  });
  registerOperation(app, operations.updateMatchLine, async (request) =>
    lines.update(await ownerOf(request), request.params.id, request.params.lineId, request.body),
  );
  registerOperation(app, operations.deleteMatchLine, async (request, reply) => {
    await lines.delete(await ownerOf(request), request.params.id, request.params.lineId);
    return reply.code(204).send();
  });

  registerOperation(app, operations.createMatchMemoryFact, async (request, reply) =>
    reply.code(201).send(await facts.create(await ownerOf(request), request.params.id, request.body)),
  );
  registerOperation(app, operations.updateMatchMemoryFact, async (request) =>
    facts.update(await ownerOf(request), request.params.id, request.params.factId, request.body),
  );
  registerOperation(app, operations.deleteMatchMemoryFact, async (request, reply) => {
    await facts.delete(await ownerOf(request), request.params.id, request.params.factId);
    return reply.code(204).send();
  });
}
