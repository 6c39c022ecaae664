import { fakeClient } from '../testing/fake-client';
import { takeLoginToken } from './web-services';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('a ?token= login link (spec 2; decisions.md, "Sessions across tabs")', () => {
  it('is stored as the access token with the Token prefix and removed from the address', () => {
    window.history.replaceState({ kept: true }, '', '/chat?token=abc123&utm_source=sms#top');
    const { client, tokenStorage } = fakeClient({});
    takeLoginToken(client);
    expect(tokenStorage.get('access_token')).toBe('Token abc123');
    expect(client.session.getState().isLoggedIn).toBe(true);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/chat?utm_source=sms#top',
    );
    expect(window.history.state).toEqual({ kept: true });
  });

  it('leaves an address without a token, and the session, alone', () => {
    window.history.replaceState(null, '', '/pricing?utm_source=sms');
    const replaceState = jest.spyOn(window.history, 'replaceState');
    const { client, tokenStorage } = fakeClient({});
    takeLoginToken(client);
    expect(replaceState).not.toHaveBeenCalled();
    expect(tokenStorage.get('access_token')).toBeNull();
    expect(window.location.search).toBe('?utm_source=sms');
    replaceState.mockRestore();
  });
});
