import type { MetaConversionsConfig } from '../../config';
import { hashedEmail, hashedId, hashedPhone } from './hashing';
import { decimalValue, defined, postJson, unixSeconds, type HttpOptions } from './http';
import type { ConversionPlatform, OutgoingConversion } from './ports';

/**
 * Meta's Conversions API: `POST {base}/{version}/{pixel_id}/events?access_token=`, one event in `data`, with
 * `event_id` for deduplication against the browser pixel. Personal data is SHA-256 of the normalised value.
 */
export function metaConversions(config: MetaConversionsConfig, http: HttpOptions): ConversionPlatform {
  const url = new URL(`${config.baseUrl}/${config.apiVersion}/${encodeURIComponent(config.pixelId)}/events`);
  url.searchParams.set('access_token', config.accessToken);
  return {
    name: 'facebook',
    send: async (conversion) => {
      if (!conversion.eventName)
        return { ok: false, retryable: false, reason: 'Meta events need an event name' };
      const body = defined({
        data: [metaEvent(conversion)],
        test_event_code: config.testEventCode,
      });
      return postJson(http, url.toString(), {}, body);
    },
  };
}

function metaEvent(conversion: OutgoingConversion) {
  const email = hashedEmail(conversion.email);
  const phone = hashedPhone(conversion.phone);
  const externalId = hashedId(conversion.externalId);
  const value = decimalValue(conversion.valueCents);
  return defined({
    event_name: conversion.eventName,
    event_time: unixSeconds(conversion.eventTime),
    event_id: conversion.eventId,
    action_source: 'website',
    event_source_url: conversion.sourceUrl,
    user_data: defined({
      client_user_agent: conversion.userAgent,
      client_ip_address: conversion.ip,
      fbc: conversion.clickIds.fbc,
      em: email && [email],
      ph: phone && [phone],
      external_id: externalId && [externalId],
    }),
    custom_data:
      value === undefined && !conversion.currency
        ? undefined
        : defined({ value, currency: conversion.currency?.toUpperCase() }),
  });
}
