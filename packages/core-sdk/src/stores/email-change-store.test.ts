import { signedInFakeClient } from './signed-in-fake-client';
import { createEmailChangeStore } from './email-change-store';

const NEW = 'new@example.com';
const changed = { status: 200, data: { pk: 7, email: NEW } };

describe('the e-mail change (docs/decisions.md#calls)', () => {
  it('mails a code to the new address with the password, then confirms it with that code', async () => {
    const { client, requests } = signedInFakeClient(({ path }) =>
      path.endsWith('/confirm/') ? changed : { status: 200, data: { detail: 'Sent.' } },
    );
    const store = createEmailChangeStore(client.account);
    const requesting = store.requestCode(NEW, { password: 'secret-pass' });
    expect(store.getState().status).toBe('sending');
    await requesting;
    expect(store.getState()).toMatchObject({
      status: 'idle',
      sent: { email: NEW, proof: { password: 'secret-pass' } },
    });
    await store.confirm('123456');
    expect(store.getState().status).toBe('done');
    expect(requests.map((r) => [r.path, r.body])).toEqual([
      ['/api/v1/accounts/user/email/change/', { email: NEW, password: 'secret-pass' }],
      ['/api/v1/accounts/user/email/change/confirm/', { email: NEW, code: '123456' }],
    ]);
    expect(client.session.getState().user).toMatchObject({ email: NEW });
  });

  it('resends with the same password, never with a spent confirmation code', async () => {
    const { client, requests } = signedInFakeClient(() => ({ status: 200, data: {} }));
    const withPassword = createEmailChangeStore(client.account);
    await withPassword.requestCode(NEW, { password: 'secret-pass' });
    expect(withPassword.canResend()).toBe(true);
    await withPassword.resend();
    expect(requests.at(-1)?.body).toEqual({ email: NEW, password: 'secret-pass' });

    const withCode = createEmailChangeStore(client.account);
    await withCode.requestCode(NEW, { code: '654321' });
    expect(withCode.canResend()).toBe(false);
  });

  it('keeps a refusal structured on the step it happened, and starts over on request', async () => {
    const { client } = signedInFakeClient(() => ({ status: 400, data: { code: ['Wrong code.'] } }));
    const store = createEmailChangeStore(client.account);
    await expect(store.requestCode(NEW, { code: '000000' })).rejects.toMatchObject({ status: 400 });
    expect(store.getState()).toMatchObject({ status: 'failed', sent: null });
    expect(store.getState().error).toMatchObject({ status: 400, data: { code: ['Wrong code.'] } });
    store.startOver();
    expect(store.getState()).toEqual({ status: 'idle', error: null, sent: null });
  });
});
