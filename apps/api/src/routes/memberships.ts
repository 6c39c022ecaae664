import { operations } from '@wingmate/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { InvalidWebhook } from '../adapters/payments/ports';
import type { UserRow } from '../db/schema';
import { signedInUser } from '../plugins/auth';
import { assertMayPay } from '../services/account/accounts';
import { answerIdempotently } from '../services/shared/idempotency-keys';
import { Problem } from '../problem';
import type { CatalogueCache, PlanListName } from '../services/memberships/catalogue-cache';
import { listPayments } from '../services/memberships/payments';
import { setSpendingCap, spendingCapJson } from '../services/memberships/spending-cap';
import { applyPaymentEvent } from '../services/memberships/webhooks';
import { registerOperation } from './operation-route';
import { listPage } from './list-page';

declare module 'fastify' {
  interface FastifyRequest {
    /** The unparsed body, on the Stripe webhook route only (its signature covers the exact bytes). */
    rawBody?: Buffer;
  }
}

/** The plan, payment and billing calls, and the Stripe webhook in a context of its own (plugins/app/memberships.ts builds their services). */
export async function membershipsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(planAndPaymentRoutes);
  await app.register(stripeWebhookRoute);
}

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
async function planAndPaymentRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  // Plan lists come from the catalogue kept in memory (docs/decisions.md#production-start-and-throughput), with an ETag
  // and Cache-Control.
  const catalogue = app.planCatalogue;
  registerOperation(app, operations.listPlans, async (request, reply) =>
    planListReply(catalogue, 'plans', request, reply),
  );

  registerOperation(app, operations.listFreeTrialPlans, async (request, reply) =>
    planListReply(catalogue, 'freetrial', request, reply),
  );

  registerOperation(app, operations.listUserPlans, async (request) =>
    app.memberships.listUserPlans(signedInUser(request).id, listPage(request, request.query.page)),
  );

  // Payment calls honour `Idempotency-Key` (docs/decisions.md#money-chat-uploads-and-ai-limits): a repeat of a
  // completed call answers its stored result.
  const keys = app.paymentKeys;
  const once = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    operation: string,
    status: number,
    work: (user: UserRow) => Promise<T>,
  ) => {
    const user = signedInUser(request);
    const call = { caller: `user:${user.id}`, operation, request: request.body };
    return answerIdempotently(keys, request, reply, call, async () => ({ status, body: await work(user) }));
  };
  /** A payment that takes money or a card: only a member may make it (403 `verification_required`). */
  const paying = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    operation: string,
    status: number,
    work: (user: UserRow) => Promise<T>,
  ) =>
    once(request, reply, operation, status, async (user) => {
      await assertMayPay(db, user);
      return work(user);
    });

  registerOperation(app, operations.createPaymentIntent, async (request, reply) =>
    paying(request, reply, operations.createPaymentIntent.id, 201, (user) =>
      app.memberships.createPaymentIntent(user, request.body.plan_id, request.body.offer_id),
    ),
  );

  registerOperation(app, operations.createDynamicPaymentIntent, async (request, reply) =>
    paying(request, reply, operations.createDynamicPaymentIntent.id, 201, (user) =>
      app.memberships.createDynamicPaymentIntent(user, request.body.amount),
    ),
  );

  registerOperation(app, operations.confirmPaymentIntent, async (request, reply) => {
    const answer = await once(request, reply, operations.confirmPaymentIntent.id, 200, (user) =>
      app.memberships.confirmPaymentIntent(user.id, request.body.payment_intent_id),
    );
    // A confirmed payment's receipt goes now rather than at the next interval.
    app.billingMail.kick();
    return answer;
  });

  registerOperation(app, operations.verifyCard, async (request, reply) =>
    paying(request, reply, operations.verifyCard.id, 200, (user) =>
      app.memberships.verifyCard(user, request.body.payment_method_id, request.body.amount),
    ),
  );

  registerOperation(app, operations.updatePaymentMethod, async (request, reply) =>
    paying(request, reply, operations.updatePaymentMethod.id, 200, (user) =>
      app.memberships.updatePaymentMethod(user, request.body.payment_method_id),
    ),
  );

  registerOperation(app, operations.getPaymentMethod, async (request) =>
    app.memberships.paymentMethod(signedInUser(request).id),
  );

  registerOperation(app, operations.listPayments, async (request) =>
    listPayments(db, signedInUser(request).id, listPage(request, request.query.page)),
  );

  const subscriptions = app.memberships.subscriptions;
  registerOperation(app, operations.cancelUserPlan, async (request) =>
    subscriptions.cancel(signedInUser(request).id, request.params.id),
  );

  registerOperation(app, operations.resumeUserPlan, async (request) =>
    subscriptions.resume(signedInUser(request).id, request.params.id),
  );

  registerOperation(app, operations.updateUserPlan, async (request) =>
    subscriptions.schedulePlanChange(signedInUser(request).id, request.params.id, request.body.plan_id),
  );

  registerOperation(app, operations.cancelPlanChange, async (request) =>
    subscriptions.cancelPlanChange(signedInUser(request).id, request.params.id),
  );

  const now = () => new Date(app.membershipsClock.now());
  registerOperation(app, operations.getSpendingCap, async (request) =>
    spendingCapJson(db, signedInUser(request).id, now()),
  );

  registerOperation(app, operations.setSpendingCap, async (request) =>
    setSpendingCap(db, signedInUser(request).id, request.body.monthly_cap, now()),
  );
}

/** Its own context: only this route reads JSON as raw bytes, which the signature check needs. */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
async function stripeWebhookRoute(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    request.rawBody = body as Buffer;
    try {
      done(null, JSON.parse((body as Buffer).toString('utf8')));
    } catch {
      // The signature check answers; a body that is not JSON cannot carry a valid one.
      done(null, {});
    }
  });

  registerOperation(app, operations.stripeWebhook, async (request) => {
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !request.rawBody)
      throw Problem.detail(400, 'Missing Stripe-Signature.');
    let event;
    try {
      event = app.paymentProvider.parseWebhook(request.rawBody, signature);
    } catch (error) {
      if (error instanceof InvalidWebhook) throw Problem.detail(400, error.message);
      throw error;
    }
    await applyPaymentEvent(app.database.db, app.memberships, event, new Date());
    app.billingMail.kick();
    return { received: true as const };
  });
}

/** Browsers and CDNs may keep a page a minute, then revalidate it by ETag (304 when the catalogue is unchanged). */
const PLAN_LIST_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

async function planListReply(
  catalogue: CatalogueCache,
  list: PlanListName,
  request: FastifyRequest<{ Querystring: { page?: number } }>,
  reply: FastifyReply,
) {
  const { page, etag } = await catalogue.page(list, listPage(request, request.query.page));
  reply.header('etag', etag).header('cache-control', PLAN_LIST_CACHE_CONTROL);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return page;
}
