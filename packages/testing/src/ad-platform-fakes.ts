import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, startHttpFake, type FakeServer } from './http-fake';

/** One event a fake ad platform accepted (the element of `data`, or Google's conversion), with its headers. */
export interface ReceivedAdEvent {
  readonly event: Record<string, unknown>;
  readonly headers: IncomingMessage['headers'];
  readonly url: string;
}

export interface FakeAdPlatform extends FakeServer {
  readonly received: ReceivedAdEvent[];
  /** Every request the fake saw, accepted or not (a retried event shows up once per try). */
  readonly requests: number;
  /** Why requests were refused with 400/401: the shape checks that failed. */
  readonly problems: string[];
  /** The next `times` requests answer `status` (429 or 5xx, say) with the platform's error body. */
  failNext(status: number, times?: number): void;
  /**
   * After letting `after` requests through, the next `times` get no answer until `answerHung()` handles them as
   * usual, or `releaseHung()` (or closing the server) drops their connections.
   */
  hangNext(times?: number, after?: number): void;
  answerHung(): void;
  releaseHung(): void;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Checks of one request: a list of problems, empty when the request is as the platform wants it. */
type Check = (request: IncomingMessage, body: Record<string, unknown>) => string[];

interface PlatformWire {
  /** The method and path (with query) the platform serves. */
  matches(request: IncomingMessage): boolean;
  authorised(request: IncomingMessage): boolean;
  check: Check;
  events(body: Record<string, unknown>): Record<string, unknown>[];
  ok(events: number): unknown;
  error(status: number, message: string): unknown;
}

async function startAdPlatform(wire: PlatformWire): Promise<FakeAdPlatform> {
  const received: ReceivedAdEvent[] = [];
  const problems: string[] = [];
  const failures: number[] = [];
  let hangs = 0;
  let passBeforeHang = 0;
  let requests = 0;
  const hung: { request: IncomingMessage; raw: string; response: ServerResponse }[] = [];

  const server = await startHttpFake((request, raw, response) => {
    if (!wire.matches(request)) return sendJson(response, 404, wire.error(404, `no route ${request.url}`));
    requests += 1;
    if (!wire.authorised(request)) {
      problems.push('bad credentials');
      return sendJson(response, 401, wire.error(401, 'Authentication failed'));
    }
    if (hangs > 0) {
      if (passBeforeHang > 0) passBeforeHang -= 1;
      else {
        hangs -= 1;
        hung.push({ request, raw, response });
        return;
      }
    }
    return answer(request, raw, response);
  });

  function answer(request: IncomingMessage, raw: string, response: ServerResponse): void {
    const failure = failures.shift();
    if (failure) return sendJson(response, failure, wire.error(failure, 'Temporarily unavailable'));
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      problems.push('body is not JSON');
      return sendJson(response, 400, wire.error(400, 'Invalid JSON'));
    }
    const found = wire.check(request, body);
    if (found.length > 0) {
      problems.push(...found);
      return sendJson(response, 400, wire.error(400, found.join('; ')));
    }
    const events = wire.events(body);
    for (const event of events) received.push({ event, headers: request.headers, url: request.url ?? '' });
    return sendJson(response, 200, wire.ok(events.length));
  }

  return {
    ...server,
    received,
    problems,
    get requests() {
      return requests;
    },
    failNext: (status, times = 1) => {
      for (let i = 0; i < times; i++) failures.push(status);
    },
    hangNext: (times = 1, after = 0) => {
      hangs += times;
      passBeforeHang = after;
    },
    answerHung: () => {
      for (const held of hung.splice(0)) answer(held.request, held.raw, held.response);
    },
    releaseHung: () => {
      for (const held of hung.splice(0)) held.response.destroy();
    },
    close: async () => {
      for (const held of hung.splice(0)) held.response.destroy();
      await server.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Shape checks shared by the platforms

function required(object: unknown, fields: readonly string[], where: string): string[] {
  const record = (object ?? {}) as Record<string, unknown>;
  return fields
    .filter((field) => record[field] === undefined || record[field] === '')
    .map((f) => `${where}.${f} missing`);
}

function hashed(value: unknown, where: string, asArray: boolean): string[] {
  if (value === undefined) return [];
  const values = asArray ? value : [value];
  if (!Array.isArray(values)) return [`${where} must be an array of SHA-256 hashes`];
  return values
    .filter((item) => typeof item !== 'string' || !SHA256_HEX.test(item))
    .map(() => `${where} is not SHA-256`);
}

function unixSeconds(value: unknown, where: string): string[] {
  return Number.isInteger(value) && (value as number) > 1_000_000_000 && (value as number) < 10_000_000_000
    ? []
    : [`${where} must be Unix seconds`];
}

function dataArray(body: Record<string, unknown>): Record<string, unknown>[] {
  return Array.isArray(body.data) ? (body.data as Record<string, unknown>[]) : [];
}

function nonEmptyData(body: Record<string, unknown>): string[] {
  return dataArray(body).length > 0 ? [] : ['data must be a non-empty array'];
}

function pathOf(request: IncomingMessage): URL {
  return new URL(request.url ?? '/', 'http://fake');
}

// ---------------------------------------------------------------------------------------------------------------
// Meta Conversions API

export interface FakeMeta extends FakeAdPlatform {
  readonly pixelId: string;
  readonly accessToken: string;
  readonly apiVersion: string;
}

/** `POST /{version}/{pixel_id}/events?access_token=`: answers `{events_received, fbtrace_id}`. */
export async function startFakeMeta(apiVersion = 'v21.0'): Promise<FakeMeta> {
  const pixelId = String(100000 + Math.floor(Math.random() * 900000));
  const accessToken = `EAA${randomBytes(12).toString('hex')}`;
  const fake = await startAdPlatform({
    matches: (request) =>
      request.method === 'POST' && pathOf(request).pathname === `/${apiVersion}/${pixelId}/events`,
    authorised: (request) => pathOf(request).searchParams.get('access_token') === accessToken,
    check: (_request, body) => [
      ...nonEmptyData(body),
      ...dataArray(body).flatMap((event, index) => {
        const where = `data[${index}]`;
        const user = (event.user_data ?? {}) as Record<string, unknown>;
        return [
          ...required(event, ['event_name', 'event_time', 'event_id', 'action_source', 'user_data'], where),
          ...(event.action_source === 'website' ? [] : [`${where}.action_source must be website`]),
          ...(event.action_source === 'website' && !event.event_source_url
            ? [`${where}.event_source_url is required for website events`]
            : []),
          ...unixSeconds(event.event_time, `${where}.event_time`),
          ...(user.client_user_agent
            ? []
            : [`${where}.user_data.client_user_agent is required for website events`]),
          ...hashed(user.em, `${where}.user_data.em`, true),
          ...hashed(user.ph, `${where}.user_data.ph`, true),
          ...hashed(user.external_id, `${where}.user_data.external_id`, true),
        ];
      }),
    ],
    events: dataArray,
    ok: (events) => ({ events_received: events, messages: [], fbtrace_id: randomBytes(8).toString('hex') }),
    error: (status, message) => ({
      error: { message, type: 'OAuthException', code: status === 401 ? 190 : status >= 500 ? 2 : 100 },
    }),
  });
  return Object.assign(fake, { pixelId, accessToken, apiVersion });
}

// ---------------------------------------------------------------------------------------------------------------
// TikTok Events API

export interface FakeTiktok extends FakeAdPlatform {
  readonly pixelCode: string;
  readonly accessToken: string;
}

/** `POST /open_api/v1.3/event/track/` with `Access-Token`: answers `{code: 0, message: 'OK'}`. */
export async function startFakeTiktok(): Promise<FakeTiktok> {
  const pixelCode = `C${randomBytes(9).toString('hex').toUpperCase()}`;
  const accessToken = randomBytes(20).toString('hex');
  const fake = await startAdPlatform({
    matches: (request) =>
      request.method === 'POST' && pathOf(request).pathname === '/open_api/v1.3/event/track/',
    authorised: (request) => request.headers['access-token'] === accessToken,
    check: (_request, body) => [
      ...(body.event_source === 'web' ? [] : ['event_source must be web']),
      ...(body.event_source_id === pixelCode ? [] : ['event_source_id must be the pixel code']),
      ...nonEmptyData(body),
      ...dataArray(body).flatMap((event, index) => {
        const where = `data[${index}]`;
        const user = (event.user ?? {}) as Record<string, unknown>;
        return [
          ...required(event, ['event', 'event_time', 'event_id'], where),
          ...unixSeconds(event.event_time, `${where}.event_time`),
          ...hashed(user.email, `${where}.user.email`, false),
          ...hashed(user.phone, `${where}.user.phone`, false),
          ...hashed(user.external_id, `${where}.user.external_id`, false),
        ];
      }),
    ],
    events: dataArray,
    ok: () => ({ code: 0, message: 'OK', request_id: randomBytes(8).toString('hex'), data: {} }),
    error: (status, message) => ({ code: status === 401 ? 40105 : status === 429 ? 40100 : 40002, message }),
  });
  return Object.assign(fake, { pixelCode, accessToken });
}

// ---------------------------------------------------------------------------------------------------------------
// Snapchat Conversions API v3

export interface FakeSnapchat extends FakeAdPlatform {
  readonly pixelId: string;
  readonly accessToken: string;
}

const SNAP_EVENT_NAMES = [
  'PAGE_VIEW',
  'VIEW_CONTENT',
  'ADD_CART',
  'SIGN_UP',
  'PURCHASE',
  'ADD_BILLING',
  'SUBSCRIBE',
  'START_CHECKOUT',
  'START_TRIAL',
  'LOGIN',
  'SEARCH',
  'CUSTOM_EVENT_1',
  'CUSTOM_EVENT_2',
  'CUSTOM_EVENT_3',
  'CUSTOM_EVENT_4',
  'CUSTOM_EVENT_5',
];

/** `POST /v3/{pixel_id}/events?access_token=`: answers `{status: 'SUCCESS'}`. */
export async function startFakeSnapchat(): Promise<FakeSnapchat> {
  const pixelId = randomBytes(16)
    .toString('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
  const accessToken = randomBytes(24).toString('hex');
  const fake = await startAdPlatform({
    matches: (request) => request.method === 'POST' && pathOf(request).pathname === `/v3/${pixelId}/events`,
    authorised: (request) => pathOf(request).searchParams.get('access_token') === accessToken,
    check: (_request, body) => [
      ...nonEmptyData(body),
      ...dataArray(body).flatMap((event, index) => {
        const where = `data[${index}]`;
        const user = (event.user_data ?? {}) as Record<string, unknown>;
        return [
          ...required(
            event,
            ['event_name', 'event_time', 'event_id', 'action_source', 'event_source_url', 'user_data'],
            where,
          ),
          ...(event.action_source === 'WEB' ? [] : [`${where}.action_source must be WEB`]),
          ...(SNAP_EVENT_NAMES.includes(String(event.event_name))
            ? []
            : [`${where}.event_name is not a Snap event`]),
          ...unixSeconds(event.event_time, `${where}.event_time`),
          ...hashed(user.em, `${where}.user_data.em`, true),
          ...hashed(user.ph, `${where}.user_data.ph`, true),
        ];
      }),
    ],
    events: dataArray,
    ok: () => ({ status: 'SUCCESS', reason: 'SUCCESS' }),
    error: (status, message) => ({ status: 'FAILED', reason: message, code: status }),
  });
  return Object.assign(fake, { pixelId, accessToken });
}

// ---------------------------------------------------------------------------------------------------------------
// Pinterest Conversions API

export interface FakePinterest extends FakeAdPlatform {
  readonly adAccountId: string;
  readonly accessToken: string;
}

const PINTEREST_EVENT_NAMES = [
  'add_to_cart',
  'checkout',
  'custom',
  'lead',
  'page_visit',
  'search',
  'signup',
  'view_category',
  'watch_video',
];

/** `POST /v5/ad_accounts/{id}/events` with a bearer token: answers `{num_events_received, events: [...]}`. */
export async function startFakePinterest(): Promise<FakePinterest> {
  const adAccountId = String(549000000000 + Math.floor(Math.random() * 999999));
  const accessToken = `pina_${randomBytes(20).toString('hex')}`;
  const fake = await startAdPlatform({
    matches: (request) =>
      request.method === 'POST' && pathOf(request).pathname === `/v5/ad_accounts/${adAccountId}/events`,
    authorised: (request) => request.headers.authorization === `Bearer ${accessToken}`,
    check: (_request, body) => [
      ...nonEmptyData(body),
      ...dataArray(body).flatMap((event, index) => {
        const where = `data[${index}]`;
        const user = (event.user_data ?? {}) as Record<string, unknown>;
        const custom = (event.custom_data ?? {}) as Record<string, unknown>;
        const identified = user.em || (user.client_ip_address && user.client_user_agent);
        return [
          ...required(event, ['event_name', 'action_source', 'event_time', 'event_id', 'user_data'], where),
          ...(event.action_source === 'web' ? [] : [`${where}.action_source must be web`]),
          ...(PINTEREST_EVENT_NAMES.includes(String(event.event_name))
            ? []
            : [`${where}.event_name is unknown`]),
          ...unixSeconds(event.event_time, `${where}.event_time`),
          ...(identified ? [] : [`${where}.user_data needs em, or client_ip_address with client_user_agent`]),
          ...hashed(user.em, `${where}.user_data.em`, true),
          ...hashed(user.ph, `${where}.user_data.ph`, true),
          ...(custom.value === undefined || typeof custom.value === 'string'
            ? []
            : [`${where}.custom_data.value must be a string`]),
        ];
      }),
    ],
    events: dataArray,
    ok: (events) => ({
      num_events_received: events,
      num_events_processed: events,
      events: Array.from({ length: events }, () => ({
        status: 'processed',
        error_message: '',
        warning_message: '',
      })),
    }),
    error: (status, message) => ({ code: status === 401 ? 2 : 1, message }),
  });
  return Object.assign(fake, { adAccountId, accessToken });
}

// ---------------------------------------------------------------------------------------------------------------
// Google Ads click conversions, with Google's OAuth token endpoint

export interface FakeGoogleAds extends FakeAdPlatform {
  readonly customerId: string;
  readonly developerToken: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly refreshToken: string;
  /** The token endpoint's URL (a refresh-token exchange answers a bearer token for the upload calls). */
  readonly tokenUrl: string;
  /** How many times a refresh token was exchanged. */
  readonly tokenExchanges: number;
}

const GOOGLE_DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

/**
 * `POST /{version}/customers/{id}:uploadClickConversions` with `Authorization: Bearer`, `developer-token`;
 * answers `{results: [...]}`. `POST /token` exchanges the refresh token for an access token.
 */
export async function startFakeGoogleAds(apiVersion = 'v21'): Promise<FakeGoogleAds> {
  const customerId = String(1000000000 + Math.floor(Math.random() * 8999999999));
  const developerToken = randomBytes(11).toString('hex');
  const clientId = `${randomBytes(6).toString('hex')}.apps.googleusercontent.com`;
  const clientSecret = randomBytes(12).toString('hex');
  const refreshToken = `1//${randomBytes(16).toString('hex')}`;
  const accessTokens = new Set<string>();
  let tokenExchanges = 0;

  const uploads = await startAdPlatform({
    matches: (request) =>
      request.method === 'POST' &&
      pathOf(request).pathname === `/${apiVersion}/customers/${customerId}:uploadClickConversions`,
    authorised: (request) => {
      const token = request.headers.authorization?.replace(/^Bearer /, '');
      return (
        Boolean(token && accessTokens.has(token)) && request.headers['developer-token'] === developerToken
      );
    },
    check: (_request, body) => {
      const conversions = Array.isArray(body.conversions)
        ? (body.conversions as Record<string, unknown>[])
        : [];
      return [
        ...(conversions.length > 0 ? [] : ['conversions must be a non-empty array']),
        ...(body.partialFailure === true ? [] : ['partialFailure must be true']),
        ...conversions.flatMap((conversion, index) => {
          const where = `conversions[${index}]`;
          const clickIds = ['gclid', 'gbraid', 'wbraid'].filter((name) => conversion[name]);
          const identifiers = Array.isArray(conversion.userIdentifiers)
            ? (conversion.userIdentifiers as Record<string, unknown>[])
            : [];
          return [
            ...required(conversion, ['conversionAction', 'conversionDateTime'], where),
            ...(clickIds.length === 1 ? [] : [`${where} needs exactly one of gclid, gbraid, wbraid`]),
            ...(String(conversion.conversionAction).startsWith(`customers/${customerId}/conversionActions/`)
              ? []
              : [`${where}.conversionAction must be customers/${customerId}/conversionActions/{id}`]),
            ...(GOOGLE_DATE_TIME.test(String(conversion.conversionDateTime))
              ? []
              : [`${where}.conversionDateTime must be yyyy-mm-dd hh:mm:ss+hh:mm`]),
            ...identifiers.flatMap((identifier, i) => [
              ...hashed(identifier.hashedEmail, `${where}.userIdentifiers[${i}].hashedEmail`, false),
              ...hashed(
                identifier.hashedPhoneNumber,
                `${where}.userIdentifiers[${i}].hashedPhoneNumber`,
                false,
              ),
            ]),
          ];
        }),
      ];
    },
    events: (body) => body.conversions as Record<string, unknown>[],
    ok: (events) => ({ results: Array.from({ length: events }, () => ({})) }),
    error: (status, message) => ({
      error: { code: status, message, status: status === 401 ? 'UNAUTHENTICATED' : 'UNAVAILABLE' },
    }),
  });

  const tokens = await startHttpFake((request, raw, response) => {
    if (request.method !== 'POST' || pathOf(request).pathname !== '/token')
      return sendJson(response, 404, {});
    const form = new URLSearchParams(raw);
    if (
      form.get('grant_type') !== 'refresh_token' ||
      form.get('client_id') !== clientId ||
      form.get('client_secret') !== clientSecret ||
      form.get('refresh_token') !== refreshToken
    ) {
      return sendJson(response, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
    }
    tokenExchanges += 1;
    const accessToken = `ya29.${randomBytes(16).toString('hex')}`;
    accessTokens.add(accessToken);
    return sendJson(response, 200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
  });

  const closeUploads = uploads.close;
  const fake = Object.assign(uploads, {
    customerId,
    developerToken,
    clientId,
    clientSecret,
    refreshToken,
    tokenUrl: `${tokens.url}/token`,
    close: async () => {
      await closeUploads();
      await tokens.close();
    },
  });
  return Object.defineProperty(fake, 'tokenExchanges', { get: () => tokenExchanges }) as FakeGoogleAds;
}
