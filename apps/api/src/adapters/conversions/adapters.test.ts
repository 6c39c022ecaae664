import {
  startFakeGoogleAds,
  startFakeMeta,
  startFakePinterest,
  startFakeSnapchat,
  startFakeTiktok,
  type FakeAdPlatform,
} from '@wingmate/testing';
import { createHash } from 'node:crypto';
import { googleAdsConversions } from './google-ads';
import type { HttpOptions } from './http';
import { metaConversions } from './meta';
import { pinterestConversions } from './pinterest';
import type { OutgoingConversion } from './ports';
import { snapchatConversions } from './snapchat';
import { tiktokConversions } from './tiktok';

const http: HttpOptions = { fetcher: fetch, timeoutMs: 2_000 };
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A purchase by a signed-in user, with personal data as typed (not yet normalised). */
const purchase: OutgoingConversion = {
  eventId: 'b7a0c1de-0000-4000-8000-000000000001',
  eventName: 'Purchase',
  eventTime: new Date('2025-06-01T12:34:56.000Z'),
  sourceUrl: 'https://wingmate.example/checkout',
  userAgent: 'Mozilla/5.0',
  ip: '203.0.113.7',
  valueCents: 1999,
  currency: 'usd',
  clickIds: {
    fbc: 'fb.1.1748780000000.IwAR0abc',
    ttclid: 'E.C.P.ttclid',
    sccid: 'sc-click-1',
    epik: 'dj0yJnU9',
    gclid: 'Cj0KCQjw',
  },
  conversionActionId: '555111',
  email: '  Jane.Doe@Example.COM ',
  phone: '+1 (201) 555-0147',
  externalId: '42',
};

const emailHash = sha256('jane.doe@example.com');
const phoneHash = sha256('12015550147');
const EVENT_TIME = 1748781296;

let fake: FakeAdPlatform | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function onlyEvent(platform: FakeAdPlatform) {
  expect(platform.problems).toEqual([]);
  expect(platform.received).toHaveLength(1);
  return platform.received[0] as NonNullable<(typeof platform.received)[number]>;
}

it("sends Meta's Conversions API shape with hashed, normalised e-mail and phone (docs/decisions.md#attribution-and-ab)", async () => {
  const meta = (fake = await startFakeMeta());
  const adapter = metaConversions(
    {
      pixelId: meta.pixelId,
      accessToken: meta.accessToken,
      apiVersion: meta.apiVersion,
      baseUrl: meta.url,
      testEventCode: undefined,
    },
    http,
  );
  expect(await adapter.send(purchase)).toEqual(expect.objectContaining({ ok: true }));
  const { event } = onlyEvent(meta);
  expect(event).toEqual({
    event_name: 'Purchase',
    event_time: EVENT_TIME,
    event_id: purchase.eventId,
    action_source: 'website',
    event_source_url: 'https://wingmate.example/checkout',
    user_data: {
      client_user_agent: 'Mozilla/5.0',
      client_ip_address: '203.0.113.7',
      fbc: 'fb.1.1748780000000.IwAR0abc',
      em: [emailHash],
      ph: [phoneHash],
      external_id: [sha256('42')],
    },
    custom_data: { value: 19.99, currency: 'USD' },
  });
});

it("sends TikTok's Events API shape with the Access-Token header and the pixel code", async () => {
  const tiktok = (fake = await startFakeTiktok());
  const adapter = tiktokConversions(
    { pixelCode: tiktok.pixelCode, accessToken: tiktok.accessToken, baseUrl: tiktok.url },
    http,
  );
  expect(await adapter.send(purchase)).toEqual({ ok: true });
  const { event } = onlyEvent(tiktok);
  expect(event).toMatchObject({
    event: 'Purchase',
    event_time: EVENT_TIME,
    event_id: purchase.eventId,
    user: {
      ttclid: 'E.C.P.ttclid',
      email: emailHash,
      phone: phoneHash,
      user_agent: 'Mozilla/5.0',
      ip: '203.0.113.7',
    },
    page: { url: 'https://wingmate.example/checkout' },
    properties: { value: 19.99, currency: 'USD' },
  });
});

it('treats a TikTok refusal as final, not to be retried', async () => {
  const tiktok = (fake = await startFakeTiktok());
  const adapter = tiktokConversions(
    { pixelCode: 'not-the-pixel', accessToken: tiktok.accessToken, baseUrl: tiktok.url },
    http,
  );
  expect(await adapter.send(purchase)).toMatchObject({ ok: false, retryable: false });
});

it("sends Snap's Conversions API v3 shape with Snap's event name and sc_click_id", async () => {
  const snapchat = (fake = await startFakeSnapchat());
  const adapter = snapchatConversions(
    { pixelId: snapchat.pixelId, accessToken: snapchat.accessToken, baseUrl: snapchat.url },
    http,
  );
  expect(await adapter.send({ ...purchase, eventName: 'CompleteRegistration' })).toMatchObject({ ok: true });
  const { event } = onlyEvent(snapchat);
  expect(event).toMatchObject({
    event_name: 'SIGN_UP',
    event_time: EVENT_TIME,
    event_id: purchase.eventId,
    action_source: 'WEB',
    event_source_url: 'https://wingmate.example/checkout',
    user_data: {
      sc_click_id: 'sc-click-1',
      em: [emailHash],
      ph: [phoneHash],
      client_ip_address: '203.0.113.7',
    },
  });
});

it("sends Pinterest's Conversions API shape with a bearer token, click_id and a string value", async () => {
  const pinterest = (fake = await startFakePinterest());
  const adapter = pinterestConversions(
    { adAccountId: pinterest.adAccountId, accessToken: pinterest.accessToken, baseUrl: pinterest.url },
    http,
  );
  expect(await adapter.send(purchase)).toMatchObject({ ok: true });
  const { event } = onlyEvent(pinterest);
  expect(event).toMatchObject({
    event_name: 'checkout',
    action_source: 'web',
    event_time: EVENT_TIME,
    event_id: purchase.eventId,
    user_data: { click_id: 'dj0yJnU9', em: [emailHash], ph: [phoneHash] },
    custom_data: { value: '19.99', currency: 'USD' },
  });
});

it('uploads a Google Ads click conversion after exchanging the refresh token, once per token lifetime', async () => {
  const google = await startFakeGoogleAds();
  fake = google;
  const adapter = googleAdsConversions(
    {
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
      conversionActions: {},
    },
    http,
  );
  expect(await adapter.send(purchase)).toMatchObject({ ok: true });
  expect(await adapter.send({ ...purchase, eventId: 'second' })).toMatchObject({ ok: true });
  expect(google.tokenExchanges).toBe(1);
  expect(google.problems).toEqual([]);
  expect(google.received[0]?.event).toEqual({
    gclid: 'Cj0KCQjw',
    conversionAction: `customers/${google.customerId}/conversionActions/555111`,
    conversionDateTime: '2025-06-01 12:34:56+00:00',
    conversionValue: 19.99,
    currencyCode: 'USD',
    orderId: purchase.eventId,
    userIdentifiers: [{ hashedEmail: emailHash }, { hashedPhoneNumber: sha256('+12015550147') }],
  });
});

it('answers a platform throttling (429) as retryable', async () => {
  const meta = (fake = await startFakeMeta());
  meta.failNext(429);
  const adapter = metaConversions(
    {
      pixelId: meta.pixelId,
      accessToken: meta.accessToken,
      apiVersion: meta.apiVersion,
      baseUrl: meta.url,
      testEventCode: undefined,
    },
    http,
  );
  expect(await adapter.send(purchase)).toMatchObject({ ok: false, retryable: true });
});
