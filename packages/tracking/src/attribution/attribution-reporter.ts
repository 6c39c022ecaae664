import { consoleLogger, systemClock, type Clock, type Logger, type VisitorId } from '@wingmate/core-sdk';
import type { ConversionApi } from '../conversions/conversion-api';
import { buildUtmParamsBody } from '../conversions/conversion-bodies';
import type { AttributionStore } from './attribution-store';

export interface AttributionReporterOptions {
  store: Pick<AttributionStore, 'capture'>;
  api: Pick<ConversionApi, 'createUtmParams'>;
  visitorId: VisitorId;
  clock?: Clock;
  logger?: Logger;
}

export interface AttributionReporter {
  /** Keeps the tracking parameters of an address and reports them when they changed what was kept. */
  capture(url: string): Promise<void>;
}

/**
 * Captures the tracking parameters of each address and posts them to utm-params create
 * (docs/product.md#analytics-calls). Only an address that changes a kept value is posted, so moving between pages, or
 * landing on the same one twice, adds no row on the server. A failed post is logged and ignored
 * (docs/product.md#error-catalogue).
 */
export function createAttributionReporter({
  store,
  api,
  visitorId,
  clock = systemClock,
  logger = consoleLogger,
}: AttributionReporterOptions): AttributionReporter {
  return {
    async capture(url) {
      const { changed, state } = store.capture(url);
      if (!changed) return;
      try {
        await api.createUtmParams(buildUtmParamsBody(visitorId.get(), state.params, clock.now()));
      } catch (error) {
        logger.error('tracking: tracking parameters could not be reported', error);
      }
    },
  };
}
