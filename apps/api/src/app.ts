import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import { operationList } from '@wingmate/api-contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { systemClock, type Clock } from '@wingmate/runtime';
import { appleVerifierFromConfig, googleVerifierFromConfig } from './adapters/identity/select';
import type { AppleTokenVerifier, GoogleTokenVerifier } from './adapters/identity/ports';
import type { EmailSender, SmsSender } from './adapters/messaging/ports';
import { emailSenderFromConfig, smsSenderFromConfig } from './adapters/messaging/select';
import type { Config } from './config';
import { openDatabase, type Database, type DatabaseLog } from './db/database';
import { databasePlugin } from './plugins/database';
import { authPlugin } from './plugins/auth';
import { errorsPlugin, frameworkErrors } from './plugins/errors';
import { logSerializers } from './logging';
import { rateLimitPlugin } from './plugins/rate-limit';
import { analyticsRoutes } from './routes/analytics';
import { emailAuthRoutes } from './routes/auth-email';
import { phoneAuthRoutes } from './routes/auth-phone';
import { sessionRoutes } from './routes/auth-session';
import { socialAuthRoutes } from './routes/auth-social';
import { systemRoutes } from './routes/system';
import { membershipsRoutes } from './routes/memberships';
import { membershipsPlugin } from './plugins/app/memberships';
import type { PaymentProvider } from './adapters/payments/ports';
import type { ConversionListener } from './services/memberships/conversions';
import { attributionPlugin } from './plugins/app/attribution';
import { authServicesPlugin } from './plugins/app/auth';
import { aiModelFromConfig } from './adapters/ai/select';
import type { AiModel } from './adapters/ai/ports';
import { uploadStorageFromConfig } from './adapters/storage/select';
import type { UploadStorage } from './adapters/storage/ports';
import { uploadsPlugin } from './plugins/uploads';
import { accountRoutes } from './routes/account';
import { chatRoutes } from './routes/chat';
import { matchCoachingRoutes } from './routes/match-coaching';
import { smsRoutes } from './routes/sms';
import { smsPlugin } from './plugins/app/sms';
import { datingBioRoutes } from './routes/dating-bio';
import { matchesRoutes } from './routes/matches';
import { styleRoutes } from './routes/style';
import { matchImportRoutes } from './routes/match-imports';
import { accountPlugin } from './plugins/app/account';
import { chatPlugin } from './plugins/app/chat';
import { datingBioPlugin } from './plugins/app/dating-bio';
import { matchesPlugin } from './plugins/app/matches';
import { stylePlugin } from './plugins/app/style';
import { profilePlugin } from './plugins/app/profile';
import { newestBannerForEveryone } from './services/profile/notices';
import { apiDocsPlugin } from './plugins/api-docs';
import { webAppPlugin } from './plugins/web-app';
import { originOf } from './plugins/web-app-csp';
import { LogController } from 'fastify';
import { sharedSchemaCompilers } from './schema-compilers';

/** JSON bodies above this are refused with 413 (docs/product.md#limits-that-protect-people). */
export const JSON_BODY_LIMIT = 100 * 1024;

export interface AppDependencies {
  /** An already opened database; by default one is opened from the configuration. */
  readonly database?: Database;
  /** Time of tokens, PINs, codes and rate limits; tests move it to expire them. */
  readonly clock?: Clock;
  /** Outside services; by default chosen from the configuration (docs/architecture.md#runtime-pieces). */
  readonly smsSender?: SmsSender;
  readonly emailSender?: EmailSender;
  readonly googleVerifier?: GoogleTokenVerifier;
  readonly appleVerifier?: AppleTokenVerifier;
  /** Payments; by default Stripe when STRIPE_SECRET_KEY is set, else the local test-mode provider. */
  readonly paymentProvider?: PaymentProvider;
  /** Told when a payment is confirmed or a trial starts (docs/decisions.md#attribution-and-ab); default: nothing. */
  readonly onConversion?: ConversionListener;
  /** The AI of chat, bios and photo reviews; by default the offline engine, or the LLM of LLM_BASE_URL. */
  readonly ai?: AiModel;
  /** Where uploaded images go; by default local disk under DATA_DIR, or the S3 bucket of S3_*. */
  readonly uploadStorage?: UploadStorage;
  /** Where log lines go (default stdout); tests read them to check what logs may hold. */
  readonly logStream?: { write(line: string): void };
}

/** Builds the API server: plugins, then routes, all ready to `listen` or `inject`. */
export async function buildApp(config: Config, dependencies: AppDependencies = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, serializers: logSerializers, stream: dependencies.logStream },
    // Two log lines per request cost more than the request itself on the hot paths (docs/performance.md#what-changed).
    logController: new LogController({ disableRequestLogging: !config.serve.logRequests }),
    bodyLimit: JSON_BODY_LIMIT,
    genReqId: (request) => headerRequestId(request.headers['x-request-id']) ?? randomUUID(),
    requestIdHeader: false,
    // JSON bodies are never coerced ("10" for a number is a 400); query strings and path parameters, text on the
    // wire, are parsed strictly before validation (routes/wire-values.ts).
    ajv: { customOptions: { allErrors: true, coerceTypes: false } },
    schemaController: { compilersFactory: sharedSchemaCompilers },
    frameworkErrors,
    trustProxy: fastifyTrustProxy(config.trustProxy),
  });

  const database = dependencies.database ?? (await openConfiguredDatabase(config, app.log));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(cors, {
    origin: [...config.webOrigins],
    credentials: true,
    // Every method the contract uses (the SDK's PUT and DELETE calls must pass a browser's preflight).
    methods: [...new Set(['GET', 'HEAD', ...operationList.map((operation) => operation.method)])],
    exposedHeaders: ['x-request-id', 'retry-after'],
  });
  await app.register(errorsPlugin);
  app.decorate('publicApiUrl', config.publicApiUrl);
  await app.register(databasePlugin, { database });
  await app.register(authServicesPlugin, {
    config,
    clock: dependencies.clock ?? systemClock,
    smsSender: dependencies.smsSender ?? smsSenderFromConfig(config, database.db, app.log),
    emailSender: dependencies.emailSender ?? emailSenderFromConfig(config, database.db, app.log),
    googleVerifier: dependencies.googleVerifier ?? googleVerifierFromConfig(config),
    appleVerifier: dependencies.appleVerifier ?? appleVerifierFromConfig(config),
  });
  await app.register(authPlugin);
  await app.register(rateLimitPlugin);
  await app.register(systemRoutes);
  await app.register(phoneAuthRoutes);
  await app.register(emailAuthRoutes);
  await app.register(socialAuthRoutes);
  await app.register(sessionRoutes);
  await app.register(attributionPlugin, {
    config: config.conversions,
    clock: dependencies.clock ?? systemClock,
  });
  await app.register(analyticsRoutes);
  await app.register(membershipsPlugin, {
    config,
    clock: dependencies.clock ?? systemClock,
    provider: dependencies.paymentProvider,
    // Payments and trials reach the ad platforms through attribution's outbox.
    onConversion:
      dependencies.onConversion ??
      (async (conversion) => void (await app.conversions.recordServerConversion(conversion))),
  });
  await app.register(membershipsRoutes);
  // Chat, dating bio and profile (after memberships: chat spends through `app.metering`, offers name plans).
  const ai = dependencies.ai ?? aiModelFromConfig(config, app.log);
  await app.register(uploadsPlugin, {
    storage: dependencies.uploadStorage ?? uploadStorageFromConfig(config),
  });
  await app.register(profilePlugin);
  await app.register(chatPlugin, { ai, clock: dependencies.clock ?? systemClock });
  await app.register(chatRoutes);
  await app.register(matchCoachingRoutes);
  await app.register(smsPlugin, { config, clock: dependencies.clock ?? systemClock });
  await app.register(smsRoutes);
  await app.register(accountPlugin, { clock: dependencies.clock ?? systemClock });
  await app.register(accountRoutes, { clock: dependencies.clock ?? systemClock, ai });
  await app.register(datingBioPlugin, { ai, clock: dependencies.clock ?? systemClock });
  await app.register(datingBioRoutes);
  await app.register(matchesPlugin, { clock: dependencies.clock ?? systemClock });
  await app.register(matchesRoutes);
  await app.register(matchImportRoutes, { clock: dependencies.clock ?? systemClock });
  await app.register(stylePlugin, { clock: dependencies.clock ?? systemClock });
  await app.register(styleRoutes);
  await app.register(apiDocsPlugin);
  // Last: the web app's catch-all GET route answers only what no API route does.
  if (config.serve.webAppDir) {
    const uploadsOrigin = originOf(app.uploadStorage.url('photo.jpg'));
    await app.register(webAppPlugin, {
      dir: config.serve.webAppDir,
      bannerNotice: () => newestBannerForEveryone(database.db),
      imageOrigins: uploadsOrigin ? [uploadsOrigin] : [],
      publicUrl: config.serve.publicUrl,
    });
  }
  return app;
}

export function openConfiguredDatabase(config: Config, log?: DatabaseLog): Promise<Database> {
  return openDatabase({
    log,
    databaseUrl: config.databaseUrl,
    pgliteDir: config.inMemoryDatabase ? undefined : path.join(config.dataDir, 'db'),
  });
}

/** Fastify takes a hop count as a function of the hop (its typings omit the number form). */
function fastifyTrustProxy(
  trust: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return typeof trust === 'boolean' ? trust : [...trust];
}

/** A caller's own request id is kept (for tracing across services) when it looks like one. */
function headerRequestId(value: string | string[] | undefined): string | undefined {
  const id = Array.isArray(value) ? value[0] : value;
  return id && /^[\w.:-]{1,128}$/.test(id) ? id : undefined;
}
