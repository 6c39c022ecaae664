import { operations } from '@wingmate/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signedInUser } from '../plugins/auth';
import { abTestOwner, createAbTestAssignment, listAbTestAssignments } from '../services/abtests/assignments';
import type { PixelEventPost } from '../services/attribution/conversions';
import { createUtmParams, listUserUtmParams } from '../services/attribution/utm-params';
import { assertVisitorAccess } from '../services/owner/visitor-access';
import { listPage } from './list-page';
import { registerOperation } from './operation-route';

/** docs/product.md#analytics-calls: tracking parameters, ad conversions and A/B assignments. */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const userIdOf = (request: FastifyRequest): number | null => request.auth?.user.id ?? null;

  registerOperation(app, operations.createUtmParams, async (request, reply) => {
    const userId = userIdOf(request);
    await assertVisitorAccess(db, request.body.uid, userId);
    return reply.code(201).send(await createUtmParams(db, request.body, userId));
  });

  registerOperation(app, operations.listUserUtmParams, async (request) => {
    return listUserUtmParams(db, signedInUser(request).id, listPage(request, request.query.page));
  });

  const pixelEvent = async (request: FastifyRequest, post: PixelEventPost) => {
    const userId = userIdOf(request);
    await assertVisitorAccess(db, post.body.uid, userId);
    return app.conversions.recordPixelEvent(post, { userId, ip: request.ip });
  };
  registerOperation(app, operations.createFacebookEvent, async (request, reply) =>
    reply.code(201).send(await pixelEvent(request, { platform: 'facebook', body: request.body })),
  );
  registerOperation(app, operations.createTiktokEvent, async (request, reply) =>
    reply.code(201).send(await pixelEvent(request, { platform: 'tiktok', body: request.body })),
  );
  registerOperation(app, operations.createSnapchatEvent, async (request, reply) =>
    reply.code(201).send(await pixelEvent(request, { platform: 'snapchat', body: request.body })),
  );
  registerOperation(app, operations.createPinterestEvent, async (request, reply) =>
    reply.code(201).send(await pixelEvent(request, { platform: 'pinterest', body: request.body })),
  );

  registerOperation(app, operations.createGoogleAdsConversion, async (request, reply) => {
    const userId = userIdOf(request);
    await assertVisitorAccess(db, request.body.uid, userId);
    const receipt = await app.conversions.recordGoogleAdsConversion(request.body, { userId, ip: request.ip });
    return reply.code(201).send(receipt);
  });

  registerOperation(app, operations.listAbtests, async (request) => {
    const userId = userIdOf(request);
    const owner = abTestOwner(userId, request.query.uid);
    if ('uid' in owner) await assertVisitorAccess(db, owner.uid, userId);
    return listAbTestAssignments(db, owner, request.query.group);
  });

  registerOperation(app, operations.createAbtest, async (request, reply) => {
    const userId = userIdOf(request);
    await assertVisitorAccess(db, request.body.uid, userId);
    const owner = abTestOwner(userId, request.body.uid);
    return reply.code(201).send(await createAbTestAssignment(db, owner, request.body));
  });
}
