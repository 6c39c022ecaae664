import { signedInFakeClient } from './signed-in-fake-client';
import { createConfirmationCodeStore } from './confirmation-code-store';

describe('the confirmation code of a sensitive change (docs/decisions.md#sign-in-and-account-security)', () => {
  it('asks accounts/user/confirm/ for the purpose, and keeps where the code went', async () => {
    const { client, requests } = signedInFakeClient(() => ({
      status: 200,
      data: { channel: 'sms', sent_to: '+12015550123' },
    }));
    const store = createConfirmationCodeStore(client.account, 'email_change');
    expect(store.getState().sent).toBeNull();
    await store.send();
    expect(store.getState().sent).toEqual({ channel: 'sms', sent_to: '+12015550123' });
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/v1/accounts/user/confirm/', { purpose: 'email_change' }],
    ]);
  });

  it('rejects with the API error, and nothing counts as sent', async () => {
    const { client } = signedInFakeClient(() => ({ status: 429, data: { detail: 'Wait a minute.' } }));
    const store = createConfirmationCodeStore(client.account, 'delete');
    await expect(store.send()).rejects.toMatchObject({ status: 429, message: 'Wait a minute.' });
    expect(store.getState().sent).toBeNull();
  });
});
