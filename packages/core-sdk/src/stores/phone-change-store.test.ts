import { member, signedInFakeClient } from './signed-in-fake-client';
import { createPhoneChangeStore } from './phone-change-store';

const NEW = '+12015550199';

describe('the phone number change (docs/decisions.md#sign-in-and-account-security)', () => {
  it('texts a PIN to the new number with the proof, then verifies it and keeps the answered user', async () => {
    const { client, requests } = signedInFakeClient(({ path }) =>
      path === '/verify/'
        ? { status: 200, data: { user: { ...member, phone_number: NEW } } }
        : { status: 200, data: { phone_number: NEW } },
    );
    const store = createPhoneChangeStore(client);
    await store.requestPin(NEW, { code: '123456' });
    expect(store.getState()).toMatchObject({ status: 'idle', newNumber: NEW });
    await store.verify('654321');
    expect(store.getState().status).toBe('done');
    expect(client.session.getState().user).toMatchObject({ phone_number: NEW });
    expect(client.session.isLoggedIn()).toBe(true);
    expect(requests.map((r) => [r.path, r.body])).toEqual([
      ['/phone_number/update/', { phone_number: NEW, code: '123456' }],
      ['/verify/', expect.objectContaining({ phone_number: NEW, code: '654321' })],
    ]);
  });

  it('resends the PIN to the new number', async () => {
    const { client, requests } = signedInFakeClient(() => ({ status: 200, data: { phone_number: NEW } }));
    const store = createPhoneChangeStore(client);
    await store.requestPin(NEW, { password: 'secret-pass' });
    await store.resendPin();
    expect(requests.map((r) => [r.path, r.body])).toEqual([
      ['/phone_number/update/', { phone_number: NEW, password: 'secret-pass' }],
      ['/generate/', { phone_number: NEW }],
    ]);
  });

  it('keeps a refused PIN structured and stays on the PIN step', async () => {
    const { client } = signedInFakeClient(({ path }) =>
      path === '/verify/'
        ? { status: 400, data: { code: ['Wrong PIN.'] } }
        : { status: 200, data: { phone_number: NEW } },
    );
    const store = createPhoneChangeStore(client);
    await store.requestPin(NEW, { password: 'secret-pass' });
    await expect(store.verify('000000')).rejects.toMatchObject({ status: 400 });
    expect(store.getState()).toMatchObject({ status: 'failed', newNumber: NEW, error: { status: 400 } });
  });
});
