import { member, signedInFakeClient } from './signed-in-fake-client';
import { createPasswordStore } from './password-store';

describe('the password change', () => {
  it('changes the password with the current one, and is done', async () => {
    const { client, requests } = signedInFakeClient(() => ({
      status: 200,
      data: { access: 'new-jwt', refresh: 'new-refresh', user: member },
    }));
    const store = createPasswordStore(client.auth);
    const changing = store.change({ old_password: 'old-pass', new_password: 'new-pass-123' });
    expect(store.getState().status).toBe('sending');
    await changing;
    expect(store.getState()).toEqual({ status: 'done', error: null });
    expect(requests.map((r) => [r.path, r.body])).toEqual([
      ['/auth/password/change/', { old_password: 'old-pass', new_password: 'new-pass-123' }],
    ]);
  });

  it('sets a first password with the confirmation code; a refusal is kept structured', async () => {
    const { client, requests } = signedInFakeClient(() => ({
      status: 400,
      data: { new_password: ['This password is too common.'] },
    }));
    const store = createPasswordStore(client.auth);
    await expect(store.set({ code: '123456', new_password: 'password' })).rejects.toMatchObject({
      status: 400,
    });
    expect(store.getState()).toMatchObject({
      status: 'failed',
      error: { status: 400, data: { new_password: ['This password is too common.'] } },
    });
    expect(requests[0]?.path).toBe('/auth/password/set/');
  });
});
