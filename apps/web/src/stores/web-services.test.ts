import { waitFor } from '@testing-library/react';
import { fakeClient } from '../testing/fake-client';
import { call, member } from '../testing/account';
import { readWebConfig } from '../config';
import { makeWebServices, takeLoginToken } from './web-services';

// The services are made with a client that answers from a table: the test reads the order of the tasks. A real
// client's first requests, to an address where no server listens, fail, are retried for seconds after the test and
// log each failure.
const mockClient = fakeClient({
  [call('getAuthUser')]: { data: member },
  [call('getUserInfo')]: {
    data: { ...member, remaining_messages: 42, has_subscription: false, is_member: true },
  },
  'GET /api/v1/analytics/abtest/': { data: [] },
  'POST /api/v1/analytics/abtest/': ({ body }) => ({ status: 201, data: body }),
}).client;
jest.mock('./client', () => ({ createWebClient: () => mockClient }));

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
    // With no analytics id the services say, once, that no events are sent.
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
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
    await waitFor(() => expect(services?.userInfo.getState().status).toBe('loaded'));
    await waitFor(() => expect(services?.client.session.getState().user).toEqual(member));
    expect(info).toHaveBeenCalledWith(
      'analytics: no analytics id is configured, so no analytics events are sent',
    );
  });
});
