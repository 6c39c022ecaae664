import type { PinterestConversionsConfig } from '../../config';
import { pinterestEventNames } from './event-names';
import { hashedEmail, hashedId, hashedPhone } from './hashing';
import { decimalValue, defined, postJson, unixSeconds, type HttpOptions } from './http';
import type { ConversionPlatform, OutgoingConversion } from './ports';

/**
 * Pinterest's Conversions API: `POST {base}/v5/ad_accounts/{id}/events` with a bearer token. Hashed fields are
 * arrays, the click id (`epik`) is `click_id`, and `value` is a string.
 */
export function pinterestConversions(
  config: PinterestConversionsConfig,
  http: HttpOptions,
): ConversionPlatform {
  const url = `${config.baseUrl}/v5/ad_accounts/${encodeURIComponent(config.adAccountId)}/events`;
  return {
    name: 'pinterest',
    send: async (conversion) => {
      if (!conversion.eventName)
        return { ok: false, retryable: false, reason: 'Pinterest events need an event name' };
      return postJson(
        http,
        url,
        { authorization: `Bearer ${config.accessToken}` },
        { data: [pinterestEvent(conversion)] },
      );
    },
  };
}

function pinterestEvent(conversion: OutgoingConversion) {
  const email = hashedEmail(conversion.email);
  const phone = hashedPhone(conversion.phone);
  const externalId = hashedId(conversion.externalId);
  const value = decimalValue(conversion.valueCents);
  const eventName = conversion.eventName ? pinterestEventNames[conversion.eventName] : undefined;
  return defined({
    event_name: eventName,
    action_source: 'web',
    event_time: unixSeconds(conversion.eventTime),
    event_id: conversion.eventId,
    event_source_url: conversion.sourceUrl,
    user_data: defined({
      click_id: conversion.clickIds.epik,
      client_user_agent: conversion.userAgent,
      client_ip_address: conversion.ip,
      em: email && [email],
      ph: phone && [phone],
      external_id: externalId && [externalId],
    }),
    custom_data: defined({
      value: value === undefined ? undefined : value.toFixed(2),
      currency: conversion.currency?.toUpperCase(),
      // A custom event keeps our name, so the advertiser can still tell StartTrial from Subscribe.
      content_name: eventName === 'custom' ? (conversion.eventName ?? undefined) : undefined,
    }),
  });
}
