import type { Clock } from '@wingmate/runtime';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentProvider } from '../../adapters/payments/ports';
import { paymentProviderFromConfig } from '../../adapters/payments/select';
import type { Config } from '../../config';
import { seedCatalogueIfEmpty } from '../../services/memberships/catalogue';
import { CatalogueCache } from '../../services/memberships/catalogue-cache';
import { ignoreConversions, type ConversionListener } from '../../services/memberships/conversions';
import { Memberships } from '../../services/memberships/memberships';
import { Metering } from '../../services/metering/metering';
import { UsageLimits } from '../../services/metering/usage-limits';
import { IdempotencyKeys } from '../../services/shared/idempotency-keys';
import { BillingMail } from '../../workers/billing-mail';
import { RenewalJob } from '../../workers/renewals';

declare module 'fastify' {
  interface FastifyInstance {
    memberships: Memberships;
    /** Chat spends and refunds messages through this (docs/decisions.md#memberships-appsapi). */
    metering: Metering;
    /** The hourly limits of AI calls other than chat and of photo uploads (chat and dating bio count them). */
    usageLimits: UsageLimits;
    /**
     * The plan lists, kept in memory per instance and answered with an ETag
     * (docs/decisions.md#production-start-and-throughput).
     */
    planCatalogue: CatalogueCache;
    /** `Idempotency-Key` of the payment calls (docs/decisions.md#money-chat-uploads-and-ai-limits). */
    paymentKeys: IdempotencyKeys;
    paymentProvider: PaymentProvider;
    /** Renews and ends the local provider's subscriptions whose period is over; the interval calls it too. */
    runRenewals(): Promise<void>;
    /** The clock of memberships (renewals, idempotency keys); tests move it. */
    membershipsClock: Clock;
    /** Receipts and trial reminders (docs/decisions.md#money-at-checkout); the renewal interval runs it too. */
    billingMail: BillingMail;
  }
}

export interface MembershipsOptions {
  readonly config: Config;
  readonly clock: Clock;
  readonly provider?: PaymentProvider;
  readonly onConversion?: ConversionListener;
}

/**
 * Plans, payments and metering: seeds the default catalogue on first start, shares the services with the routes
 * and other plugins (chat uses `app.metering`) and runs the renewal job and billing mail from ready to close.
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
    app.decorate(
      'usageLimits',
      new UsageLimits(app.auth.limiter, config.usageLimits, config.rateLimits.enabled),
    );
    app.decorate('paymentKeys', new IdempotencyKeys(db, clock));
    app.decorate('paymentProvider', provider);
    app.decorate('membershipsClock', clock);
    const billingMail = new BillingMail(
      db,
      app.auth.emailSender,
      clock,
      app.log.child({ worker: 'billing-mail' }),
    );
    app.decorate('billingMail', billingMail);
    const renewals = new RenewalJob({ db, provider, clock, billingMail, log: app.log });
    app.decorate('runRenewals', () => renewals.runOnce());
    app.addHook('onClose', async () => {
      renewals.stop();
      await billingMail.stop();
    });

    if (await seedCatalogueIfEmpty(db))
      app.log.info('plans table was empty: the default catalogue is loaded');
    const catalogue = new CatalogueCache(db, clock);
    app.decorate('planCatalogue', catalogue);
    // eslint-disable-next-line @typescript-eslint/require-await -- application hook: Fastify hears of a throw here only as a rejection
    app.addHook('onClose', async () => catalogue.detach());

    if (config.payments.renewalIntervalMs > 0) renewals.start(config.payments.renewalIntervalMs);
  },
  { name: 'memberships', dependencies: ['database', 'auth-services'] },
);
