import { signedInFakeClient } from './signed-in-fake-client';
import { createSmsStatusStore, smsTextingOf, type SmsStatus } from './sms-status-store';

const ready: SmsStatus = {
  system_number: '+12135550100',
  phone_number: '+12015550123',
  can_text: true,
  opted_out: false,
};

describe('texting the wingmate (docs/product.md#account-calls)', () => {
  it('is pending until the first answer, then holds the status', async () => {
    const { client, requests } = signedInFakeClient(() => ({ status: 200, data: ready }));
    const store = createSmsStatusStore(client.account);
    expect(store.getState()).toMatchObject({ status: 'pending', data: null, loading: false });
    const loading = store.load();
    expect(store.getState()).toMatchObject({ status: 'pending', loading: true });
    await loading;
    expect(store.getState()).toMatchObject({ status: 'success', data: ready, error: null, loading: false });
    expect(requests.map((r) => [r.method, r.path, r.authorization])).toEqual([
      ['GET', '/api/v1/accounts/sms/', 'Bearer jwt'],
    ]);
  });

  it('keeps a failure as the answer, with the API error, and loads again on request', async () => {
    let status = 400;
    const { client } = signedInFakeClient(() =>
      status === 200 ? { status, data: ready } : { status, data: { detail: 'Bad request.' } },
    );
    const store = createSmsStatusStore(client.account);
    await store.load();
    expect(store.getState()).toMatchObject({ status: 'failure', data: null, error: { status: 400 } });
    status = 200;
    await store.load();
    expect(store.getState()).toMatchObject({ status: 'success', data: ready, error: null });
  });

  it.each([
    ['a verified US number', ready, 'can_text'],
    ['a number that texted STOP', { ...ready, can_text: false, opted_out: true }, 'opted_out'],
    ['no verified phone', { ...ready, phone_number: null, can_text: false }, 'needs_phone'],
    [
      'a verified number outside the US',
      { ...ready, phone_number: '+442079460958', can_text: false },
      'needs_phone',
    ],
  ] as const)('tells what the member can do with %s', (_case, status, texting) => {
    expect(smsTextingOf(status)).toBe(texting);
  });
});
