import { operations } from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readMultipartForm } from '../plugins/uploads';
import { MatchImports } from '../services/matches/screenshots/imports';
import { TesseractReader } from '../services/matches/screenshots/reader';
import { resolveOwner, type Owner } from '../services/owner/owner';
import { registerOperation } from './operation-route';

/**
 * Screenshot imports of a match (docs/product.md#screenshots-to-a-conversation), by token or by `?uid=`. The
 * reader's OCR worker starts with the first screenshot and ends when the server closes, after the screenshots
 * being read.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
export async function matchImportRoutes(app: FastifyInstance, options: { clock: Clock }): Promise<void> {
  const db = app.database.db;
  const reader = new TesseractReader();
  const imports = new MatchImports(db, reader, options.clock, app.log);
  app.addHook('onClose', async () => {
    await imports.drain();
    await reader.close();
  });
  const ownerOf = (request: FastifyRequest, uid: string | undefined): Promise<Owner> =>
    resolveOwner(db, request.auth?.user.id ?? null, uid);

  registerOperation(app, operations.createMatchImport, async (request, reply) => {
    const owner = await ownerOf(request, request.query.uid);
    return reply.code(201).send(await imports.create(owner, request.params.id));
  });
  registerOperation(app, operations.getMatchImport, async (request) =>
    imports.get(await ownerOf(request, request.query.uid), request.params.id, request.params.importId),
  );
  registerOperation(app, operations.uploadMatchScreenshot, async (request, reply) => {
    const owner = await ownerOf(request, request.query.uid);
    // Counted before the form is read: a flood of screenshots costs neither memory nor OCR.
    await app.usageLimits.screenshot(owner, request.ip);
    const form = await readMultipartForm(request, ['image']);
    const { id, importId } = request.params;
    return reply.code(202).send(await imports.upload(owner, id, importId, form.files.image));
  });
}
