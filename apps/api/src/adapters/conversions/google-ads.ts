import type { GoogleAdsConversionsConfig } from '../../config';
import { isRetryableStatus } from '../http-retry';
import { hashedEmail, normalisePhone, sha256 } from './hashing';
import { decimalValue, defined, postJson, type HttpOptions } from './http';
import type { ConversionPlatform, DeliveryOutcome, OutgoingConversion } from './ports';

/**
 * Google Ads click conversions: `POST {base}/{version}/customers/{id}:uploadClickConversions` with an OAuth
 * bearer token and the `developer-token` header, one conversion per call with `partialFailure: true` (so a refused
 * conversion comes back in `partialFailureError` under HTTP 200, and counts as refused). `orderId` is our
 * event_id, Google's deduplication key.
 */
export function googleAdsConversions(
  config: GoogleAdsConversionsConfig,
  http: HttpOptions,
  clock: { now(): number } = Date,
): ConversionPlatform {
  const url = `${config.baseUrl}/${config.apiVersion}/customers/${config.customerId}:uploadClickConversions`;
  const tokens = accessTokens(config, http, clock);
  return {
    name: 'google_ads',
    send: async (conversion) => {
      const conversions = googleAdsConversion(config, conversion);
      if (!conversions.ok) return conversions;
      const token = await tokens.get();
      if (!token.ok) return token;
      const outcome = await postJson(
        http,
        url,
        defined({
          authorization: `Bearer ${token.accessToken}`,
          'developer-token': config.developerToken,
          'login-customer-id': config.loginCustomerId,
        }),
        { conversions: [conversions.conversion], partialFailure: true },
      );
      if (!outcome.ok) {
        // An expired or revoked token: fetch a new one next time.
        if (outcome.reason.startsWith('HTTP 401')) tokens.forget();
        return outcome;
      }
      const failure = (outcome.body as { partialFailureError?: { message?: string } } | undefined)
        ?.partialFailureError;
      return failure
        ? { ok: false, retryable: false, reason: `Google Ads refused it: ${failure.message}` }
        : outcome;
    },
  };
}

type Built = { ok: true; conversion: Record<string, unknown> } | (DeliveryOutcome & { ok: false });

function googleAdsConversion(config: GoogleAdsConversionsConfig, conversion: OutgoingConversion): Built {
  const actionId = conversion.conversionActionId;
  if (!actionId)
    return { ok: false, retryable: false, reason: 'no Google Ads conversion action for this event' };
  const { gclid, gbraid, wbraid } = conversion.clickIds;
  // Google takes exactly one click id per conversion; the gclid is the most precise.
  const clickId = gclid ? { gclid } : gbraid ? { gbraid } : wbraid ? { wbraid } : undefined;
  if (!clickId) return { ok: false, retryable: false, reason: 'no gclid, gbraid or wbraid' };
  const email = hashedEmail(conversion.email);
  // Google matches phone numbers in E.164, the `+` included.
  const phone = conversion.phone ? sha256(`+${normalisePhone(conversion.phone)}`) : undefined;
  const identifiers = [email && { hashedEmail: email }, phone && { hashedPhoneNumber: phone }].filter(
    Boolean,
  );
  return {
    ok: true,
    conversion: defined({
      ...clickId,
      conversionAction: `customers/${config.customerId}/conversionActions/${actionId}`,
      conversionDateTime: googleAdsDateTime(conversion.eventTime),
      conversionValue: decimalValue(conversion.valueCents),
      currencyCode: conversion.currency?.toUpperCase(),
      orderId: conversion.eventId,
      userIdentifiers: identifiers.length > 0 && !clickId.gbraid && !clickId.wbraid ? identifiers : undefined,
    }),
  };
}

/** `yyyy-mm-dd hh:mm:ss+00:00`, the only form Google Ads takes. */
export function googleAdsDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')}+00:00`;
}

type TokenResult = { ok: true; accessToken: string } | (DeliveryOutcome & { ok: false });

/** A fixed token, or one from the refresh-token exchange, kept until a minute before it expires. */
function accessTokens(config: GoogleAdsConversionsConfig, http: HttpOptions, clock: { now(): number }) {
  let cached: { token: string; expiresAt: number } | undefined;
  const auth = config.auth;
  return {
    forget: () => {
      cached = undefined;
    },
    get: async (): Promise<TokenResult> => {
      if (auth.kind === 'access_token') return { ok: true, accessToken: auth.accessToken };
      if (cached && cached.expiresAt > clock.now()) return { ok: true, accessToken: cached.token };
      let response: Response;
      try {
        response = await http.fetcher(auth.tokenUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            client_id: auth.clientId,
            client_secret: auth.clientSecret,
            refresh_token: auth.refreshToken,
          }).toString(),
          signal: AbortSignal.timeout(http.timeoutMs),
        });
      } catch (error) {
        return {
          ok: false,
          retryable: true,
          reason: `token exchange: no answer (${(error as Error).message})`,
        };
      }
      const body = (await response.json().catch(() => ({}))) as {
        access_token?: string;
        expires_in?: number;
      };
      if (!response.ok || !body.access_token) {
        return {
          ok: false,
          retryable: isRetryableStatus(response.status),
          reason: `token exchange: HTTP ${response.status}`,
        };
      }
      cached = { token: body.access_token, expiresAt: clock.now() + ((body.expires_in ?? 3600) - 60) * 1000 };
      return { ok: true, accessToken: body.access_token };
    },
  };
}
