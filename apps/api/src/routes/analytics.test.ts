import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { bearer, signUpByEmail, signUpByPhone, testClock, uniquePhoneNumber } from '../testing/sign-in';
import { describeOnOneDatabase } from '../testing/test-app';

const UTM = '/api/v1/analytics/utm-params/create/';
const UTM_LIST = '/api/v1/analytics/utm-params/user/';
const ABTEST = '/api/v1/analytics/abtest/';
const FACEBOOK = '/api/v1/analytics/facebook-event/create/';

function pixelEvent(uid: string, extra: Record<string, unknown> = {}) {
  return {
    event_id: randomUUID(),
    event_name: 'PageView',
    event_time: 1_760_000_000,
    action_source: 'website',
    client_user_agent: 'Mozilla/5.0',
    event_source_url: 'https://wingmate.example/pricing',
    uid,
    ...extra,
  };
}

function post(app: FastifyInstance, url: string, payload: object, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, payload, headers });
}

describeOnOneDatabase('tracking parameters (docs/product.md#tracking-parameters)', (getApp) => {
  it('stores the parameters as sent, utm values lowercased and click ids verbatim (docs/decisions.md#tracking-packagestracking)', async () => {
    const uid = randomUUID();
    const response = await post(getApp(), UTM, {
      uid,
      ctime: '2025-06-01T10:00:00.000Z',
      device_id: 'device-1',
      utm_source: 'TikTok',
      ttclid: 'E.C.P.AbC',
      pinterestid: 'dj0yJnU9',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      uid,
      device_id: 'device-1',
      utm_source: 'tiktok',
      ttclid: 'E.C.P.AbC',
      pinterestid: 'dj0yJnU9',
      gclid: null,
    });
  });

  it('refuses a 5,000-character utm value with a field error (docs/product.md#validation)', async () => {
    const response = await post(getApp(), UTM, {
      uid: randomUUID(),
      ctime: '2025-06-01T10:00:00.000Z',
      utm_campaign: 'x'.repeat(5000),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ utm_campaign: ['Ensure this field has no more than 500 characters.'] });
  });

  it('refuses parameters without a uid with a uid field error', async () => {
    const response = await post(getApp(), UTM, { ctime: '2025-06-01T10:00:00.000Z', utm_source: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ uid: ['This field is required.'] });
  });

  it("lists the signed-in user's parameters newest first by ctime (docs/product.md#analytics-calls)", async () => {
    const app = getApp();
    const tokens = await signUpByEmail(app);
    const uid = randomUUID();
    for (const ctime of [
      '2025-06-02T00:00:00.000Z',
      '2025-06-03T00:00:00.000Z',
      '2025-06-01T00:00:00.000Z',
    ]) {
      await post(app, UTM, { uid, ctime, utm_source: ctime.slice(0, 10) }, bearer(tokens));
    }
    const response = await app.inject({ method: 'GET', url: UTM_LIST, headers: bearer(tokens) });
    expect(response.statusCode).toBe(200);
    const page = response.json<{ count: number; next: null; results: { utm_source: string }[] }>();
    expect(page.count).toBe(3);
    expect(page.next).toBeNull();
    expect(page.results.map((row) => row.utm_source)).toEqual(['2025-06-03', '2025-06-02', '2025-06-01']);
  });

  it('needs a token for the list', async () => {
    const response = await getApp().inject({ method: 'GET', url: UTM_LIST });
    expect(response.statusCode).toBe(401);
  });

  it("links a visitor's parameters to the account it signs up with (identity stitching)", async () => {
    const app = getApp();
    const uid = randomUUID();
    await post(app, UTM, { uid, ctime: '2025-06-01T00:00:00.000Z', gclid: 'Cj0KCQ' });
    const tokens = await signUpByPhone(app, undefined, { uid });
    const list = await app.inject({ method: 'GET', url: UTM_LIST, headers: bearer(tokens) });
    expect(list.json<{ results: { gclid: string }[] }>().results).toMatchObject([{ gclid: 'Cj0KCQ' }]);
  });

  it('refuses an anonymous post with a uid that belongs to an account (403)', async () => {
    const app = getApp();
    const uid = randomUUID();
    await signUpByPhone(app, undefined, { uid });
    const response = await post(app, UTM, { uid, ctime: '2025-06-01T00:00:00.000Z' });
    expect(response.statusCode).toBe(403);
  });
});

describeOnOneDatabase('ad conversion posts (docs/decisions.md#attribution-and-ab)', (getApp) => {
  it('stores an event of a platform without keys as stored only', async () => {
    const response = await post(getApp(), FACEBOOK, pixelEvent(randomUUID()));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'stored' });
  });

  it('refuses an unknown event name with an event_name field error', async () => {
    const response = await post(getApp(), FACEBOOK, pixelEvent(randomUUID(), { event_name: 'Purchased' }));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['event_name']);
  });

  it('refuses an event without a uid with a uid field error', async () => {
    const { uid: _uid, ...body } = pixelEvent(randomUUID());
    const response = await post(getApp(), '/api/v1/analytics/tiktok-event/create/', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ uid: ['This field is required.'] });
  });

  it('answers a repeated event_id with the first row, not an error', async () => {
    const app = getApp();
    const event = pixelEvent(randomUUID(), { event_name: 'Lead' });
    const first = await post(app, '/api/v1/analytics/pinterest-event/create/', event);
    const second = await post(app, '/api/v1/analytics/pinterest-event/create/', {
      ...event,
      event_name: 'ViewContent',
    });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
  });

  it('takes the same event_id once per platform', async () => {
    const app = getApp();
    const event = pixelEvent(randomUUID());
    const facebook = await post(app, FACEBOOK, event);
    const snapchat = await post(app, '/api/v1/analytics/snapchat-event/create/', {
      ...event,
      event_conversion_type: 'WEB',
    });
    expect(snapchat.json<{ id: number }>().id).not.toBe(facebook.json<{ id: number }>().id);
  });

  it('stores a Google Ads click conversion', async () => {
    const response = await post(getApp(), '/api/v1/analytics/google-ads/conversion/create/', {
      event_id: randomUUID(),
      conversion_id: '987654',
      gclid: 'Cj0KCQjw',
      uid: randomUUID(),
      value: 19.99,
      currency: 'usd',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'stored' });
  });
});

const abClock = testClock();

describeOnOneDatabase(
  'A/B assignments (docs/product.md#ab-test-assignments)',
  (getApp) => {
    const assign = (
      uid: string,
      name: string,
      value: string,
      headers: Record<string, string> = {},
      group?: string,
    ) => post(getApp(), ABTEST, { uid, name, value, ...(group && { group }) }, headers);
    const list = (query: string, headers: Record<string, string> = {}) =>
      getApp().inject({ method: 'GET', url: `${ABTEST}${query}`, headers });

    it('answers an empty list for a visitor without assignments', async () => {
      const response = await list(`?uid=${randomUUID()}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    });

    it("stores and lists a visitor's assignments by uid", async () => {
      const uid = randomUUID();
      const created = await assign(uid, 'abtest_homepage', 'chat_first');
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual({ name: 'abtest_homepage', value: 'chat_first' });
      expect((await list(`?uid=${uid}`)).json()).toEqual([{ name: 'abtest_homepage', value: 'chat_first' }]);
    });

    it('rejects setting a test that already has a value with 409 EXISTED_ABTEST', async () => {
      const uid = randomUUID();
      await assign(uid, 'abtest_homepage', 'control');
      const again = await assign(uid, 'abtest_homepage', 'chat_first');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'EXISTED_ABTEST' });
    });

    it('rejects an unknown test name with 400', async () => {
      const response = await assign(randomUUID(), 'abtest_colour', 'control');
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['name']);
    });

    it('rejects an unknown value with 400', async () => {
      const response = await assign(randomUUID(), 'abtest_offer', 'half_price');
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['value']);
    });

    it("answers only the asked group's tests", async () => {
      const uid = randomUUID();
      await assign(uid, 'abtest_verification', 'after_free');
      await assign(uid, 'abtest_offer', 'trial');
      await assign(uid, 'abtest_homepage', 'control');
      expect((await list(`?uid=${uid}&group=member`)).json()).toEqual([
        { name: 'abtest_offer', value: 'trial' },
        { name: 'abtest_homepage', value: 'control' },
      ]);
      expect((await list(`?uid=${uid}&group=visitor`)).json()).toEqual([
        { name: 'abtest_verification', value: 'after_free' },
        { name: 'abtest_homepage', value: 'control' },
      ]);
    });

    it("rejects a test outside the posted group's set", async () => {
      const response = await assign(randomUUID(), 'abtest_offer', 'trial', {}, 'visitor');
      expect(response.statusCode).toBe(400);
    });

    it('needs a uid when anonymous', async () => {
      const response = await list('');
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['uid']);
    });

    it('keeps a signed-in user’s assignments by account, whatever uid is sent', async () => {
      const tokens = await signUpByEmail(getApp());
      await assign(randomUUID(), 'abtest_redirect', 'chat', bearer(tokens));
      expect((await list(`?uid=${randomUUID()}`, bearer(tokens))).json()).toEqual([
        { name: 'abtest_redirect', value: 'chat' },
      ]);
    });

    it("moves a visitor's assignments to the account on sign-in, the account's own winning", async () => {
      const app = getApp();
      const firstUid = randomUUID();
      const phone = uniquePhoneNumber();
      const tokens = await signUpByPhone(app, phone, { uid: firstUid });
      await assign(firstUid, 'abtest_homepage', 'control', bearer(tokens));

      const secondUid = randomUUID();
      await assign(secondUid, 'abtest_homepage', 'chat_first');
      await assign(secondUid, 'abtest_verification', 'after_free');
      abClock.advance(61_000); // a PIN goes to one number at most once a minute
      const again = await signUpByPhone(app, phone, { uid: secondUid });

      expect((await list('', bearer(again))).json()).toEqual([
        { name: 'abtest_homepage', value: 'control' },
        { name: 'abtest_verification', value: 'after_free' },
      ]);
    });

    it('refuses an anonymous read of a uid that belongs to an account (403)', async () => {
      const uid = randomUUID();
      await signUpByPhone(getApp(), undefined, { uid });
      expect((await list(`?uid=${uid}`)).statusCode).toBe(403);
    });
  },
  {},
  { clock: abClock },
);
