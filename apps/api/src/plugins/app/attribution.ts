import type { Clock } from '@wingmate/runtime';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { configuredConversionPlatforms, type ConversionPlatforms } from '../../adapters/conversions/select';
import type { ConversionsConfig } from '../../config';
import { ConversionOutbox } from '../../workers/conversion-outbox';
import { Conversions } from '../../services/attribution/conversions';

declare module 'fastify' {
  interface FastifyInstance {
    /** Records conversions; memberships and sign-up call `recordServerConversion` on it. */
    conversions: Conversions;
    conversionOutbox: ConversionOutbox;
  }
}

export interface AttributionOptions {
  readonly config: ConversionsConfig;
  readonly clock: Clock;
  /** The ad platforms; by default the ones whose keys are configured. */
  readonly platforms?: ConversionPlatforms;
}

/** Conversions and their forwarding worker, which runs inside the server from ready to close. */
export const attributionPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
  async (app: FastifyInstance, options: AttributionOptions) => {
    const { config, clock } = options;
    const platforms = options.platforms ?? configuredConversionPlatforms(config);
    const db = app.database.db;
    app.decorate('conversions', new Conversions(db, platforms, clock, config.googleAds?.conversionActions));
    const outbox = new ConversionOutbox(db, platforms, {
      batchSize: config.batchSize,
      maxAttempts: config.maxAttempts,
      retryBaseMs: config.retryBaseMs,
      requestTimeoutMs: config.requestTimeoutMs,
      clock,
      log: app.log.child({ worker: 'conversion-outbox' }),
    });
    app.decorate('conversionOutbox', outbox);
    // eslint-disable-next-line @typescript-eslint/require-await -- application hook: Fastify hears of a throw here only as a rejection
    app.addHook('onReady', async () => {
      if (config.workerIntervalMs > 0) outbox.start(config.workerIntervalMs);
    });
    // Registered after the database plugin, so this runs before the database closes.
    app.addHook('onClose', async () => outbox.stop());
  },
  { name: 'attribution', dependencies: ['database'] },
);
