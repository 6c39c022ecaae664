import { signedInFakeClient } from './signed-in-fake-client';
import { createAccountDataStore } from './account-data-store';

const exported = { exported_at: '2026-11-23T10:00:00.000Z', user: { pk: 7 } };

describe('"Export my data"', () => {
  it('answers everything kept about the person, for the app to save', async () => {
    const { client, requests } = signedInFakeClient(() => ({ status: 200, data: exported }));
    const store = createAccountDataStore(client.account);
    const exporting = store.exportData();
    expect(store.getState().status).toBe('exporting');
    expect(await exporting).toEqual(exported);
    expect(store.getState()).toEqual({ status: 'exported', error: null });
    expect(requests.map((r) => [r.method, r.path])).toEqual([['GET', '/api/v1/accounts/user/export/']]);
  });

  it('answers null when the export failed, the failure kept structured', async () => {
    const { client } = signedInFakeClient(() => ({ status: 400, data: { detail: 'One export a day.' } }));
    const store = createAccountDataStore(client.account);
    expect(await store.exportData()).toBeNull();
    expect(store.getState()).toMatchObject({
      status: 'failed',
      error: { status: 400, message: 'One export a day.' },
    });
  });
});
