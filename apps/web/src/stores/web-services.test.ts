import { fakeClient } from '../testing/fake-client';
import { readWebConfig } from '../config';
import { makeWebServices, takeLoginToken } from './web-services';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('a ?token= login link (docs/product.md#every-page; docs/decisions.md#sessions-in-the-browser)', () => {
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

describe('making the services', () => {
  /** A pause the test releases by hand, standing for the next task. */
  function manualPauses() {
    const waiting: Array<() => void> = [];
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return {
      pause: () => new Promise<void>((resolve) => waiting.push(resolve)),
      async release() {
        waiting.shift()?.();
        await settle();
      },
      get pending() {
        return waiting.length;
      },
    };
  }

  it('makes the client, the account stores, tracking and the first requests in tasks of their own, taking a login link before anything reads the session', async () => {
    window.history.replaceState(null, '', '/chat?token=abc123');
    const pauses = manualPauses();
    let services: Awaited<ReturnType<typeof makeWebServices>> | undefined;
    const making = makeWebServices(
      readWebConfig({ VITE_API_SERVER: 'http://127.0.0.1:9' }),
      pauses.pause,
    ).then((made) => (services = made));
    expect(pauses.pending).toBe(1);
    expect(window.location.search).toBe('?token=abc123');

    // The SDK's code arrives; the client is made in the task after.
    await pauses.release();
    expect(pauses.pending).toBe(1);
    expect(window.location.search).toBe('?token=abc123');

    await pauses.release();
    expect(window.location.search).toBe('');
    expect(pauses.pending).toBe(1);
    expect(services).toBeUndefined();

    await pauses.release();
    expect(pauses.pending).toBe(1);
    expect(services).toBeUndefined();

    await pauses.release();
    expect(pauses.pending).toBe(1);
    expect(services).toBeUndefined();

    await pauses.release();
    await making;
    expect(services?.client.session.isLoggedIn()).toBe(true);
    // Started last: the signed-in person's user info, which settles their A/B group.
    expect(services?.userInfo.getState().status).not.toBe('idle');
  });
});
