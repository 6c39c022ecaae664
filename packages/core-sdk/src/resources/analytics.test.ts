import { ACCESS_TOKEN_KEY } from '../session/tokens';
import { fakeClient } from '../testing/fake-api';

describe('A/B list (docs/product.md#analytics-calls: GET /api/v1/analytics/abtest/)', () => {
  it('carries the uid in the query when anonymous', async () => {
    const { client, requests, storage } = fakeClient(() => ({ status: 200, data: [] }));
    storage.set('uid', 'visitor-1');
    await client.analytics.listAbtests({ group: 'visitor' });
    expect(requests[0]?.query).toEqual({ group: 'visitor', uid: 'visitor-1' });
  });

  it('leaves the uid out when a token is held', async () => {
    const { client, requests, storage } = fakeClient(() => ({ status: 200, data: [] }));
    storage.set(ACCESS_TOKEN_KEY, 'jwt');
    await client.analytics.listAbtests({ group: 'member' });
    expect(requests[0]?.query).toEqual({ group: 'member' });
  });

  it('reads a 404 as an empty list', async () => {
    const { client } = fakeClient(() => ({ status: 404, data: { detail: 'Not found.' } }));
    await expect(client.analytics.listAbtests()).resolves.toEqual([]);
  });
});

describe('A/B set (docs/product.md#ab-test-assignments: a test that already has a value is rejected)', () => {
  it('rejects with code EXISTED_ABTEST', async () => {
    const { client } = fakeClient(() => ({
      status: 409,
      data: { detail: 'This A/B test already has a value.', code: 'EXISTED_ABTEST' },
    }));
    await expect(
      client.analytics.createAbtest({ name: 'abtest_homepage', value: 'control' }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'EXISTED_ABTEST',
    });
  });

  it('sends name, value and the uid', async () => {
    const { client, requests, storage } = fakeClient(() => ({ status: 201, data: {} }));
    storage.set('uid', 'visitor-1');
    await client.analytics.createAbtest({ name: 'abtest_offer', value: 'trial', group: 'member' });
    expect(requests[0]?.body).toEqual({
      name: 'abtest_offer',
      value: 'trial',
      group: 'member',
      uid: 'visitor-1',
    });
  });
});

describe('utm-params list (docs/product.md#analytics-calls: sorted newest first by ctime)', () => {
  it('sorts the results newest first', async () => {
    const results = [
      { id: 1, ctime: '2025-01-01T10:00:00.000Z' },
      { id: 2, ctime: '2025-03-01T10:00:00.000Z' },
      { id: 3, ctime: '2025-02-01T10:00:00.000Z' },
    ];
    const { client, storage } = fakeClient(() => ({
      status: 200,
      data: { count: 3, next: null, previous: null, results },
    }));
    storage.set(ACCESS_TOKEN_KEY, 'jwt');
    const page = await client.analytics.listUserUtmParams();
    expect(page.results.map((r) => r.id)).toEqual([2, 3, 1]);
  });
});

describe('conversion posts work by uid (docs/decisions.md#core-sdk)', () => {
  it('fill in the stored uid, made if there is none yet', async () => {
    const { client, requests, storage } = fakeClient(() => ({ status: 201, data: {} }));
    await client.analytics.createGoogleAdsConversion({ event_id: 'e', conversion_id: 'c', gclid: 'g' });
    expect(requests[0]?.body).toMatchObject({ uid: storage.get('uid') });
    expect(storage.get('uid')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
