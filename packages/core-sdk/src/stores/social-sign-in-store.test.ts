import { fakeClient, type FakeReply } from '../testing/fake-api';
import { SocialSignInCancelled, SocialSignInFailed } from './social-provider';
import { createSocialSignInStore } from './social-sign-in-store';

const SIGNED_IN = { access: 'access-1', refresh: 'refresh-1', user: { pk: 7, email: 'ada@example.com' } };

function api(routes: Record<string, FakeReply>) {
  return fakeClient((request) => routes[`${request.method} ${request.path}`] ?? { status: 404, data: {} });
}

const google = (token: () => Promise<string> = () => Promise.resolve('google-token')) => ({
  requestAccessToken: token,
});
const apple = {
  servicesId: 'com.wingmate.web',
  requestIdentity: () =>
    Promise.resolve({ identityToken: 'apple-token', firstName: 'Ada', lastName: undefined }),
};

describe('Google and Apple sign-in (docs/decisions.md#auth-appsapi)', () => {
  it('offers only the providers whose ports are given, Google first', () => {
    const { client } = api({});
    expect(
      createSocialSignInStore(client, { mode: 'login', providers: { apple, google: google() } }).providers,
    ).toEqual(['google', 'apple']);
    expect(createSocialSignInStore(client, { mode: 'login', providers: { apple } }).providers).toEqual([
      'apple',
    ]);
  });

  it('signs up with Google’s access token and terms_accepted; the session then holds tokens', async () => {
    const { client, requests } = api({ 'POST /api/auth/google/signup/': { status: 200, data: SIGNED_IN } });
    const store = createSocialSignInStore(client, { mode: 'signup', providers: { google: google() } });
    const starting = store.start('google');
    expect(store.getState().busy).toBe('google');
    await expect(starting).resolves.toBe(true);
    expect(requests.map((r) => r.body)).toEqual([{ access_token: 'google-token', terms_accepted: true }]);
    expect(store.getState()).toEqual({ busy: null, failure: null });
  });

  it('signs in with Google without terms_accepted', async () => {
    const { client, requests } = api({ 'POST /api/auth/google/': { status: 200, data: SIGNED_IN } });
    const store = createSocialSignInStore(client, { mode: 'login', providers: { google: google() } });
    await expect(store.start('google')).resolves.toBe(true);
    expect(requests.map((r) => r.body)).toEqual([{ access_token: 'google-token' }]);
  });

  it('sends Apple’s identity token with the Services ID as the audience, and the name when given', async () => {
    const { client, requests } = api({ 'POST /api/auth/apple/': { status: 200, data: SIGNED_IN } });
    const store = createSocialSignInStore(client, { mode: 'login', providers: { apple } });
    await expect(store.start('apple')).resolves.toBe(true);
    expect(requests.map((r) => r.body)).toEqual([
      { identity_token: 'apple-token', audience: 'com.wingmate.web', first_name: 'Ada' },
    ]);
  });

  it('a closed provider window is no failure', async () => {
    const { client, requests } = api({});
    const cancelled = google(async () => Promise.reject(new SocialSignInCancelled()));
    const store = createSocialSignInStore(client, { mode: 'login', providers: { google: cancelled } });
    await expect(store.start('google')).resolves.toBe(false);
    expect(store.getState()).toEqual({ busy: null, failure: null });
    expect(requests).toEqual([]);
  });

  it('keeps the provider’s failure, or the API’s error, for the screen to say', async () => {
    const { client } = api({ 'POST /api/auth/apple/': { status: 409, data: { detail: 'account_exists' } } });
    const failing = google(async () => Promise.reject(new SocialSignInFailed('Allow pop-ups.')));
    const store = createSocialSignInStore(client, { mode: 'login', providers: { google: failing, apple } });
    await store.start('google');
    expect(store.getState().failure?.error).toBeInstanceOf(SocialSignInFailed);
    await store.start('apple');
    expect(store.getState().failure?.error).toMatchObject({ status: 409 });
  });
});
