import type { EnvName } from './config-env';

/**
 * One environment variable of the API: `default` is the value its reader in config.ts falls back to, written as in
 * a `.env` file; `defaultText` says what happens when it is unset when that is no single value (computed from
 * another variable, or a service that is off). `.env.example` is written from this table
 * (`npm run env-example`, docs/running.md#the-env-file).
 */
export interface EnvVariable {
  readonly group: string;
  readonly meaning: string;
  readonly default?: string;
  readonly defaultText?: string;
}

const server = 'Server';
const data = 'Database and storage';
const messaging = 'SMS and e-mail';
const signIn = 'Sign-in';
const ai = 'AI';
const uploads = 'Uploads (S3)';
const limits = 'Limits';
const payments = 'Payments';
const conversions = 'Ad conversions';

/** Every variable the API reads (the TypeBox schema in config-env.ts checks their values), in `.env.example`'s order. */
export const API_VARIABLES = {
  NODE_ENV: { group: server, default: 'development', meaning: '`development`, `test` or `production`' },
  HOST: { group: server, default: '0.0.0.0', meaning: 'Address the API listens on' },
  PORT: { group: server, default: '8000', meaning: 'Port of the API' },
  LOG_LEVEL: { group: server, default: 'info', meaning: 'pino level: `fatal` … `trace`, or `silent`' },
  LOG_REQUESTS: {
    group: server,
    defaultText: '`true`, except `false` when `NODE_ENV=production`',
    meaning: 'One log line per request (method, path, address; query values hidden)',
  },
  PUBLIC_API_URL: {
    group: server,
    defaultText: '`http://localhost:PORT`',
    meaning:
      "The API's public address: paging links (`next`, `previous`) are built from it, never from the Host header; also the served page's link-preview URLs (unset: the request's origin)",
  },
  WEB_CONCURRENCY: {
    group: server,
    default: '0',
    meaning:
      'Workers of the production start (always one on PGlite); `0` = one per core with `NODE_ENV=production` on Postgres, else `1`',
  },
  WEB_APP_DIR: {
    group: server,
    defaultText: '`apps/web/dist` with `NODE_ENV=production`',
    meaning: 'The web build the API serves on its own port',
  },
  WEB_ORIGIN: {
    group: server,
    defaultText: '`http://localhost:4200,http://127.0.0.1:4200`',
    meaning: 'Origins allowed by CORS, comma-separated',
  },
  TRUST_PROXY: {
    group: server,
    default: 'false',
    meaning:
      "Whose `X-Forwarded-For` to believe for the client address (rate limits, logs): `true`, a hop count, or proxy addresses; behind a load balancer set it, else clients share the balancer's address",
  },
  DATABASE_URL: {
    group: data,
    defaultText: 'unset = PGlite',
    meaning: '`postgres://…` switches to a real Postgres server (same migrations)',
  },
  DATA_DIR: { group: data, default: 'data', meaning: 'Where PGlite (`data/db`) and local uploads live' },
  DATABASE_IN_MEMORY: {
    group: data,
    default: 'false',
    meaning: '`true` keeps PGlite in memory (nothing written)',
  },
  TWILIO_ACCOUNT_SID: {
    group: messaging,
    defaultText: 'unset = console SMS',
    meaning:
      "Twilio's REST API (`TWILIO_ACCOUNT_SID`, `TWILIO_AUTH_TOKEN` and `TWILIO_FROM`: all three or none). Unset, each SMS is printed and kept in the `outbox_messages` table",
  },
  TWILIO_AUTH_TOKEN: { group: messaging, defaultText: 'unset = console SMS', meaning: "Twilio's auth token" },
  TWILIO_FROM: {
    group: messaging,
    defaultText: 'unset = console SMS',
    meaning: 'A Twilio number (E.164) or a Messaging Service SID (`MG…`)',
  },
  TWILIO_BASE_URL: {
    group: messaging,
    default: 'https://api.twilio.com',
    meaning: "Twilio's API host (tests point it at a local server)",
  },
  SMTP_URL: {
    group: messaging,
    defaultText: 'unset = console e-mail',
    meaning:
      '`smtp://user:pass@host:587` or `smtps://…:465`; unset, each e-mail is printed and kept in `outbox_messages`',
  },
  EMAIL_FROM: {
    group: messaging,
    default: 'Wingmate <no-reply@wingmate.local>',
    meaning: 'From address of every e-mail',
  },
  SYSTEM_NUMBER: {
    group: messaging,
    default: '+15550100000',
    meaning: "The product's SMS number (US, E.164), answered as `system_number`",
  },
  JWT_SECRET: {
    group: signIn,
    defaultText:
      'unset = a random one made once and kept in `DATA_DIR/jwt-secret` (mode 0600); required when `NODE_ENV=production`',
    meaning: 'Key of the access tokens (HS256) and of stored PIN/code hashes; at least 32 characters',
  },
  GOOGLE_CLIENT_ID: {
    group: signIn,
    defaultText: 'unset = Google sign-in refused',
    meaning: 'The web client id Google access tokens must be issued to (`aud`/`azp`)',
  },
  GOOGLE_TOKENINFO_URL: {
    group: signIn,
    default: 'https://oauth2.googleapis.com/tokeninfo',
    meaning: "Google's tokeninfo endpoint",
  },
  APPLE_AUDIENCES: {
    group: signIn,
    defaultText: 'unset = Apple sign-in refused',
    meaning: 'Accepted `aud` values (bundle and service ids), comma-separated',
  },
  APPLE_JWKS_URL: {
    group: signIn,
    default: 'https://appleid.apple.com/auth/keys',
    meaning: "Apple's signing keys",
  },
  APPLE_ISSUER: { group: signIn, default: 'https://appleid.apple.com', meaning: "Apple's token issuer" },
  LLM_BASE_URL: {
    group: ai,
    defaultText: 'unset = offline model',
    meaning:
      'An OpenAI-compatible API: `https://api.openai.com/v1`, Ollama `http://localhost:11434/v1`, vLLM, llama.cpp server',
  },
  LLM_API_KEY: {
    group: ai,
    defaultText: 'unset',
    meaning: "Its key; set alone, it uses OpenAI's own URL. Neither set = the built-in offline model",
  },
  LLM_MODEL: { group: ai, default: 'gpt-4o-mini', meaning: 'Chat, bio, roast and follow-up model' },
  LLM_VISION_MODEL: {
    group: ai,
    defaultText: '`LLM_MODEL`',
    meaning: 'The model that reads photos (chat images, photo reviews)',
  },
  LLM_TIMEOUT_MS: {
    group: ai,
    default: '60000',
    meaning: 'Whole-call limit, retries included; past it the call fails with 504 and nothing is charged',
  },
  S3_ENDPOINT: {
    group: uploads,
    defaultText: 'unset = local disk',
    meaning:
      'An S3-compatible bucket for uploads (`S3_ENDPOINT`, `S3_BUCKET`, `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`: all four or none); path-style, Signature V4',
  },
  S3_BUCKET: { group: uploads, defaultText: 'unset = local disk', meaning: "The bucket's name" },
  S3_ACCESS_KEY_ID: {
    group: uploads,
    defaultText: 'unset = local disk',
    meaning: "The bucket's access key id",
  },
  S3_SECRET_ACCESS_KEY: {
    group: uploads,
    defaultText: 'unset = local disk',
    meaning: "The bucket's secret key",
  },
  S3_REGION: {
    group: uploads,
    default: 'us-east-1',
    meaning: "The bucket's region (signed into every request)",
  },
  S3_PUBLIC_URL: {
    group: uploads,
    defaultText: '`S3_ENDPOINT/S3_BUCKET`',
    meaning: 'Public base URL of uploaded objects (a CDN)',
  },
  RATE_LIMITS: {
    group: limits,
    default: 'true',
    meaning:
      '`false` switches the per-IP and per-account limits off (benchmarks); a phone still gets at most 1 PIN a minute and 5 an hour',
  },
  RATE_LIMIT_MULTIPLIER: {
    group: limits,
    default: '1',
    meaning: 'Scales every auth rate limit (e.g. `10` behind a shared NAT, end-to-end suites)',
  },
  FREE_MESSAGES: { group: limits, default: '5', meaning: 'Free chat replies of a visitor (by uid)' },
  FREE_MESSAGES_PER_IP: {
    group: limits,
    default: '20',
    meaning: 'Free chat replies from one IP a day, whatever the uid',
  },
  SUBSCRIPTION_DAILY_CAP: {
    group: limits,
    default: '500',
    meaning: 'Fair-use messages a day of an active subscription',
  },
  AI_LIMIT_VISITOR_PER_HOUR: {
    group: limits,
    default: '30',
    meaning:
      "A visitor's bio generations and rewrites, photo reviews and follow-ups an hour, per uid and per address",
  },
  AI_LIMIT_MEMBER_PER_HOUR: {
    group: limits,
    default: '120',
    meaning:
      "A member's bio generations and rewrites, photo reviews and follow-ups an hour, per account and per address",
  },
  UPLOAD_LIMIT_PER_HOUR: {
    group: limits,
    default: '60',
    meaning: 'Photo uploads (bio and chat) an hour, per uid or member and per address',
  },
  ALLOW_EMBEDDED_SERVICES: {
    group: payments,
    default: 'false',
    meaning:
      'With `NODE_ENV=production` the server refuses to start without Twilio, SMTP and Stripe keys (console senders would log PINs, the local provider would sell plans for test cards); `true` allows it',
  },
  STRIPE_SECRET_KEY: {
    group: payments,
    defaultText: 'unset = local test-mode provider',
    meaning:
      "Stripe's secret key; unset, payments use the embedded provider (intents in the database, Stripe's test cards)",
  },
  STRIPE_WEBHOOK_SECRET: {
    group: payments,
    defaultText: 'unset',
    meaning:
      'Signing secret of the webhook endpoint `POST /api/v1/memberships/webhooks/stripe/`; unset, every webhook is refused',
  },
  STRIPE_API_BASE: {
    group: payments,
    defaultText: "Stripe's API",
    meaning:
      "Host, port and protocol of Stripe's API (e.g. `http://127.0.0.1:12111`), for tests and stripe-mock",
  },
  CONVERSIONS_WORKER_INTERVAL_MS: {
    group: conversions,
    default: '5000',
    meaning: 'How often the in-server worker forwards due conversions; `0` = no worker in this instance',
  },
  CONVERSIONS_BATCH_SIZE: { group: conversions, default: '50', meaning: 'Rows per batch' },
  CONVERSIONS_MAX_ATTEMPTS: {
    group: conversions,
    default: '8',
    meaning: 'Tries before a row is marked `failed`',
  },
  CONVERSIONS_RETRY_BASE_MS: {
    group: conversions,
    default: '30000',
    meaning: 'First retry wait (doubling each time, at most a day)',
  },
  CONVERSIONS_REQUEST_TIMEOUT_MS: {
    group: conversions,
    default: '10000',
    meaning: "One request's time limit before it counts as a network failure",
  },
  META_PIXEL_ID: {
    group: conversions,
    defaultText: 'unset = stored only',
    meaning: 'Meta Conversions API (`META_PIXEL_ID` and `META_ACCESS_TOKEN`: both or none)',
  },
  META_ACCESS_TOKEN: {
    group: conversions,
    defaultText: 'unset = stored only',
    meaning: "Meta's access token",
  },
  META_API_VERSION: { group: conversions, default: 'v21.0', meaning: 'Graph API version' },
  META_BASE_URL: { group: conversions, default: 'https://graph.facebook.com', meaning: 'Graph API host' },
  META_TEST_EVENT_CODE: {
    group: conversions,
    defaultText: 'unset',
    meaning: "A test event code shows events in Events Manager's test tab",
  },
  TIKTOK_PIXEL_CODE: {
    group: conversions,
    defaultText: 'unset = stored only',
    meaning: 'TikTok Events API 1.3 (`TIKTOK_PIXEL_CODE` and `TIKTOK_ACCESS_TOKEN`: both or none)',
  },
  TIKTOK_ACCESS_TOKEN: {
    group: conversions,
    defaultText: 'unset = stored only',
    meaning: "TikTok's access token",
  },
  TIKTOK_BASE_URL: {
    group: conversions,
    default: 'https://business-api.tiktok.com',
    meaning: "TikTok's API host",
  },
  SNAPCHAT_PIXEL_ID: {
    group: conversions,
    defaultText: 'unset = stored only',
    meaning: 'Snap Conversions API v3 (`SNAPCHAT_PIXEL_ID` and `SNAPCHAT_ACCESS_TOKEN`: both or none)',
  },
  SNAPCHAT_ACCESS_TOKEN: {
    group: conversions,
    defaultText: 'unset = stored only',
    meaning: "Snapchat's access token",
  },
  SNAPCHAT_BASE_URL: {
    group: conversions,
    default: 'https://tr.snapchat.com',
    meaning: "Snapchat's API host",
  },
  PINTEREST_AD_ACCOUNT_ID: {
    group: conversions,
    defaultText: 'unset = stored only',
    meaning:
      'Pinterest Conversions API v5 (`PINTEREST_AD_ACCOUNT_ID` and `PINTEREST_ACCESS_TOKEN`: both or none)',
  },
  PINTEREST_ACCESS_TOKEN: {
    group: conversions,
    defaultText: 'unset = stored only',
    meaning: "Pinterest's access token",
  },
  PINTEREST_BASE_URL: {
    group: conversions,
    default: 'https://api.pinterest.com',
    meaning: "Pinterest's API host",
  },
  GOOGLE_ADS_CUSTOMER_ID: {
    group: conversions,
    defaultText: 'unset = stored only',
    meaning:
      'Google Ads click conversions (with `GOOGLE_ADS_DEVELOPER_TOKEN`, plus `GOOGLE_ADS_ACCESS_TOKEN` or the three OAuth keys); dashes are dropped',
  },
  GOOGLE_ADS_DEVELOPER_TOKEN: {
    group: conversions,
    defaultText: 'unset = stored only',
    meaning: 'Google Ads developer token',
  },
  GOOGLE_ADS_ACCESS_TOKEN: {
    group: conversions,
    defaultText: 'unset',
    meaning: 'A fixed OAuth access token (else the refresh token below is exchanged)',
  },
  GOOGLE_ADS_CLIENT_ID: {
    group: conversions,
    defaultText: 'unset',
    meaning:
      'OAuth client id (`GOOGLE_ADS_CLIENT_ID`, `_CLIENT_SECRET`, `_REFRESH_TOKEN`: all three or none)',
  },
  GOOGLE_ADS_CLIENT_SECRET: { group: conversions, defaultText: 'unset', meaning: 'OAuth client secret' },
  GOOGLE_ADS_REFRESH_TOKEN: { group: conversions, defaultText: 'unset', meaning: 'OAuth refresh token' },
  GOOGLE_ADS_LOGIN_CUSTOMER_ID: { group: conversions, defaultText: 'unset', meaning: 'Manager account id' },
  GOOGLE_ADS_API_VERSION: { group: conversions, default: 'v21', meaning: 'Google Ads API version' },
  GOOGLE_ADS_BASE_URL: {
    group: conversions,
    default: 'https://googleads.googleapis.com',
    meaning: 'Google Ads API host',
  },
  GOOGLE_ADS_TOKEN_URL: {
    group: conversions,
    default: 'https://oauth2.googleapis.com/token',
    meaning: 'Where the refresh token is exchanged',
  },
  GOOGLE_ADS_CONVERSION_ACTIONS: {
    group: conversions,
    defaultText: 'unset',
    meaning:
      "Conversion action ids of the server's own conversions: `CompleteRegistration=1,StartTrial=2,Purchase=3`",
  },
} as const satisfies Record<EnvName, EnvVariable>;

/** The names of the variables that have one default value. */
export type DefaultedEnvName = {
  [K in keyof typeof API_VARIABLES]: (typeof API_VARIABLES)[K] extends { default: string } ? K : never;
}[keyof typeof API_VARIABLES];

/** The value `name` falls back to when unset, as written in `.env`. */
export function defaultOf(name: DefaultedEnvName): string {
  return API_VARIABLES[name].default;
}
