import { signedInFakeClient } from './signed-in-fake-client';
import { createAccountDeletionStore } from './account-deletion-store';

describe('deleting the account (docs/decisions.md#sign-in-and-account-security)', () => {
  it('deletes with the password, and the session here ends', async () => {
    const { client, requests } = signedInFakeClient(() => ({ status: 204 }));
    const store = createAccountDeletionStore(client.account);
    await store.deleteAccount({ password: 'secret-pass' });
    expect(store.getState().status).toBe('done');
    expect(client.session.isLoggedIn()).toBe(false);
    expect(requests.map((r) => [r.path, r.body])).toEqual([
      ['/api/v1/accounts/user/delete/', { password: 'secret-pass' }],
    ]);
  });

  it('keeps a wrong code structured, and the session goes on', async () => {
    const { client } = signedInFakeClient(() => ({ status: 400, data: { code: ['Wrong code.'] } }));
    const store = createAccountDeletionStore(client.account);
    await expect(store.deleteAccount({ code: '000000' })).rejects.toMatchObject({ status: 400 });
    expect(store.getState()).toMatchObject({ status: 'failed', error: { status: 400 } });
    expect(client.session.isLoggedIn()).toBe(true);
  });
});
