import {
  operations,
  UploadBioImageBody,
  type UploadBioImageBody as UploadFields,
} from '@wingmate/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readMultipartForm, validateFormFields } from '../plugins/uploads';
import { Problem } from '../problem';
import { listPage } from './list-page';
import { resolveOwner, type Owner } from '../services/owner/owner';
import { registerOperation } from './operation-route';

/**
 * `dating_bio/...` (docs/product.md#account-calls), by token or by uid
 * (docs/decisions.md#chat-bio-and-profile-appsapi); plugins/app/dating-bio.ts builds the services.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
export async function datingBioRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const { bios, photos, reviews } = app.datingBio;
  const limits = app.usageLimits;
  const ownerOf = (request: FastifyRequest, uid: string): Promise<Owner> =>
    resolveOwner(db, request.auth?.user.id ?? null, uid);

  registerOperation(app, operations.createDatingBio, async (request, reply) => {
    const owner = await ownerOf(request, request.body.uid);
    return reply.code(201).send(await bios.create(owner, request.body.uid, request.body.text));
  });
  registerOperation(app, operations.getDatingBio, async (request) =>
    bios.current(await ownerOf(request, request.params.uid)),
  );
  // The AI limit counts only calls that reach the model (docs/decisions.md#money-chat-uploads-and-ai-limits).
  const aiLimit = (owner: Owner, request: FastifyRequest) => async () => limits.ai(owner, request.ip);

  registerOperation(app, operations.generateDatingBio, async (request, reply) => {
    const owner = await ownerOf(request, request.params.uid);
    const version = await bios.generate(
      owner,
      request.params.id,
      request.body?.tone,
      aiLimit(owner, request),
    );
    return reply.code(201).send(version);
  });
  registerOperation(app, operations.updateDatingBio, async (request) =>
    bios.update(await ownerOf(request, request.params.uid), request.params.id, request.body.text),
  );
  registerOperation(app, operations.rewriteDatingBio, async (request, reply) => {
    const owner = await ownerOf(request, request.params.uid);
    const version = await bios.rewrite(
      owner,
      request.params.id,
      request.body.response_text,
      aiLimit(owner, request),
    );
    return reply.code(201).send(version);
  });

  registerOperation(app, operations.uploadDatingBioImage, async (request, reply) => {
    const owner = await ownerOf(request, request.params.uid);
    // Counted before the form is read: a flood of uploads costs neither memory nor image work.
    await limits.upload(owner, request.ip);
    const form = await readMultipartForm(request, ['image']);
    const fields = validateFormFields<UploadFields>(request, UploadBioImageBody, form.fields);
    if (fields.uid !== request.params.uid)
      throw Problem.field('uid', 'The uid must be the one in the address.');
    return reply.code(201).send(await photos.upload(owner, request.params.uid, form.files.image));
  });
  registerOperation(app, operations.listDatingBioImages, async (request) =>
    photos.list(await ownerOf(request, request.params.uid), listPage(request, request.query.page)),
  );
  registerOperation(app, operations.deleteDatingBioImage, async (request, reply) => {
    await photos.delete(await ownerOf(request, request.params.uid), request.params.id);
    return reply.code(204).send();
  });

  registerOperation(app, operations.listImageReviews, async (request) =>
    reviews.list(await ownerOf(request, request.params.uid), listPage(request, request.query.page)),
  );
  registerOperation(app, operations.createImageReview, async (request) => {
    const owner = await ownerOf(request, request.params.uid);
    return reviews.review(owner, request.params.uid, aiLimit(owner, request));
  });
  registerOperation(app, operations.followUpImageReview, async (request, reply) => {
    const owner = await ownerOf(request, request.params.uid);
    const answer = await reviews.followUp(owner, request.body.response_text, aiLimit(owner, request));
    return reply.code(201).send(answer);
  });
}
