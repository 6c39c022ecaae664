import type { TiktokConversionsConfig } from '../../config';
import { tiktokEventNames } from './event-names';
import { hashedEmail, hashedId, hashedPhone } from './hashing';
import { decimalValue, defined, postJson, unixSeconds, type HttpOptions } from './http';
import type { ConversionPlatform, DeliveryOutcome, OutgoingConversion } from './ports';

/**
 * TikTok's Events API 1.3: `POST {base}/open_api/v1.3/event/track/` with the `Access-Token` header,
 * `event_source: 'web'` and the pixel code as `event_source_id`. TikTok answers HTTP 200 with a non-zero `code`
 * when it refuses an event, so the body decides; its throttling code (40100) is retried like a 429.
 */
export function tiktokConversions(config: TiktokConversionsConfig, http: HttpOptions): ConversionPlatform {
  const url = `${config.baseUrl}/open_api/v1.3/event/track/`;
  return {
    name: 'tiktok',
    send: async (conversion) => {
      if (!conversion.eventName)
        return { ok: false, retryable: false, reason: 'TikTok events need an event name' };
      const outcome = await postJson(
        http,
        url,
        { 'Access-Token': config.accessToken },
        { event_source: 'web', event_source_id: config.pixelCode, data: [tiktokEvent(conversion)] },
      );
      return outcome.ok ? tiktokBodyOutcome(outcome.body) : outcome;
    },
  };
}

function tiktokEvent(conversion: OutgoingConversion) {
  const value = decimalValue(conversion.valueCents);
  return defined({
    event: conversion.eventName ? tiktokEventNames[conversion.eventName] : undefined,
    event_time: unixSeconds(conversion.eventTime),
    event_id: conversion.eventId,
    user: defined({
      ttclid: conversion.clickIds.ttclid,
      email: hashedEmail(conversion.email),
      phone: hashedPhone(conversion.phone),
      external_id: hashedId(conversion.externalId),
      user_agent: conversion.userAgent,
      ip: conversion.ip,
    }),
    page: conversion.sourceUrl ? { url: conversion.sourceUrl } : undefined,
    properties:
      value === undefined && !conversion.currency
        ? undefined
        : defined({ value, currency: conversion.currency?.toUpperCase() }),
  });
}

function tiktokBodyOutcome(body: unknown): DeliveryOutcome {
  const { code, message } = (body ?? {}) as { code?: unknown; message?: string };
  if (code === 0) return { ok: true };
  return {
    ok: false,
    retryable: code === 40100 || code === 51000 || code === undefined,
    reason: `TikTok code ${String(code)}: ${String(message ?? 'no message')}`,
  };
}
