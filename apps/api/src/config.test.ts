import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, DEVELOPMENT_TWILIO_WEBHOOK, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs with embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.webOrigins).toContain('http://localhost:4200');
  });

  it('takes the public address of paging links from PUBLIC_API_URL, else localhost on PORT', () => {
    expect(loadConfig({ PORT: '8123' }).publicApiUrl).toBe('http://localhost:8123');
    expect(loadConfig({ PUBLIC_API_URL: 'https://api.example.com/v/' }).publicApiUrl).toBe(
      'https://api.example.com/v',
    );
    expect(() => loadConfig({ PUBLIC_API_URL: 'api.example.com' })).toThrow(ConfigError);
  });

  it("points the served page's link previews at PUBLIC_API_URL only when it is set", () => {
    expect(loadConfig({ PUBLIC_API_URL: 'https://wingmate.example.com/' }).serve.publicUrl).toBe(
      'https://wingmate.example.com',
    );
    // Unset, the page uses the origin each request came to, not the localhost default.
    expect(loadConfig({ PORT: '8123' }).serve.publicUrl).toBeUndefined();
  });

  it('reports every bad value at once, one clear line each', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', WEB_ORIGIN: 'ftp://a' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT must be a port number from 0 to 65535 (got "eighty")',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
      'WEB_ORIGIN must be a comma-separated list of http(s) URLs (got "ftp://a")',
    ]);
  });

  it.each([
    ['RATE_LIMITS', 'maybe', 'RATE_LIMITS must be true or false (got "maybe")'],
    ['FREE_MESSAGES', '-1', 'FREE_MESSAGES must be a whole number of 0 or more (got "-1")'],
    [
      'CONVERSIONS_BATCH_SIZE',
      '2.5',
      'CONVERSIONS_BATCH_SIZE must be a whole number of 0 or more (got "2.5")',
    ],
    ['LLM_TIMEOUT_MS', 'soon', 'LLM_TIMEOUT_MS must be a number above 0 (got "soon")'],
    ['PORT', '70000', 'PORT must be a port number from 0 to 65535 (got "70000")'],
    [
      'META_BASE_URL',
      'graph.facebook.com',
      'META_BASE_URL must be a URL starting with https:// or http:// (got "graph.facebook.com")',
    ],
    ['NODE_ENV', 'staging', 'NODE_ENV must be one of development, test, production (got "staging")'],
  ])('checks %s against its schema rule', (name, value, problem) => {
    expect(() => loadConfig({ [name]: value })).toThrow(problem);
  });

  it('never repeats a secret value in a problem (a database or SMTP URL holds a password)', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter22@mail' })).toThrow(
      /SMTP_URL must be a URL starting with smtp:\/\/ or smtps:\/\/$/m,
    );
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter22@mail' })).not.toThrow(/hunter22/);
  });

  it('reads yes/no words in any case, and an empty value as unset', () => {
    expect(loadConfig({ RATE_LIMITS: 'NO' }).rateLimits.enabled).toBe(false);
    expect(loadConfig({ RATE_LIMITS: 'Yes', PORT: '  ' }).port).toBe(8000);
  });

  it("keeps the rules between values: all of a service's keys or none, a bad one reported once", () => {
    expect(() => loadConfig({ S3_BUCKET: 'b' })).toThrow(
      'S3 needs all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (or none, for local uploads)',
    );
    let error: unknown;
    try {
      loadConfig({ S3_ENDPOINT: 'minio', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).problems).toEqual([
      'S3_ENDPOINT must be a URL starting with https:// or http:// (got "minio")',
    ]);
    expect(() => loadConfig({ META_PIXEL_ID: '1' })).toThrow('Meta conversions need META_ACCESS_TOKEN too');
  });

  it('accepts a Postgres URL and a list of web origins', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@localhost:5432/db',
      WEB_ORIGIN: 'https://app.example.com/, http://localhost:4200',
    });
    expect(config.databaseUrl).toBe('postgres://u:p@localhost:5432/db');
    expect(config.webOrigins).toEqual(['https://app.example.com', 'http://localhost:4200']);
  });

  it('refuses to start in production without JWT_SECRET, and a short one anywhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'JWT_SECRET must be set when NODE_ENV=production',
    );
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(
      'JWT_SECRET must be at least 32 characters (got 5)',
    );
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ALLOW_EMBEDDED_SERVICES: 'true' })
        .jwtSecret,
    ).toBe('x'.repeat(32));
  });

  it('refuses the console senders and the local payment provider in production unless allowed', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(production)).toThrow(
      'NODE_ENV=production needs TWILIO_ACCOUNT_SID/TWILIO_AUTH_TOKEN/TWILIO_FROM, SMTP_URL, STRIPE_SECRET_KEY',
    );
    const real = {
      ...production,
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 't',
      TWILIO_FROM: '+15550001111',
      SMTP_URL: 'smtp://mail.example.com:587',
      STRIPE_SECRET_KEY: 'sk_live_x',
    };
    expect(loadConfig(real).env).toBe('production');
  });

  it("checks Twilio's webhook with Twilio's keys, else the development pair, never that pair in production", () => {
    const twilio = { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '+15550001111' };
    expect(loadConfig(twilio).twilioWebhook).toEqual({ accountSid: 'AC1', authToken: 't' });
    expect(loadConfig({}).twilioWebhook).toEqual(DEVELOPMENT_TWILIO_WEBHOOK);
    const embedded = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ALLOW_EMBEDDED_SERVICES: 'true' };
    expect(loadConfig(embedded).twilioWebhook).toBeUndefined();
  });

  it('reads SYSTEM_NUMBER as a US number in E.164', () => {
    expect(loadConfig({}).systemNumber).toBe('+15550100000');
    expect(() => loadConfig({ SYSTEM_NUMBER: '555-0100' })).toThrow(
      'SYSTEM_NUMBER must be a US number in E.164 form',
    );
  });

  it('lets a client post 60 conversions an hour per uid and 300 per address (docs/decisions.md#client-conversions)', () => {
    const { conversionsPerUid, conversionsPerIp } = loadConfig({}).rateLimits;
    expect(conversionsPerUid).toEqual({ max: 60, windowSeconds: 3600 });
    expect(conversionsPerIp).toEqual({ max: 300, windowSeconds: 3600 });
  });

  it('scales every rate limit by RATE_LIMIT_MULTIPLIER and switches them off with RATE_LIMITS=false', () => {
    const scaled = loadConfig({ RATE_LIMIT_MULTIPLIER: '10', RATE_LIMITS: 'false' }).rateLimits;
    expect(scaled.signInPerIp).toEqual({ max: 600, windowSeconds: 60 });
    expect(scaled.enabled).toBe(false);
    expect(() => loadConfig({ RATE_LIMIT_MULTIPLIER: '0' })).toThrow(
      'RATE_LIMIT_MULTIPLIER must be a number above 0',
    );
  });

  it('believes no proxy unless told which (TRUST_PROXY)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(() => loadConfig({ TRUST_PROXY: 'the load balancer' })).toThrow('TRUST_PROXY must be');
  });
});

describe('the JWT secret without JWT_SECRET (docs/decisions.md#sign-in-and-account-security)', () => {
  const tempDirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wingmate-jwt-'));
    tempDirs.push(dir);
    return dir;
  };
  afterAll(() => tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('makes a random secret, keeps it under DATA_DIR with mode 0600 and reuses it on restart', () => {
    const DATA_DIR = dataDir();
    const first = loadConfig({ DATA_DIR }).jwtSecret;
    const file = path.join(DATA_DIR, 'jwt-secret');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR }).jwtSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir() }).jwtSecret).not.toBe(first);
  });

  it('has no public default: every data directory, and every in-memory process, gets its own', () => {
    const secrets = [
      loadConfig({ DATA_DIR: dataDir() }).jwtSecret,
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test' }).jwtSecret,
      loadConfig({ DATABASE_IN_MEMORY: 'true' }).jwtSecret,
    ];
    expect(new Set(secrets).size).toBe(3);
    expect(secrets).not.toContain('wingmate-development-secret-not-for-production');
  });
});
