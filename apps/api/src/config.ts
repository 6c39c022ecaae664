import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkEnv, listItems, LOG_LEVELS, TRUE_WORDS, type EnvName } from './config-env';
import { defaultOf, type DefaultedEnvName } from './config-variables';
import type { ServeConfig } from './server/serve-config';

export interface Config {
  readonly env: 'development' | 'test' | 'production';
  readonly host: string;
  readonly port: number;
  readonly logLevel: string;
  /** The production start: workers, the served web app, request logs. */
  readonly serve: ServeConfig;
  /** Postgres connection string; absent = the embedded PGlite database. */
  readonly databaseUrl: string | undefined;
  /** Where PGlite and local uploads live (default `./data`). */
  readonly dataDir: string;
  /** true = PGlite in memory (tests), nothing written to disk. */
  readonly inMemoryDatabase: boolean;
  /**
   * The API's own address as clients reach it (`PUBLIC_API_URL`, default `http://localhost:PORT`): links in pages
   * are built from it, never from the Host header. No trailing slash.
   */
  readonly publicApiUrl: string;
  /** Origins allowed by CORS (the web app). */
  readonly webOrigins: readonly string[];
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (rate limits, logs): false = none (the
   * default: a client could otherwise pick its own address), true = all, a number = that many hops, or addresses.
   */
  readonly trustProxy: boolean | number | readonly string[];
  /** Twilio; absent = the console SMS sender. */
  readonly twilio: TwilioConfig | undefined;
  /**
   * What Twilio's incoming-message webhook is checked with: Twilio's account and auth token, else (outside
   * production) the development pair of docs/running.md#texting-the-wingmate; absent = every webhook is refused.
   */
  readonly twilioWebhook: TwilioWebhookConfig | undefined;
  /** SMTP server URL (`smtp://user:pass@host:587`, `smtps://...`); absent = the console e-mail sender. */
  readonly smtpUrl: string | undefined;
  /** The From address of every e-mail. */
  readonly emailFrom: string;
  /** The OpenAI-compatible chat API; no base URL and no key = the built-in offline engine. */
  readonly llm: LlmConfig;
  /** An S3-compatible bucket for uploads; absent = local disk under `uploadsDir`. */
  readonly s3: S3Config | undefined;
  /** Where local uploads live: `${dataDir}/uploads`. */
  readonly uploadsDir: string;
  readonly google: GoogleConfig;
  readonly apple: AppleConfig;
  /** HS256 key of access tokens and the pepper of stored codes; at least 32 characters. */
  readonly jwtSecret: string;
  /** The product's SMS number (E.164), shown to users as `system_number`. */
  readonly systemNumber: string;
  readonly rateLimits: RateLimitConfig;
  readonly conversions: ConversionsConfig;
  readonly payments: PaymentsConfig;
  readonly metering: MeteringConfig;
  readonly usageLimits: UsageLimitsConfig;
}

/**
 * Hourly limits of the AI calls other than chat (bio generate and rewrite, photo review and follow-up) and of photo
 * uploads, each per uid or account and per IP (docs/decisions.md#money-chat-uploads-and-ai-limits); off with
 * `RATE_LIMITS=false`.
 */
export interface UsageLimitsConfig {
  /** `AI_LIMIT_VISITOR_PER_HOUR` (30): a visitor's AI calls an hour, per uid and per IP. */
  readonly aiVisitorPerHour: number;
  /** `AI_LIMIT_MEMBER_PER_HOUR` (120): a signed-in account's AI calls an hour, per account and per IP. */
  readonly aiMemberPerHour: number;
  /** `UPLOAD_LIMIT_PER_HOUR` (60): photo uploads (bio photos, chat photos) an hour, per uid or account and per IP. */
  readonly uploadsPerHour: number;
}

/**
 * Stripe when its secret key is set, else the embedded local test-mode provider (docs/architecture.md#runtime-pieces).
 */
export interface PaymentsConfig {
  readonly stripeSecretKey: string | undefined;
  readonly stripeWebhookSecret: string | undefined;
  /** Stripe's API base (host, port, protocol); tests point it at a local fake. */
  readonly stripeApiBase: string | undefined;
  /** How often the local provider's renewal job looks for ended periods. */
  readonly renewalIntervalMs: number;
}

/** Chat metering limits (docs/decisions.md#memberships-appsapi). */
export interface MeteringConfig {
  readonly freeMessages: number;
  readonly freeMessagesPerIp: number;
  readonly subscriptionDailyCap: number;
}

/** Ad-conversion forwarding (docs/decisions.md#attribution-and-ab): each platform is on when its keys are set. */
export interface ConversionsConfig {
  /** How often the in-server worker looks for due rows; 0 = no worker (rows wait for another instance). */
  readonly workerIntervalMs: number;
  readonly batchSize: number;
  /** Attempts before a row is marked failed; between them the wait doubles from `retryBaseMs`. */
  readonly maxAttempts: number;
  readonly retryBaseMs: number;
  /** One request to a platform may take this long before it counts as a network failure. */
  readonly requestTimeoutMs: number;
  readonly meta: MetaConversionsConfig | undefined;
  readonly tiktok: TiktokConversionsConfig | undefined;
  readonly snapchat: SnapchatConversionsConfig | undefined;
  readonly pinterest: PinterestConversionsConfig | undefined;
  readonly googleAds: GoogleAdsConversionsConfig | undefined;
}

export interface MetaConversionsConfig {
  readonly pixelId: string;
  readonly accessToken: string;
  readonly apiVersion: string;
  readonly baseUrl: string;
  readonly testEventCode: string | undefined;
}

export interface TiktokConversionsConfig {
  readonly pixelCode: string;
  readonly accessToken: string;
  readonly baseUrl: string;
}

export interface SnapchatConversionsConfig {
  readonly pixelId: string;
  readonly accessToken: string;
  readonly baseUrl: string;
}

export interface PinterestConversionsConfig {
  readonly adAccountId: string;
  readonly accessToken: string;
  readonly baseUrl: string;
}

export interface GoogleAdsConversionsConfig {
  /** Digits only (the dashes of `123-456-7890` are dropped). */
  readonly customerId: string;
  readonly loginCustomerId: string | undefined;
  readonly developerToken: string;
  readonly apiVersion: string;
  readonly baseUrl: string;
  /** A fixed OAuth access token, or a refresh token exchanged at `tokenUrl`. */
  readonly auth:
    | { readonly kind: 'access_token'; readonly accessToken: string }
    | {
        readonly kind: 'refresh_token';
        readonly clientId: string;
        readonly clientSecret: string;
        readonly refreshToken: string;
        readonly tokenUrl: string;
      };
  /** Conversion action ids of the server's own conversions, by event name (`Purchase=123,StartTrial=456`). */
  readonly conversionActions: Readonly<Record<string, string>>;
}

/** One limit: at most `max` calls per `windowSeconds`. */
export interface RateLimit {
  readonly max: number;
  readonly windowSeconds: number;
}

/**
 * Limits of the sign-in, PIN, reset, refresh, chat and conversion calls (docs/decisions.md#auth-appsapi,
 * docs/decisions.md#cross-cutting-appsapi, docs/decisions.md#client-conversions).
 */
export interface RateLimitConfig {
  /** false = no limit is checked (benchmarks); the PIN send rule (1 a minute, 5 an hour) always holds. */
  readonly enabled: boolean;
  /**
   * Sign-in attempts (passwords, PINs, Google, Apple) per IP. Wrong passwords and PINs per (account, address)
   * wait longer and longer (`SignInLockouts`), so no limit per account alone lets a stranger lock the owner out.
   */
  readonly signInPerIp: RateLimit;
  /** Calls that send a PIN or a code, per IP. */
  readonly sendsPerIp: RateLimit;
  /** Password reset requests per IP and per phone number or e-mail; confirmations per (account, address). */
  readonly resetPerIp: RateLimit;
  readonly resetPerAccount: RateLimit;
  /** Token refreshes per IP. */
  readonly refreshPerIp: RateLimit;
  /** Chat sends per IP and per signed-in account (visitors are also bounded by their free messages). */
  readonly chatPerIp: RateLimit;
  readonly chatPerAccount: RateLimit;
  /** Client conversion posts (every ad platform's together) per client address and per uid, an hour. */
  readonly conversionsPerIp: RateLimit;
  readonly conversionsPerUid: RateLimit;
}

export interface TwilioConfig {
  readonly accountSid: string;
  readonly authToken: string;
  /** A Twilio number in E.164, or a Messaging Service SID (`MG...`). */
  readonly from: string;
  /** Twilio's REST API base; tests point it at a local server. */
  readonly baseUrl: string;
}

export interface TwilioWebhookConfig {
  /** The `AccountSid` every webhook must carry. */
  readonly accountSid: string;
  /** The key of `X-Twilio-Signature`. */
  readonly authToken: string;
}

/**
 * The webhook's account and token without Twilio: public on purpose, so `npm run text-wingmate` signs texts
 * offline. Production never takes it (a known token would let anyone post texts): there, no Twilio = no webhook.
 */
export const DEVELOPMENT_TWILIO_WEBHOOK: TwilioWebhookConfig = {
  accountSid: `AC${'0'.repeat(32)}`,
  authToken: 'wingmate-development-twilio-token',
};

/**
 * The web app's public address, for links in texts: the API's own when it serves the built web app
 * (`WEB_APP_DIR`), else the first `WEB_ORIGIN` (the web app's dev server by default).
 */
export function webAppUrl(config: Pick<Config, 'serve' | 'publicApiUrl' | 'webOrigins'>): string {
  return config.serve.webAppDir ? config.publicApiUrl : (config.webOrigins[0] ?? config.publicApiUrl);
}

export interface GoogleConfig {
  /** The web client id; tokens must be issued to it (`aud`/`azp`). Absent = Google sign-in is refused. */
  readonly clientId: string | undefined;
  readonly tokenInfoUrl: string;
}

export interface AppleConfig {
  /** Accepted `aud` values (bundle ids and service ids), never taken from the client. Empty = Apple sign-in refused. */
  readonly audiences: readonly string[];
  readonly jwksUrl: string;
  readonly issuer: string;
}

export interface LlmConfig {
  /** `https://api.openai.com/v1`, `http://localhost:11434/v1` (Ollama), a vLLM or llama.cpp server... */
  readonly baseUrl: string | undefined;
  readonly apiKey: string | undefined;
  readonly model: string;
  /** The model that reads photos (defaults to `model`). */
  readonly visionModel: string;
  /** How long one call may take before the caller answers 504 and charges nothing. */
  readonly timeoutMs: number;
}

export interface S3Config {
  /** `https://s3.us-east-1.amazonaws.com`, MinIO's or R2's URL...; objects are addressed path-style. */
  readonly endpoint: string;
  readonly bucket: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** Public base URL of the objects (a CDN); default `${endpoint}/${bucket}`. */
  readonly publicUrl: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/** The file under DATA_DIR that keeps the generated JWT secret of a server started without JWT_SECRET. */
export const JWT_SECRET_FILE = 'jwt-secret';

/** The random secret of a process with an in-memory database and no DATA_DIR (tests): nothing to keep it in. */
let processJwtSecret: string | undefined;

/**
 * Reads the configuration from environment variables, reporting every bad value at once: each value is checked
 * against its rule in config-env.ts, the rules between values below.
 */
export function loadConfig(env: Env = process.env): Config {
  const checked = checkEnv(env);
  const problems = [...checked.problems];
  const read = new EnvReader(checked.values, checked.present, problems);

  const nodeEnv = read.oneOf('NODE_ENV', ['development', 'test', 'production']);
  const multiplier = read.number('RATE_LIMIT_MULTIPLIER');
  const limit = (max: number, windowSeconds: number): RateLimit => ({
    max: Math.max(1, Math.round(max * multiplier)),
    windowSeconds,
  });
  const port = read.number('PORT');
  const dataDir = path.resolve(read.string('DATA_DIR'));
  const inMemoryDatabase = read.boolean('DATABASE_IN_MEMORY');
  const publicApiUrl = read.string('PUBLIC_API_URL', `http://localhost:${port}`).replace(/\/+$/, '');
  const twilio = read.twilio();
  const config: Config = {
    env: nodeEnv,
    host: read.string('HOST'),
    port,
    publicApiUrl,
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS),
    serve: {
      workers: read.number('WEB_CONCURRENCY'),
      webAppDir: read.optional('WEB_APP_DIR'),
      logRequests: read.boolean('LOG_REQUESTS', nodeEnv !== 'production'),
      publicUrl: read.has('PUBLIC_API_URL') ? publicApiUrl : undefined,
    },
    databaseUrl: read.optional('DATABASE_URL'),
    dataDir,
    inMemoryDatabase,
    webOrigins: read.has('WEB_ORIGIN')
      ? read.list('WEB_ORIGIN').map((url) => url.replace(/\/$/, ''))
      : ['http://localhost:4200', 'http://127.0.0.1:4200'],
    trustProxy: read.trustProxy('TRUST_PROXY'),
    twilio,
    twilioWebhook: twilio
      ? { accountSid: twilio.accountSid, authToken: twilio.authToken }
      : nodeEnv === 'production'
        ? undefined
        : DEVELOPMENT_TWILIO_WEBHOOK,
    smtpUrl: read.optional('SMTP_URL'),
    emailFrom: read.string('EMAIL_FROM'),
    google: {
      clientId: read.optional('GOOGLE_CLIENT_ID'),
      tokenInfoUrl: read.string('GOOGLE_TOKENINFO_URL'),
    },
    apple: {
      audiences: read.list('APPLE_AUDIENCES'),
      jwksUrl: read.string('APPLE_JWKS_URL'),
      issuer: read.string('APPLE_ISSUER'),
    },
    jwtSecret: read.jwtSecret(nodeEnv, dataDir, {
      perProcess: inMemoryDatabase && !read.has('DATA_DIR'),
    }),
    systemNumber: read.string('SYSTEM_NUMBER'),
    llm: read.llm(),
    s3: read.s3(),
    uploadsDir: path.join(dataDir, 'uploads'),
    rateLimits: {
      enabled: read.boolean('RATE_LIMITS'),
      signInPerIp: limit(60, 60),
      sendsPerIp: limit(30, 60 * 60),
      resetPerIp: limit(20, 60 * 60),
      resetPerAccount: limit(10, 60 * 60),
      refreshPerIp: limit(120, 60),
      chatPerIp: limit(60, 60),
      chatPerAccount: limit(30, 60),
      conversionsPerIp: limit(300, 60 * 60),
      conversionsPerUid: limit(60, 60 * 60),
    },
    conversions: read.conversions(),
    payments: {
      stripeSecretKey: read.optional('STRIPE_SECRET_KEY'),
      stripeWebhookSecret: read.optional('STRIPE_WEBHOOK_SECRET'),
      stripeApiBase: read.optional('STRIPE_API_BASE'),
      renewalIntervalMs: 10 * 60 * 1000,
    },
    metering: {
      freeMessages: read.number('FREE_MESSAGES'),
      freeMessagesPerIp: read.number('FREE_MESSAGES_PER_IP'),
      subscriptionDailyCap: read.number('SUBSCRIPTION_DAILY_CAP'),
    },
    usageLimits: {
      aiVisitorPerHour: read.number('AI_LIMIT_VISITOR_PER_HOUR'),
      aiMemberPerHour: read.number('AI_LIMIT_MEMBER_PER_HOUR'),
      uploadsPerHour: read.number('UPLOAD_LIMIT_PER_HOUR'),
    },
  };

  requireRealServicesInProduction(config, read.boolean('ALLOW_EMBEDDED_SERVICES'), problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/**
 * In production the console senders would write every PIN and reset code to the logs, and the local payment
 * provider would sell plans for Stripe's public test cards: both need an explicit opt-in there.
 */
function requireRealServicesInProduction(config: Config, allowEmbedded: boolean, problems: string[]): void {
  if (config.env !== 'production' || allowEmbedded) return;
  const missing = [
    config.twilio ? undefined : 'TWILIO_ACCOUNT_SID/TWILIO_AUTH_TOKEN/TWILIO_FROM',
    config.smtpUrl ? undefined : 'SMTP_URL',
    config.payments.stripeSecretKey ? undefined : 'STRIPE_SECRET_KEY',
  ].filter(Boolean);
  if (missing.length > 0) {
    problems.push(
      `NODE_ENV=production needs ${missing.join(', ')} (or ALLOW_EMBEDDED_SERVICES=true for the console senders and the local payment provider)`,
    );
  }
}

/** Configuration for tests: in-memory PGlite, quiet logs, overridable per test. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_IN_MEMORY: 'true' }),
    ...overrides,
  };
}

/**
 * Typed reads of the checked variables (each already valid or absent, so a fallback covers both), and the rules
 * between variables: a service is on when all its keys are set, and an error when only some are. A fallback not
 * given is the variable's default in config-variables.ts, the table `.env.example` is written from.
 */
class EnvReader {
  constructor(
    private readonly values: Readonly<Partial<Record<EnvName, string>>>,
    private readonly present: ReadonlySet<EnvName>,
    private readonly problems: string[],
  ) {}

  has(name: EnvName): boolean {
    return this.present.has(name);
  }

  optional(name: EnvName): string | undefined {
    return this.values[name];
  }

  string(name: DefaultedEnvName): string;
  string(name: EnvName, fallback: string): string;
  string(name: EnvName, fallback?: string): string {
    return this.values[name] ?? fallback ?? defaultOf(name as DefaultedEnvName);
  }

  number(name: DefaultedEnvName): number;
  number(name: EnvName, fallback: number): number;
  number(name: EnvName, fallback?: number): number {
    const value = this.values[name];
    if (value !== undefined) return Number(value);
    return fallback ?? Number(defaultOf(name as DefaultedEnvName));
  }

  boolean(name: DefaultedEnvName): boolean;
  boolean(name: EnvName, fallback: boolean): boolean;
  boolean(name: EnvName, fallback?: boolean): boolean {
    const value = this.values[name];
    if (value !== undefined) return TRUE_WORDS.includes(value.toLowerCase());
    return fallback ?? TRUE_WORDS.includes(defaultOf(name as DefaultedEnvName));
  }

  oneOf<T extends string>(name: DefaultedEnvName, _allowed: readonly T[]): T {
    return (this.values[name] ?? defaultOf(name)) as T;
  }

  list(name: EnvName): readonly string[] {
    return listItems(this.values[name] ?? '');
  }

  trustProxy(name: EnvName): boolean | number | readonly string[] {
    const value = this.values[name];
    if (value === undefined || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    return listItems(value);
  }

  private baseUrl(name: DefaultedEnvName): string {
    return this.string(name).replace(/\/$/, '');
  }

  /**
   * The variables of `names` when all are set and valid; undefined when none is set, or with a problem when only
   * some are (a set but invalid one has its own problem already).
   */
  private keys<K extends string>(names: Record<K, EnvName>, whenPartial: (missing: string[]) => string) {
    const entries = Object.entries(names) as [K, EnvName][];
    const missing = entries.filter(([, name]) => !this.has(name)).map(([, name]) => name);
    if (missing.length === entries.length) return undefined;
    if (missing.length > 0) {
      this.problems.push(whenPartial(missing));
      return undefined;
    }
    const values = entries.map(([key, name]) => [key, this.values[name]] as const);
    if (values.some(([, value]) => value === undefined)) return undefined;
    return Object.fromEntries(values) as Record<K, string>;
  }

  private platformKeys<K extends string>(platform: string, names: Record<K, EnvName>) {
    return this.keys(
      names,
      (missing) =>
        `${platform} conversions need ${missing.join(', ')} too (or none of its keys, to store only)`,
    );
  }

  twilio(): TwilioConfig | undefined {
    const names = {
      accountSid: 'TWILIO_ACCOUNT_SID',
      authToken: 'TWILIO_AUTH_TOKEN',
      from: 'TWILIO_FROM',
    } as const;
    const keys = this.keys(
      names,
      () => `Twilio needs all of ${Object.values(names).join(', ')} (or none, for the console SMS sender)`,
    );
    return keys && { ...keys, baseUrl: this.baseUrl('TWILIO_BASE_URL') };
  }

  conversions(): ConversionsConfig {
    const meta = this.platformKeys('Meta', { pixelId: 'META_PIXEL_ID', accessToken: 'META_ACCESS_TOKEN' });
    const tiktok = this.platformKeys('TikTok', {
      pixelCode: 'TIKTOK_PIXEL_CODE',
      accessToken: 'TIKTOK_ACCESS_TOKEN',
    });
    const snapchat = this.platformKeys('Snapchat', {
      pixelId: 'SNAPCHAT_PIXEL_ID',
      accessToken: 'SNAPCHAT_ACCESS_TOKEN',
    });
    const pinterest = this.platformKeys('Pinterest', {
      adAccountId: 'PINTEREST_AD_ACCOUNT_ID',
      accessToken: 'PINTEREST_ACCESS_TOKEN',
    });
    return {
      workerIntervalMs: this.number('CONVERSIONS_WORKER_INTERVAL_MS'),
      batchSize: Math.max(1, this.number('CONVERSIONS_BATCH_SIZE')),
      maxAttempts: Math.max(1, this.number('CONVERSIONS_MAX_ATTEMPTS')),
      retryBaseMs: this.number('CONVERSIONS_RETRY_BASE_MS'),
      requestTimeoutMs: Math.max(1, this.number('CONVERSIONS_REQUEST_TIMEOUT_MS')),
      meta: meta && {
        ...meta,
        apiVersion: this.string('META_API_VERSION'),
        baseUrl: this.baseUrl('META_BASE_URL'),
        testEventCode: this.optional('META_TEST_EVENT_CODE'),
      },
      tiktok: tiktok && {
        ...tiktok,
        baseUrl: this.baseUrl('TIKTOK_BASE_URL'),
      },
      snapchat: snapchat && {
        ...snapchat,
        baseUrl: this.baseUrl('SNAPCHAT_BASE_URL'),
      },
      pinterest: pinterest && {
        ...pinterest,
        baseUrl: this.baseUrl('PINTEREST_BASE_URL'),
      },
      googleAds: this.googleAds(),
    };
  }

  private googleAds(): GoogleAdsConversionsConfig | undefined {
    const keys = this.platformKeys('Google Ads', {
      customerId: 'GOOGLE_ADS_CUSTOMER_ID',
      developerToken: 'GOOGLE_ADS_DEVELOPER_TOKEN',
    });
    if (!keys) return undefined;
    const accessToken = this.optional('GOOGLE_ADS_ACCESS_TOKEN');
    const refresh = this.platformKeys('Google Ads OAuth', {
      clientId: 'GOOGLE_ADS_CLIENT_ID',
      clientSecret: 'GOOGLE_ADS_CLIENT_SECRET',
      refreshToken: 'GOOGLE_ADS_REFRESH_TOKEN',
    });
    if (!accessToken && !refresh) {
      this.problems.push(
        'Google Ads conversions need GOOGLE_ADS_ACCESS_TOKEN, or GOOGLE_ADS_CLIENT_ID, GOOGLE_ADS_CLIENT_SECRET and GOOGLE_ADS_REFRESH_TOKEN',
      );
      return undefined;
    }
    const conversionActions: Record<string, string> = {};
    for (const pair of this.list('GOOGLE_ADS_CONVERSION_ACTIONS')) {
      const [name, id] = pair.split('=').map((part) => part.trim());
      if (name && id && /^\d+$/.test(id)) conversionActions[name] = id;
      else
        this.problems.push(
          `GOOGLE_ADS_CONVERSION_ACTIONS must look like Purchase=123,StartTrial=456 (bad: "${pair}")`,
        );
    }
    return {
      customerId: keys.customerId.replace(/-/g, ''),
      loginCustomerId: this.optional('GOOGLE_ADS_LOGIN_CUSTOMER_ID')?.replace(/-/g, ''),
      developerToken: keys.developerToken,
      apiVersion: this.string('GOOGLE_ADS_API_VERSION'),
      baseUrl: this.baseUrl('GOOGLE_ADS_BASE_URL'),
      auth: accessToken
        ? { kind: 'access_token', accessToken }
        : {
            kind: 'refresh_token',
            ...(refresh as { clientId: string; clientSecret: string; refreshToken: string }),
            tokenUrl: this.baseUrl('GOOGLE_ADS_TOKEN_URL'),
          },
      conversionActions,
    };
  }

  llm(): LlmConfig {
    const model = this.string('LLM_MODEL');
    return {
      baseUrl: this.optional('LLM_BASE_URL')?.replace(/\/$/, ''),
      apiKey: this.optional('LLM_API_KEY'),
      model,
      visionModel: this.string('LLM_VISION_MODEL', model),
      timeoutMs: this.number('LLM_TIMEOUT_MS'),
    };
  }

  s3(): S3Config | undefined {
    const names = {
      endpoint: 'S3_ENDPOINT',
      bucket: 'S3_BUCKET',
      accessKeyId: 'S3_ACCESS_KEY_ID',
      secretAccessKey: 'S3_SECRET_ACCESS_KEY',
    } as const;
    const keys = this.keys(
      names,
      () => `S3 needs all of ${Object.values(names).join(', ')} (or none, for local uploads)`,
    );
    return (
      keys && {
        ...keys,
        endpoint: keys.endpoint.replace(/\/$/, ''),
        region: this.string('S3_REGION', 'us-east-1'),
        publicUrl: this.optional('S3_PUBLIC_URL')?.replace(/\/$/, ''),
      }
    );
  }

  /**
   * Required in production. Elsewhere there is no public default (a known key would let anyone forge a token):
   * the server makes a random one and keeps it in `DATA_DIR/jwt-secret` (mode 0600), so tokens survive a
   * restart; with an in-memory database and no DATA_DIR, one per process.
   */
  jwtSecret(env: Config['env'], dataDir: string, options: { perProcess: boolean }): string {
    const value = this.optional('JWT_SECRET');
    if (value === undefined) {
      if (env === 'production') {
        this.problems.push('JWT_SECRET must be set when NODE_ENV=production');
        return '';
      }
      if (options.perProcess) return (processJwtSecret ??= randomBytes(48).toString('base64url'));
      try {
        return keptJwtSecret(path.join(dataDir, JWT_SECRET_FILE));
      } catch (error) {
        this.problems.push(`JWT_SECRET is not set and ${String((error as Error).message)}`);
        return '';
      }
    }
    if (value.length < 32)
      this.problems.push(`JWT_SECRET must be at least 32 characters (got ${value.length})`);
    return value;
  }
}

/**
 * The generated secret kept in `file`: read when there, else made with mode 0600. It is written to a file of
 * its own and linked into place, so that workers starting at once never read a half-written secret and all end
 * up with the one that was linked first.
 */
function keptJwtSecret(file: string): string {
  const read = () => readFileSync(file, 'utf8').trim();
  try {
    const kept = read();
    if (kept.length >= 32) return kept;
    throw new Error(`${file} holds no usable secret (fewer than 32 characters); delete it to make a new one`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  return read();
}
