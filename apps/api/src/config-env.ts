import { Type } from 'typebox';
import Format from 'typebox/format';
import Value from 'typebox/value';

/**
 * The environment variables the server reads, as one TypeBox schema: each value's own rule (a port, a URL of
 * some protocols, a whole number...) is checked here by `Value`, with the sentence a person reads when it is
 * broken. Rules between several values (Twilio's three keys, production's real services) stay in config.ts.
 */

const HTTP = ['https:', 'http:'] as const;
/** How a yes/no variable may be written (any case). */
export const TRUE_WORDS = ['1', 'true', 'yes'];
const FLAG_WORDS = [...TRUE_WORDS, '0', 'false', 'no'];

const isUrlOf = (protocols: readonly string[]) => (value: string) =>
  URL.canParse(value) && protocols.includes(new URL(value).protocol);
export const listItems = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

Format.Set('wingmate-http-url', isUrlOf(HTTP));
Format.Set('wingmate-smtp-url', isUrlOf(['smtp:', 'smtps:']));
Format.Set('wingmate-postgres-url', (value) => /^postgres(ql)?:\/\//.test(value) && URL.canParse(value));
Format.Set('wingmate-http-url-list', (value) =>
  listItems(value).every((url) => /^https?:\/\//.test(url) && URL.canParse(url)),
);
Format.Set('wingmate-above-zero', (value) => Number.isFinite(Number(value)) && Number(value) > 0);
Format.Set('wingmate-flag', (value) => FLAG_WORDS.includes(value.toLowerCase()));
Format.Set(
  'wingmate-trust-proxy',
  (value) =>
    /^(true|false|\d+)$/.test(value) || listItems(value).every((address) => /^[\d.:a-fA-F/]+$/.test(address)),
);
Format.Set('wingmate-port', (value) => /^\d+$/.test(value) && Number(value) <= 65535);

/** `problem`: what the value must be, said after its name. `secret`: the value is never repeated back. */
interface Rule {
  readonly problem: string;
  readonly secret?: boolean;
}

const text = () => Type.Optional(Type.String());
const oneOf = (values: readonly string[]) =>
  Type.Optional(Type.String({ pattern: `^(${values.join('|')})$`, problem: `one of ${values.join(', ')}` }));
const httpUrl = () =>
  Type.Optional(
    Type.String({ format: 'wingmate-http-url', problem: 'a URL starting with https:// or http://' }),
  );
const wholeNumber = () =>
  Type.Optional(Type.String({ pattern: '^\\d+$', problem: 'a whole number of 0 or more' }));
const aboveZero = () =>
  Type.Optional(Type.String({ format: 'wingmate-above-zero', problem: 'a number above 0' }));
const flag = () => Type.Optional(Type.String({ format: 'wingmate-flag', problem: 'true or false' }));

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Every variable, in the order its problems are reported. */
export const EnvSchema = Type.Object({
  NODE_ENV: oneOf(['development', 'test', 'production']),
  RATE_LIMIT_MULTIPLIER: aboveZero(),
  PORT: Type.Optional(Type.String({ format: 'wingmate-port', problem: 'a port number from 0 to 65535' })),
  HOST: text(),
  PUBLIC_API_URL: httpUrl(),
  LOG_LEVEL: oneOf(LOG_LEVELS),
  WEB_CONCURRENCY: wholeNumber(),
  WEB_APP_DIR: text(),
  LOG_REQUESTS: flag(),
  DATABASE_URL: Type.Optional(
    Type.String({
      format: 'wingmate-postgres-url',
      problem: 'a postgres:// or postgresql:// URL',
      secret: true,
    }),
  ),
  DATA_DIR: text(),
  DATABASE_IN_MEMORY: flag(),
  WEB_ORIGIN: Type.Optional(
    Type.String({ format: 'wingmate-http-url-list', problem: 'a comma-separated list of http(s) URLs' }),
  ),
  TRUST_PROXY: Type.Optional(
    Type.String({
      format: 'wingmate-trust-proxy',
      problem: 'true, false, a number of hops or a list of proxy addresses',
    }),
  ),
  TWILIO_ACCOUNT_SID: text(),
  TWILIO_AUTH_TOKEN: text(),
  TWILIO_FROM: text(),
  TWILIO_BASE_URL: httpUrl(),
  SMTP_URL: Type.Optional(
    Type.String({
      format: 'wingmate-smtp-url',
      problem: 'a URL starting with smtp:// or smtps://',
      secret: true,
    }),
  ),
  EMAIL_FROM: text(),
  GOOGLE_CLIENT_ID: text(),
  GOOGLE_TOKENINFO_URL: httpUrl(),
  APPLE_AUDIENCES: text(),
  APPLE_JWKS_URL: httpUrl(),
  APPLE_ISSUER: text(),
  JWT_SECRET: text(),
  SYSTEM_NUMBER: Type.Optional(
    Type.String({ pattern: '^\\+1\\d{10}$', problem: 'a US number in E.164 form, like +15550100000' }),
  ),
  LLM_MODEL: text(),
  LLM_BASE_URL: httpUrl(),
  LLM_API_KEY: text(),
  LLM_VISION_MODEL: text(),
  LLM_TIMEOUT_MS: aboveZero(),
  S3_ENDPOINT: httpUrl(),
  S3_BUCKET: text(),
  S3_ACCESS_KEY_ID: text(),
  S3_SECRET_ACCESS_KEY: text(),
  S3_REGION: text(),
  S3_PUBLIC_URL: httpUrl(),
  RATE_LIMITS: flag(),
  CONVERSIONS_WORKER_INTERVAL_MS: wholeNumber(),
  CONVERSIONS_BATCH_SIZE: wholeNumber(),
  CONVERSIONS_MAX_ATTEMPTS: wholeNumber(),
  CONVERSIONS_RETRY_BASE_MS: wholeNumber(),
  CONVERSIONS_REQUEST_TIMEOUT_MS: wholeNumber(),
  META_PIXEL_ID: text(),
  META_ACCESS_TOKEN: text(),
  META_API_VERSION: text(),
  META_BASE_URL: httpUrl(),
  META_TEST_EVENT_CODE: text(),
  TIKTOK_PIXEL_CODE: text(),
  TIKTOK_ACCESS_TOKEN: text(),
  TIKTOK_BASE_URL: httpUrl(),
  SNAPCHAT_PIXEL_ID: text(),
  SNAPCHAT_ACCESS_TOKEN: text(),
  SNAPCHAT_BASE_URL: httpUrl(),
  PINTEREST_AD_ACCOUNT_ID: text(),
  PINTEREST_ACCESS_TOKEN: text(),
  PINTEREST_BASE_URL: httpUrl(),
  GOOGLE_ADS_CUSTOMER_ID: text(),
  GOOGLE_ADS_DEVELOPER_TOKEN: text(),
  GOOGLE_ADS_ACCESS_TOKEN: text(),
  GOOGLE_ADS_CLIENT_ID: text(),
  GOOGLE_ADS_CLIENT_SECRET: text(),
  GOOGLE_ADS_REFRESH_TOKEN: text(),
  GOOGLE_ADS_LOGIN_CUSTOMER_ID: text(),
  GOOGLE_ADS_API_VERSION: text(),
  GOOGLE_ADS_BASE_URL: httpUrl(),
  GOOGLE_ADS_TOKEN_URL: httpUrl(),
  GOOGLE_ADS_CONVERSION_ACTIONS: text(),
  STRIPE_SECRET_KEY: text(),
  STRIPE_WEBHOOK_SECRET: text(),
  STRIPE_API_BASE: httpUrl(),
  FREE_MESSAGES: wholeNumber(),
  FREE_MESSAGES_PER_IP: wholeNumber(),
  SUBSCRIPTION_DAILY_CAP: wholeNumber(),
  AI_LIMIT_VISITOR_PER_HOUR: wholeNumber(),
  AI_LIMIT_MEMBER_PER_HOUR: wholeNumber(),
  UPLOAD_LIMIT_PER_HOUR: wholeNumber(),
  ALLOW_EMBEDDED_SERVICES: flag(),
});

export type EnvName = keyof typeof EnvSchema.properties;

/**
 * `values`: the variables that are set (trimmed; an empty value counts as unset) and valid; `present`: those set,
 * valid or not (for the all-or-none rules); `problems`: one sentence for each invalid one.
 */
export interface CheckedEnv {
  readonly values: Readonly<Partial<Record<EnvName, string>>>;
  readonly present: ReadonlySet<EnvName>;
  readonly problems: readonly string[];
}

export function checkEnv(env: Readonly<Record<string, string | undefined>>): CheckedEnv {
  const set: Partial<Record<EnvName, string>> = {};
  for (const name of Object.keys(EnvSchema.properties) as EnvName[]) {
    const value = env[name]?.trim();
    if (value) set[name] = value;
  }
  const broken = new Set(Value.Errors(EnvSchema, set).map((error) => error.instancePath.slice(1) as EnvName));
  const problems: string[] = [];
  const values: Partial<Record<EnvName, string>> = {};
  for (const name of Object.keys(set) as EnvName[]) {
    if (!broken.has(name)) {
      values[name] = set[name];
      continue;
    }
    const rule = EnvSchema.properties[name] as unknown as Rule;
    problems.push(`${name} must be ${rule.problem}${rule.secret ? '' : ` (got "${set[name]}")`}`);
  }
  return { values, present: new Set(Object.keys(set) as EnvName[]), problems };
}
