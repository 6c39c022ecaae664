import type { Roast } from '@wingmate/api-contract';
import { ACCESS_TOKEN_KEY } from '../session/tokens';
import { fakeClient, type FakeHandler } from '../testing/fake-api';
import { createRoastsStore } from './roasts-store';

const NOW = '2026-11-23T12:00:00.000Z';
const roast = (id: number, text: string): Roast => ({ id, text, created_at: NOW, updated_at: NOW });

async function loadedStore(handler: FakeHandler) {
  const { client, requests, storage } = fakeClient((request) =>
    request.method === 'GET'
      ? {
          status: 200,
          data: { count: 2, next: null, previous: null, results: [roast(2, 'New'), roast(1, 'Old')] },
        }
      : handler(request),
  );
  storage.set(ACCESS_TOKEN_KEY, 'jwt');
  const store = createRoastsStore(client.account);
  await store.load();
  return { store, requests };
}

const texts = (store: Awaited<ReturnType<typeof loadedStore>>['store']) =>
  store.getState().roasts.map((kept) => kept.text);

describe('a member’s saved roasts (docs/product.md#dating-bio-photos-profile)', () => {
  it('lists the roasts, newest first as the server answers them', async () => {
    const { store, requests } = await loadedStore(() => ({ status: 200 }));
    expect(requests[0]).toMatchObject({ path: '/api/v1/accounts/roasts/', query: { page: 1 } });
    expect(texts(store)).toEqual(['New', 'Old']);
  });

  it('puts a new roast first, creating while it is saved', async () => {
    const { store, requests } = await loadedStore(() => ({ status: 201, data: roast(3, 'Newest') }));
    const creating = store.create('Newest');
    expect(store.getState().creating).toBe(true);
    await expect(creating).resolves.toEqual(roast(3, 'Newest'));
    expect(requests[1]).toMatchObject({ method: 'POST', body: { text: 'Newest' } });
    expect(texts(store)).toEqual(['Newest', 'New', 'Old']);
    expect(store.getState().creating).toBe(false);
  });

  it('keeps a refused new roast’s error, answering null', async () => {
    const { store } = await loadedStore(() => ({ status: 400, data: { text: ['Too long.'] } }));
    await expect(store.create('x')).resolves.toBeNull();
    expect(store.getState().createError).toMatchObject({ status: 400 });
    expect(texts(store)).toEqual(['New', 'Old']);
  });

  it('replaces an edited roast in place', async () => {
    const { store, requests } = await loadedStore(() => ({ status: 200, data: roast(1, 'Better') }));
    const saving = store.update(1, 'Better');
    expect(store.getState().saving.has(1)).toBe(true);
    await saving;
    expect(requests[1]).toMatchObject({
      method: 'PUT',
      path: '/api/v1/accounts/roasts/1/',
      body: { text: 'Better' },
    });
    expect(texts(store)).toEqual(['New', 'Better']);
    expect(store.getState().saving.size).toBe(0);
  });

  it('keeps a refused edit’s error for that roast until cleared', async () => {
    const { store } = await loadedStore(() => ({ status: 403, data: { detail: 'Not yours.' } }));
    await expect(store.update(1, 'Mine')).resolves.toBeNull();
    expect(store.getState().saveErrors).toEqual({ 1: expect.objectContaining({ message: 'Not yours.' }) });
    store.clearSaveError(1);
    expect(store.getState().saveErrors).toEqual({});
  });
});
