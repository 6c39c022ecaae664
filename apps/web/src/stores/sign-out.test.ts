import { memoryStorage } from '@wingmate/core-sdk';
import { fakeClient } from '../testing/fake-client';
import { createAccountStores } from './app-services';
import { createWebClient } from './client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => window.localStorage.clear());

describe('signing out on this device (docs/decisions.md#signing-out)', () => {
  it('starts a new uid and removes the chat draft and reply-helper choice, keeping consent and the banner', () => {
    const kept = { 'wingmate.cookie-consent': 'all', 'wingmate.dismissed-banner': '1' };
    const personal = { uid: 'uid-of-the-account', 'wingmate.chat.draft': 'Hi', 'wingmate.chat.helper': '{}' };
    for (const [key, value] of Object.entries({ ...kept, ...personal }))
      window.localStorage.setItem(key, value);
    const client = createWebClient({ apiServer: 'http://127.0.0.1:9' });
    client.session.signIn({ access: 'jwt', refresh: null });

    client.session.forget();

    expect(window.localStorage.getItem('uid')).toMatch(UUID);
    expect(window.localStorage.getItem('uid')).not.toBe('uid-of-the-account');
    expect(
      ['wingmate.chat.draft', 'wingmate.chat.helper'].map((key) => window.localStorage.getItem(key)),
    ).toEqual([null, null]);
    for (const [key, value] of Object.entries(kept)) expect(window.localStorage.getItem(key)).toBe(value);
  });

  it("gives the A/B engine the new uid and drops the person's stored values", async () => {
    const { client, requests } = fakeClient({
      'GET /api/v1/analytics/abtest/': { data: [] },
      'POST /api/v1/analytics/abtest/': ({ body }) => ({ status: 201, data: body }),
    });
    const stale = JSON.stringify({ abtest_redirect: 'chat', abtest_offer: 'trial' });
    const abStorage = {
      session: memoryStorage({ abtests: stale }),
      cookie: memoryStorage({ abtests: stale }),
    };
    const { abEngine } = createAccountStores(client, { analyticsId: undefined, abStorage });
    const oldUid = client.visitorId.get();
    await abEngine.whenLoaded();
    client.session.signIn({ access: 'jwt', refresh: null });

    client.session.forget();
    await abEngine.whenLoaded();

    const newUid = client.visitorId.get();
    expect(newUid).not.toBe(oldUid);
    expect(abEngine.store.getState()).toMatchObject({ uid: newUid, group: 'visitor' });
    const lastList = requests.filter((request) => request.method === 'GET').at(-1);
    expect(lastList?.query.get('uid')).toBe(newUid);
    for (const place of [abStorage.session, abStorage.cookie]) {
      expect(Object.keys(JSON.parse(place.get('abtests') ?? '{}') as Record<string, unknown>).sort()).toEqual(
        ['abtest_homepage', 'abtest_verification'],
      );
    }
  });
});
