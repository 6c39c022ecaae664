import type { SnapchatConversionsConfig } from '../../config';
import { snapchatEventNames } from './event-names';
import { hashedEmail, hashedId, hashedPhone } from './hashing';
import { decimalValue, defined, postJson, unixSeconds, type HttpOptions } from './http';
import type { ConversionPlatform, OutgoingConversion } from './ports';

/**
 * Snap's Conversions API v3: `POST {base}/v3/{pixel_id}/events?access_token=`, Meta-like events with
 * `action_source: 'WEB'`, Snap's event names and the click id as `sc_click_id`.
 */
export function snapchatConversions(
  config: SnapchatConversionsConfig,
  http: HttpOptions,
): ConversionPlatform {
  const url = new URL(`${config.baseUrl}/v3/${encodeURIComponent(config.pixelId)}/events`);
  url.searchParams.set('access_token', config.accessToken);
  return {
    name: 'snapchat',
    send: async (conversion) => {
      if (!conversion.eventName)
        return { ok: false, retryable: false, reason: 'Snapchat events need an event name' };
      return postJson(http, url.toString(), {}, { data: [snapchatEvent(conversion)] });
    },
  };
}

function snapchatEvent(conversion: OutgoingConversion) {
  const email = hashedEmail(conversion.email);
  const phone = hashedPhone(conversion.phone);
  const externalId = hashedId(conversion.externalId);
  const value = decimalValue(conversion.valueCents);
  return defined({
    event_name: conversion.eventName ? snapchatEventNames[conversion.eventName] : undefined,
    event_time: unixSeconds(conversion.eventTime),
    event_id: conversion.eventId,
    action_source: 'WEB',
    event_source_url: conversion.sourceUrl,
    user_data: defined({
      sc_click_id: conversion.clickIds.sccid,
      client_user_agent: conversion.userAgent,
      client_ip_address: conversion.ip,
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
