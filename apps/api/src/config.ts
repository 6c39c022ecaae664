import path from 'node:path';

export interface Config {
  readonly env: 'development' | 'test' | 'production';
  readonly host: string;
  readonly port: number;
  readonly logLevel: string;
  /** Postgres connection string; absent = the embedded PGlite database. */
  readonly databaseUrl: string | undefined;
  /** Where PGlite and local uploads live (default `./data`). */
  readonly dataDir: string;
  /** true = PGlite in memory (tests), nothing written to disk. */
  readonly inMemoryDatabase: boolean;
  /** Origins allowed by CORS (the web app). */
  readonly webOrigins: readonly string[];
  /** Twilio; absent = the console SMS sender. */
  readonly twilio: TwilioConfig | undefined;
  /** SMTP server URL (`smtp://user:pass@host:587`, `smtps://...`); absent = the console e-mail sender. */
  readonly smtpUrl: string | undefined;
  /** The From address of every e-mail. */
  readonly emailFrom: string;
  readonly google: GoogleConfig;
  readonly apple: AppleConfig;
}

export interface TwilioConfig {
  readonly accountSid: string;
  readonly authToken: string;
  /** A Twilio number in E.164, or a Messaging Service SID (`MG...`). */
  readonly from: string;
  /** Twilio's REST API base; tests point it at a local server. */
  readonly baseUrl: string;
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

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads the configuration from environment variables, reporting every bad value at once. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = new EnvReader(env, problems);

  const config: Config = {
    env: read.oneOf('NODE_ENV', ['development', 'test', 'production'], 'development'),
    host: read.string('HOST', '0.0.0.0'),
    port: read.port('PORT', 8000),
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    databaseUrl: read.postgresUrl('DATABASE_URL'),
    dataDir: path.resolve(read.string('DATA_DIR', 'data')),
    inMemoryDatabase: read.boolean('DATABASE_IN_MEMORY', false),
    webOrigins: read.urlList('WEB_ORIGIN', ['http://localhost:4200', 'http://127.0.0.1:4200']),
    twilio: read.twilio(),
    smtpUrl: read.url('SMTP_URL', ['smtp:', 'smtps:']),
    emailFrom: read.string('EMAIL_FROM', 'Wingmate <no-reply@wingmate.local>'),
    google: {
      clientId: read.optional('GOOGLE_CLIENT_ID'),
      tokenInfoUrl: read.url('GOOGLE_TOKENINFO_URL', ['https:', 'http:']) ?? 'https://oauth2.googleapis.com/tokeninfo',
    },
    apple: {
      audiences: read.list('APPLE_AUDIENCES'),
      jwksUrl: read.url('APPLE_JWKS_URL', ['https:', 'http:']) ?? 'https://appleid.apple.com/auth/keys',
      issuer: read.string('APPLE_ISSUER', 'https://appleid.apple.com'),
    },
  };

  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** Configuration for tests: in-memory PGlite, quiet logs, overridable per test. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_IN_MEMORY: 'true' }),
    ...overrides,
  };
}

class EnvReader {
  constructor(
    private readonly env: Env,
    private readonly problems: string[],
  ) {}

  private raw(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value === '' ? undefined : value;
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  optional(name: string): string | undefined {
    return this.raw(name);
  }

  list(name: string): readonly string[] {
    return (this.raw(name) ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  }

  url(name: string, protocols: readonly string[]): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (URL.canParse(value) && protocols.includes(new URL(value).protocol)) return value;
    this.problems.push(`${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);
    return undefined;
  }

  /** Twilio is on when all three of its values are set, and an error when only some are. */
  twilio(): TwilioConfig | undefined {
    const names = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;
    const [accountSid, authToken, from] = names.map((name) => this.raw(name));
    if (!accountSid && !authToken && !from) return undefined;
    if (!accountSid || !authToken || !from) {
      this.problems.push(`Twilio needs all of ${names.join(', ')} (or none, for the console SMS sender)`);
      return undefined;
    }
    const baseUrl = this.url('TWILIO_BASE_URL', ['https:', 'http:']) ?? 'https://api.twilio.com';
    return { accountSid, authToken, from, baseUrl: baseUrl.replace(/\/$/, '') };
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
    return fallback;
  }

  port(name: string, fallback: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const port = Number(value);
    if (Number.isInteger(port) && port >= 0 && port <= 65535) return port;
    this.problems.push(`${name} must be a port number from 0 to 65535 (got "${value}")`);
    return fallback;
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.raw(name)?.toLowerCase();
    if (value === undefined) return fallback;
    if (['1', 'true', 'yes'].includes(value)) return true;
    if (['0', 'false', 'no'].includes(value)) return false;
    this.problems.push(`${name} must be true or false (got "${value}")`);
    return fallback;
  }

  postgresUrl(name: string): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (/^postgres(ql)?:\/\//.test(value) && URL.canParse(value)) return value;
    this.problems.push(`${name} must be a postgres:// or postgresql:// URL`);
    return undefined;
  }

  urlList(name: string, fallback: readonly string[]): readonly string[] {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const urls = value.split(',').map((url) => url.trim()).filter(Boolean);
    const bad = urls.filter((url) => !/^https?:\/\//.test(url) || !URL.canParse(url));
    if (bad.length > 0) this.problems.push(`${name} must be a comma-separated list of http(s) URLs (bad: ${bad.join(', ')})`);
    return urls.map((url) => url.replace(/\/$/, ''));
  }
}
