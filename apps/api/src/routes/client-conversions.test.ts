import { startFakeGoogleAds, startFakeMeta, type FakeGoogleAds, type FakeMeta } from '@wingmate/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { testConfig, type ConversionsConfig } from '../config';
import { conversionEvents } from '../db/schema';
import { testClock, uniqueIp } from '../testing/sign-in';
import { describeEachDatabase, startTestApp, type TestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';

/**
 * What a client may post as an ad conversion (docs/decisions.md#client-conversions): never a conversion the
 * server records itself, a value of at most 100000, and at most 60 posts an hour per uid and 300 per address.
 */

const SERVER_OWNED = ['Purchase', 'StartTrial', 'CompleteRegistration'] as const;
const HOUR_MS = 60 * 60 * 1000;

interface Endpoint {
  readonly name: string;
  readonly url: string;
  /** The field that names the conversion. */
  readonly nameField: 'event_name' | 'conversion_id';
  body(uid: string, extra?: Record<string, unknown>): Record<string, unknown>;
}

const pixelBody = (uid: string, extra: Record<string, unknown> = {}) => ({
  event_id: randomUUID(),
  event_name: 'InitiateCheckout',
  event_time: 1_760_000_000,
  action_source: 'website',
  client_user_agent: 'Mozilla/5.0',
  event_source_url: 'https://wingmate.example/pricing',
  uid,
  ...extra,
});

const pixelEndpoint = (name: string, path: string, fields: Record<string, unknown> = {}): Endpoint => ({
  name,
  url: `/api/v1/analytics/${path}/create/`,
  nameField: 'event_name',
  body: (uid, extra) => pixelBody(uid, { ...fields, ...extra }),
});

const facebook = pixelEndpoint('facebook', 'facebook-event');
const googleAds: Endpoint = {
  name: 'google ads',
  url: '/api/v1/analytics/google-ads/conversion/create/',
  nameField: 'conversion_id',
  body: (uid, extra = {}) => ({
    event_id: randomUUID(),
    conversion_id: '777000',
    gclid: 'Cj0KCQjw',
    uid,
    event_time: 1_760_000_000,
    ...extra,
  }),
};
const endpoints: readonly Endpoint[] = [
  facebook,
  pixelEndpoint('tiktok', 'tiktok-event', { ttclid: 'E.C.P.tt' }),
  pixelEndpoint('snapchat', 'snapchat-event', { event_conversion_type: 'WEB', sccid: 'sc-1' }),
  pixelEndpoint('pinterest', 'pinterest-event', { pinterestid: 'dj0yJnU9' }),
  googleAds,
];

function post(app: FastifyInstance, endpoint: Endpoint, body: object, remoteAddress = uniqueIp()) {
  return app.inject({ method: 'POST', url: endpoint.url, payload: body, remoteAddress });
}

async function storedRows(app: FastifyInstance, eventId: unknown) {
  return app.database.db
    .select()
    .from(conversionEvents)
    .where(eq(conversionEvents.eventId, String(eventId)));
}

const SERVER_OWNED_MESSAGE = 'This conversion is recorded by the server; clients cannot post it.';

const clock = testClock();

describeEachDatabase(
  'client conversion posts (docs/decisions.md#client-conversions)',
  (getApp) => {
    const cases = endpoints.flatMap((endpoint) =>
      SERVER_OWNED.map((name) => [endpoint.name, name, endpoint] as const),
    );

    it.each(cases)(
      '%s refuses a posted %s with 400 under its name field, storing nothing',
      async (_, name, endpoint) => {
        const body = endpoint.body(randomUUID(), { [endpoint.nameField]: name });
        const response = await post(getApp(), endpoint, body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ [endpoint.nameField]: [SERVER_OWNED_MESSAGE] });
        expect(await storedRows(getApp(), body.event_id)).toEqual([]);
      },
    );

    it.each(endpoints.map((endpoint) => [endpoint.name, endpoint] as const))(
      '%s takes a value of 100000 and refuses one above it',
      async (_, endpoint) => {
        const at = await post(
          getApp(),
          endpoint,
          endpoint.body(randomUUID(), { value: 100000, currency: 'USD' }),
        );
        expect(at.statusCode).toBe(201);
        const above = endpoint.body(randomUUID(), { value: 100000.01, currency: 'USD' });
        const response = await post(getApp(), endpoint, above);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ value: ['Ensure this value is less than or equal to 100000.'] });
        expect(await storedRows(getApp(), above.event_id)).toEqual([]);
      },
    );

    const oversized = endpoints.flatMap((endpoint) =>
      [21474836.48, 2147483648, 1e308].map((value) => [endpoint.name, value, endpoint] as const),
    );
    it.each(oversized)(
      '%s answers a value of %d with a 400 on value, not a 500',
      async (_, value, endpoint) => {
        const response = await post(getApp(), endpoint, endpoint.body(randomUUID(), { value }));
        expect(response.statusCode).toBe(400);
        expect(Object.keys(response.json())).toEqual(['value']);
      },
    );

    it('keeps text with a lone surrogate as U+FFFD, as a text column would, not a 500', async () => {
      const body = facebook.body(randomUUID(), {
        client_user_agent: 'Mozilla\ud800/5.0',
        fbc: 'fb.1.\udfff',
      });
      const response = await post(getApp(), facebook, body);
      expect(response.statusCode).toBe(201);
      const [row] = await storedRows(getApp(), body.event_id);
      expect(row?.details).toMatchObject({ user_agent: 'Mozilla\ufffd/5.0', fbc: 'fb.1.\ufffd' });
    });

    it('takes 60 posts an hour from one uid over every endpoint and address, then 429 until the hour has passed', async () => {
      const uid = randomUUID();
      // At once, over every endpoint, each from its own address: the count is the uid's, and atomic.
      const answers = await Promise.all(
        Array.from({ length: 64 }, (_, index) => {
          const endpoint = endpoints[index % endpoints.length]!;
          return post(getApp(), endpoint, endpoint.body(uid));
        }),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(60);
      expect(statuses.filter((status) => status === 429)).toHaveLength(4);
      const throttled = answers.find((answer) => answer.statusCode === 429)!;
      expect(throttled.json()).toEqual({ detail: expect.stringMatching(/^Request was throttled\./) });
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);

      expect((await post(getApp(), facebook, facebook.body(uid))).statusCode).toBe(429);
      expect((await post(getApp(), facebook, facebook.body(randomUUID()))).statusCode).toBe(201);
      clock.advance(HOUR_MS);
      expect((await post(getApp(), facebook, facebook.body(uid))).statusCode).toBe(201);
    });
  },
  {},
  { clock },
);

const addressClock = testClock();

describeEachDatabase(
  'client conversion posts per address (docs/decisions.md#client-conversions)',
  (getApp) => {
    const postFrom = (address: string, endpoint = facebook) =>
      post(getApp(), endpoint, endpoint.body(randomUUID()), address).then((answer) => answer.statusCode);

    it('counts every endpoint against one limit per address, each post with its own uid', async () => {
      const statuses = [
        await postFrom('192.0.2.70'),
        await postFrom('192.0.2.70', googleAds),
        await postFrom('192.0.2.70'),
        await postFrom('192.0.2.70', googleAds),
      ];
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect(await postFrom('192.0.2.71')).toBe(201);
    });

    it('counts an IPv6 address as its /64', async () => {
      for (const address of ['2001:db8:70:1::1', '2001:db8:70:1::2', '2001:db8:70:1:ffff:ffff:ffff:ffff']) {
        expect(await postFrom(address)).toBe(201);
      }
      expect(await postFrom('2001:db8:70:1::9')).toBe(429);
      expect(await postFrom('2001:db8:70:2::1')).toBe(201);
    });

    it('opens again when the hour has passed', async () => {
      for (let attempt = 0; attempt < 4; attempt++) await postFrom('192.0.2.72');
      expect(await postFrom('192.0.2.72')).toBe(429);
      addressClock.advance(HOUR_MS);
      expect(await postFrom('192.0.2.72')).toBe(201);
    });
  },
  { rateLimits: { ...testConfig().rateLimits, conversionsPerIp: { max: 3, windowSeconds: 60 * 60 } } },
  { clock: addressClock },
);

describe.each(testDatabaseKinds())('client conversions and the ad platforms [%s]', (kind) => {
  const GOOGLE_ACTIONS = { Purchase: '555111', StartTrial: '555222', CompleteRegistration: '555333' };
  let meta: FakeMeta;
  let google: FakeGoogleAds;
  let testApp: TestApp;

  beforeAll(async () => {
    meta = await startFakeMeta();
    google = await startFakeGoogleAds();
    const conversions: ConversionsConfig = {
      ...testConfig().conversions,
      workerIntervalMs: 0,
      meta: {
        pixelId: meta.pixelId,
        accessToken: meta.accessToken,
        apiVersion: meta.apiVersion,
        baseUrl: meta.url,
        testEventCode: undefined,
      },
      googleAds: {
        customerId: google.customerId,
        loginCustomerId: undefined,
        developerToken: google.developerToken,
        apiVersion: 'v21',
        baseUrl: google.url,
        auth: {
          kind: 'refresh_token',
          clientId: google.clientId,
          clientSecret: google.clientSecret,
          refreshToken: google.refreshToken,
          tokenUrl: google.tokenUrl,
        },
        conversionActions: GOOGLE_ACTIONS,
      },
    };
    testApp = await startTestApp(kind, { conversions });
  });

  afterAll(async () => {
    await testApp?.close();
    await meta?.close();
    await google?.close();
  });

  it("forwards none of a client's server-owned conversions, by name or by Google Ads action", async () => {
    const app = testApp.app;
    const forged = [
      ...SERVER_OWNED.map((name): [Endpoint, object] => [
        facebook,
        facebook.body(randomUUID(), { event_name: name, value: 99 }),
      ]),
      ...[...SERVER_OWNED, ...Object.values(GOOGLE_ACTIONS)].map((id): [Endpoint, object] => [
        googleAds,
        googleAds.body(randomUUID(), { conversion_id: id, value: 99 }),
      ]),
    ];
    for (const [endpoint, body] of forged) {
      expect((await post(app, endpoint, body)).statusCode).toBe(400);
    }
    expect(await app.conversionOutbox.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(meta.received).toEqual([]);
    expect(google.received).toEqual([]);

    // The same posts with a client's own conversion go through, so the platforms were there to receive.
    expect((await post(app, facebook, facebook.body(randomUUID()))).statusCode).toBe(201);
    expect((await post(app, googleAds, googleAds.body(randomUUID()))).statusCode).toBe(201);
    expect(await app.conversionOutbox.runOnce()).toEqual({ sent: 2, retrying: 0, failed: 0 });
  });
});
