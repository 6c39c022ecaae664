import { startFakeMeta, type FakeMeta } from '@wingmate/testing';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { createHash, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { configuredConversionPlatforms } from '../adapters/conversions/select';
import { buildApp } from '../app';
import { testConfig, type Config, type ConversionsConfig } from '../config';
import { openDatabase } from '../db/database';
import { conversionEvents } from '../db/schema';
import { migratedPgliteDirectory } from '../testing/pglite-template';
import { signUpByPhone, testClock } from '../testing/sign-in';
import { startTestApp, type TestApp } from '../testing/test-app';
import { createScratchDatabase, testDatabaseKinds, type TestDatabaseKind } from '../testing/test-database';
import { ConversionOutbox } from './conversion-outbox';
import { waitFor } from '../testing/wait-for';

const FACEBOOK = '/api/v1/analytics/facebook-event/create/';
const RETRY_BASE_MS = 30_000;

function conversionsFor(meta: FakeMeta, overrides: Partial<ConversionsConfig> = {}): ConversionsConfig {
  return {
    ...testConfig().conversions,
    workerIntervalMs: 0,
    retryBaseMs: RETRY_BASE_MS,
    requestTimeoutMs: 2_000,
    meta: {
      pixelId: meta.pixelId,
      accessToken: meta.accessToken,
      apiVersion: meta.apiVersion,
      baseUrl: meta.url,
      testEventCode: undefined,
    },
    ...overrides,
  };
}

async function postCheckout(app: FastifyInstance, eventId: string = randomUUID()): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: FACEBOOK,
    payload: {
      event_id: eventId,
      event_name: 'InitiateCheckout',
      event_time: 1_760_000_000,
      action_source: 'website',
      client_user_agent: 'Mozilla/5.0',
      event_source_url: 'https://wingmate.example/checkout',
      uid: randomUUID(),
      value: 9.99,
      currency: 'USD',
    },
  });
  if (response.statusCode !== 201) throw new Error(`event not stored: ${response.body}`);
  expect(response.json()).toMatchObject({ status: 'queued' });
  return eventId;
}

function recordingLog() {
  return { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
}

async function statusOf(app: FastifyInstance, eventId: string) {
  const [row] = await app.database.db
    .select()
    .from(conversionEvents)
    .where(eq(conversionEvents.eventId, eventId));
  return row;
}

describe.each(testDatabaseKinds())('conversion forwarding outbox [%s]', (kind: TestDatabaseKind) => {
  // One server and one fake Meta for all the cases on this database (the server's own worker is off): each case
  // starts from an empty outbox and counts the platform's requests from its own start.
  const clock = testClock();
  let meta: FakeMeta;
  let testApp: TestApp;
  let log: ReturnType<typeof recordingLog>;
  let outbox: ConversionOutbox;
  let requestsBefore = 0;
  const requestsOfThisCase = () => meta.requests - requestsBefore;

  beforeAll(async () => {
    meta = await startFakeMeta();
    testApp = await startTestApp(kind, { conversions: conversionsFor(meta) }, { clock });
  });

  afterAll(async () => {
    await testApp?.close();
    await meta?.close();
  });

  beforeEach(async () => {
    await testApp.app.database.db.delete(conversionEvents);
    meta.received.length = 0;
    requestsBefore = meta.requests;
    log = recordingLog();
    // Long enough for a request to reach the platform before it runs out, however busy the machine: the case of
    // a platform that never answers waits it out once.
    const config = conversionsFor(meta, { requestTimeoutMs: 1_000 });
    outbox = new ConversionOutbox(testApp.app.database.db, configuredConversionPlatforms(config), {
      ...config,
      clock,
      log,
    });
  });

  it('sends an event once after a platform answers 500 three times, waiting longer each time (logged)', async () => {
    meta.failNext(500, 3);
    const eventId = await postCheckout(testApp.app);
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await outbox.runOnce()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      // Not due again until the backoff (30 s, 60 s, 120 s) has passed.
      clock.advance(RETRY_BASE_MS * 2 ** (attempt - 1) - 1);
      expect(await outbox.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      clock.advance(1);
    }
    expect(await outbox.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(meta.received.filter((event) => event.event.event_id === eventId)).toHaveLength(1);
    expect(requestsOfThisCase()).toBe(4);
    expect(log.warn).toHaveBeenCalledTimes(3);
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ event_id: eventId }),
      'conversion forwarded',
    );
    expect(await statusOf(testApp.app, eventId)).toMatchObject({ status: 'sent', attempts: 4 });
  });

  it('keeps serving requests while a platform never answers, and retries the event later', async () => {
    meta.hangNext(1);
    const eventId = await postCheckout(testApp.app);
    const run = outbox.runOnce();
    await waitFor(() => requestsOfThisCase() === 1);
    const health = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(await run).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await statusOf(testApp.app, eventId)).toMatchObject({ status: 'pending', lockedUntil: null });
    expect((await statusOf(testApp.app, eventId))?.lastError).toMatch(/no answer/);

    clock.advance(RETRY_BASE_MS);
    expect(await outbox.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(meta.received.map((event) => event.event.event_id)).toEqual([eventId]);
  });

  it('forwards an event posted twice with one event_id once', async () => {
    const eventId = await postCheckout(testApp.app);
    await postCheckout(testApp.app, eventId);
    await outbox.runOnce();
    await outbox.runOnce();
    expect(meta.received.filter((event) => event.event.event_id === eventId)).toHaveLength(1);
  });

  it("forwards a server-seen purchase to the platforms whose click id the user's attribution holds", async () => {
    const app = testApp.app;
    const uid = randomUUID();
    await app.inject({
      method: 'POST',
      url: '/api/v1/analytics/utm-params/create/',
      payload: { uid, ctime: '2025-06-01T10:00:00.000Z', fbclid: 'IwAR0xyz', ttclid: 'E.C.P.tt' },
    });
    // A page view from the browser, kept for TikTok (no keys): its page, user agent and IP serve the purchase.
    await app.inject({
      method: 'POST',
      url: '/api/v1/analytics/tiktok-event/create/',
      payload: {
        event_id: randomUUID(),
        event_name: 'PageView',
        event_time: 1_760_000_000,
        action_source: 'website',
        client_user_agent: 'Mozilla/5.0 (server conversion test)',
        event_source_url: 'https://wingmate.example/pricing',
        uid,
      },
    });
    const tokens = await signUpByPhone(app, undefined, { uid });
    // The new account's CompleteRegistration goes first.
    expect(await outbox.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(meta.received.map((request) => request.event.event_name)).toEqual(['CompleteRegistration']);
    meta.received.length = 0;
    // TikTok has no keys here: its row is kept, not sent.
    const platforms = await app.conversions.recordServerConversion({
      userId: tokens.user.pk,
      name: 'Purchase',
      value: 29.99,
      currency: 'usd',
      eventId: 'payment-intent-1',
    });
    expect(platforms.sort()).toEqual(['facebook', 'tiktok']);
    expect(await outbox.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [sent] = meta.received;
    const digits = (tokens.user.phone_number ?? '').replace(/\D/g, '');
    expect(sent?.event).toMatchObject({
      event_name: 'Purchase',
      event_id: 'srv-payment-intent-1',
      event_source_url: 'https://wingmate.example/pricing',
      user_data: {
        client_user_agent: 'Mozilla/5.0 (server conversion test)',
        fbc: `fb.1.${Date.parse('2025-06-01T10:00:00.000Z')}.IwAR0xyz`,
        ph: [createHash('sha256').update(digits).digest('hex')],
      },
      custom_data: { value: 29.99, currency: 'USD' },
    });
    const [tiktok] = await app.database.db
      .select()
      .from(conversionEvents)
      .where(
        and(eq(conversionEvents.platform, 'tiktok'), eq(conversionEvents.eventId, 'srv-payment-intent-1')),
      );
    expect(tiktok).toMatchObject({ status: 'skipped' });
  });

  it('marks an event the platform refuses (400) as failed without retrying it', async () => {
    meta.failNext(400);
    const eventId = await postCheckout(testApp.app);
    expect(await outbox.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    clock.advance(24 * 60 * 60 * 1000);
    expect(await outbox.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await statusOf(testApp.app, eventId)).toMatchObject({ status: 'failed' });
  });
});

describe.each(testDatabaseKinds())('the outbox across a restart [%s]', (kind: TestDatabaseKind) => {
  it('sends every queued event exactly once when the server closes mid-batch and a new one starts', async () => {
    const meta = await startFakeMeta();
    const root = kind === 'pglite' ? await mkdtemp(path.join(tmpdir(), 'wingmate-outbox-')) : undefined;
    const dir = root && path.join(root, 'db');
    if (dir) await migratedPgliteDirectory(dir);
    const scratch = kind === 'postgres' ? await createScratchDatabase() : undefined;
    const open = () => openDatabase({ databaseUrl: scratch?.url, pgliteDir: dir });
    const start = async (conversions: Partial<ConversionsConfig>) => {
      // The hung request is answered by the test, never waited out: no busy moment can time it out first.
      const config: Config = testConfig({
        conversions: conversionsFor(meta, { retryBaseMs: 0, requestTimeoutMs: 60_000, ...conversions }),
      });
      const app = await buildApp(config, { database: await open() });
      await app.ready();
      return app;
    };
    try {
      // Queue six events with no worker running.
      const queuing = await start({ workerIntervalMs: 0 });
      const eventIds: string[] = [];
      for (let i = 0; i < 6; i++) eventIds.push(await postCheckout(queuing));
      await queuing.close();

      // A server whose worker is stopped while the third request is in flight.
      meta.hangNext(1, 2);
      const first = await start({ workerIntervalMs: 10 });
      await waitFor(() => meta.requests === 3);
      const closing = first.close();
      meta.answerHung();
      await closing;
      expect(meta.received).toHaveLength(3);

      const second = await start({ workerIntervalMs: 10 });
      await waitFor(() => meta.received.length >= 6);
      await second.close();

      expect(meta.received.map((event) => event.event.event_id).sort()).toEqual([...eventIds].sort());
      expect(meta.requests).toBe(6);
      const database = await open();
      try {
        const rows = await database.db.select().from(conversionEvents);
        expect(rows.map((row) => row.status)).toEqual(Array(6).fill('sent'));
      } finally {
        await database.close();
      }
    } finally {
      await meta.close();
      await scratch?.drop();
      if (root) await rm(root, { recursive: true, force: true });
    }
  });
});
