import { signedInFakeClient } from './signed-in-fake-client';
import { createSessionsStore } from './sessions-store';

describe('ending the sessions', () => {
  it('logs out here', async () => {
    const { client, requests } = signedInFakeClient(() => ({ status: 200, data: {} }));
    const store = createSessionsStore(client);
    const ending = store.logOut();
    expect(store.getState().ending).toBe('here');
    await ending;
    expect(client.session.isLoggedIn()).toBe(false);
    expect(requests.map((r) => r.path)).toEqual(['/auth/logout/']);
  });

  it('signs out everywhere, this device too', async () => {
    const { client, requests } = signedInFakeClient(() => ({ status: 200, data: {} }));
    const store = createSessionsStore(client);
    await store.logOutEverywhere();
    expect(store.getState()).toEqual({ ending: 'everywhere', error: null });
    expect(client.session.isLoggedIn()).toBe(false);
    expect(requests.map((r) => r.path)).toEqual(['/auth/logout/all/']);
  });

  it('keeps a refused sign-out everywhere structured, and the session goes on', async () => {
    const { client } = signedInFakeClient(() => ({ status: 400, data: { detail: 'Try again.' } }));
    const store = createSessionsStore(client);
    await expect(store.logOutEverywhere()).rejects.toMatchObject({ status: 400 });
    expect(store.getState()).toMatchObject({ ending: null, error: { status: 400, message: 'Try again.' } });
    expect(client.session.isLoggedIn()).toBe(true);
  });
});
