import { operations } from '@wingmate/api-contract';
import type { Clock } from '@wingmate/core-sdk';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { InvalidWebhook, type PaymentProvider } from '../adapters/payments/ports';
import { paymentProviderFromConfig } from '../adapters/payments/select';
import type { Config } from '../config';
import type { UserRow } from '../db/schema';
import { signedInUser } from '../plugins/auth';
import { answerIdempotently, IdempotencyKeys } from '../services/shared/idempotency-keys';
import { Problem } from '../problem';
import { seedCatalogueIfEmpty } from '../services/memberships/catalogue';
import { ignoreConversions, type ConversionListener } from '../services/memberships/conversions';
import { Memberships } from '../services/memberships/memberships';
import { CatalogueCache, type PlanListName } from '../services/memberships/catalogue-cache';
import { runLocalRenewals } from '../services/memberships/renewals';
import { listPayments } from '../services/memberships/payments';
import { setSpendingCap, spendingCapJson } from '../services/memberships/spending-cap';
import { applyPaymentEvent } from '../services/memberships/webhooks';
import { Metering } from '../services/metering/metering';
import { BillingMail } from '../workers/billing-mail';
import { registerOperation } from './operation-route';
import { listPage } from './list-page';

declare module 'fastify' {
  interface FastifyInstance {
    memberships: Memberships;
    /** Chat spends and refunds messages through this (decisions.md, "Chat metering"). */
    metering: Metering;
    paymentProvider: PaymentProvider;
    /** Renews and ends the local provider's subscriptions whose period is over; the interval calls it too. */
    runRenewals(): Promise<void>;
    /** The clock of memberships (renewals, idempotency keys); tests move it. */
    membershipsClock: Clock;
    /** Receipts and trial reminders (decisions.md, "Plans"); the renewal interval runs it too. */
    billingMail: BillingMail;
  }
  interface FastifyRequest {
    /** The unparsed body, on the Stripe webhook route only (its signature covers the exact bytes). */
    rawBody?: Buffer;
  }
}

export interface MembershipsOptions {
  readonly config: Config;
  readonly clock: Clock;
  readonly provider?: PaymentProvider;
  readonly onConversion?: ConversionListener;
}

/**
 * Plans, payments and metering: seeds the default catalogue on first start, shares the services with other
 * routes (chat uses `app.metering`) and runs the local provider's renewal job.
 */
export const membershipsPlugin = fp(
  async (app: FastifyInstance, options: MembershipsOptions) => {
    const { config, clock } = options;
    const db = app.database.db;
    const provider = options.provider ?? paymentProviderFromConfig(config, db, clock);
    const memberships = new Memberships({
      db,
      provider,
      clock,
      onConversion: options.onConversion ?? ignoreConversions,
      log: app.log,
    });
    app.decorate('memberships', memberships);
    app.decorate('metering', new Metering(db, config.metering, clock));
    app.decorate('paymentProvider', provider);
    app.decorate('membershipsClock', clock);
    const billingMail = new BillingMail(
      db,
      app.auth.emailSender,
      clock,
      app.log.child({ worker: 'billing-mail' }),
    );
    app.decorate('billingMail', billingMail);
    app.decorate('runRenewals', async () => {
      if (provider.name === 'local') await runLocalRenewals(db, provider, clock, app.log);
      // Renewals make receipts, and a day's passing brings trials into their reminder window.
      billingMail.kick();
    });
    app.addHook('onClose', async () => billingMail.stop());

    if (await seedCatalogueIfEmpty(db))
      app.log.info('plans table was empty: the default catalogue is loaded');

    if (provider.name === 'stripe' && config.payments.renewalIntervalMs > 0) {
      billingMail.start(config.payments.renewalIntervalMs);
    }
    if (provider.name === 'local' && config.payments.renewalIntervalMs > 0) {
      const timer = setInterval(
        () =>
          void app.runRenewals().catch((error: unknown) => app.log.error({ err: error }, 'renewals failed')),
        config.payments.renewalIntervalMs,
      );
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }

    await app.register(membershipRoutes);
    await app.register(stripeWebhookRoute);
  },
  { name: 'memberships', dependencies: ['database', 'auth'] },
);

async function membershipRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  // Plan lists come from the catalogue kept in memory (decisions.md), with an ETag and Cache-Control.
  const catalogue = new CatalogueCache(db, app.membershipsClock);
  app.addHook('onClose', async () => catalogue.detach());
  registerOperation(app, operations.listPlans, async (request, reply) =>
    planListReply(catalogue, 'plans', request, reply),
  );

  registerOperation(app, operations.listFreeTrialPlans, async (request, reply) =>
    planListReply(catalogue, 'freetrial', request, reply),
  );

  registerOperation(app, operations.listUserPlans, async (request) =>
    app.memberships.listUserPlans(signedInUser(request).id, listPage(request, request.query.page)),
  );

  // Payment calls honour `Idempotency-Key` (decisions.md): a repeat of a completed call answers its stored result.
  const keys = new IdempotencyKeys(db, app.membershipsClock);
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

  registerOperation(app, operations.createPaymentIntent, async (request, reply) =>
    once(request, reply, operations.createPaymentIntent.id, 201, (user) =>
      app.memberships.createPaymentIntent(user, request.body.plan_id, request.body.offer_id),
    ),
  );

  registerOperation(app, operations.createDynamicPaymentIntent, async (request, reply) =>
    once(request, reply, operations.createDynamicPaymentIntent.id, 201, (user) =>
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
    once(request, reply, operations.verifyCard.id, 200, (user) =>
      app.memberships.verifyCard(user, request.body.payment_method_id, request.body.amount),
    ),
  );

  registerOperation(app, operations.updatePaymentMethod, async (request, reply) =>
    once(request, reply, operations.updatePaymentMethod.id, 200, (user) =>
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
