import type { Roast } from '@wingmate/api-contract';
import { ACCESS_TOKEN_KEY } from '../session/tokens';
import { fakeClient, type FakeHandler, type SeenRequest } from '../testing/fake-api';
import { createRoastsStore } from './roasts-store';

const NOW = '2026-11-23T12:00:00.000Z';
const roast = (id: number, text: string, intensity: Roast['intensity'] = null): Roast => ({
  id,
  text,
  intensity,
  created_at: NOW,
  updated_at: NOW,
});

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
  let keys = 0;
  const store = createRoastsStore(client.account, { newKey: () => `intent-${++keys}` });
  await store.load();
  const generated = () => requests.filter((request) => request.path === '/api/v1/accounts/roasts/generate/');
  const keyOf = (request: SeenRequest | undefined) => request?.config.headers.get('Idempotency-Key');
  return { store, requests, generated, keyOf };
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

describe('roasts the wingmate writes (docs/product.md#roasts)', () => {
  it('puts the generated roast first, generating while it is written, under a new key per intent', async () => {
    const { store, generated, keyOf } = await loadedStore(() => ({
      status: 201,
      data: roast(3, 'Bold move.', 'brutal'),
    }));
    const generating = store.generate('brutal');
    expect(store.getState().generating).toBe(true);
    await expect(store.generate('brutal')).resolves.toBeNull();
    await expect(generating).resolves.toEqual(roast(3, 'Bold move.', 'brutal'));
    expect(texts(store)).toEqual(['Bold move.', 'New', 'Old']);
    expect(store.getState()).toMatchObject({ generating: false, generateError: null, paywall: false });
    await store.generate('brutal');
    expect(generated().map((request) => [request.method, request.body, keyOf(request)])).toEqual([
      ['POST', { intensity: 'brutal' }, 'intent-1'],
      ['POST', { intensity: 'brutal' }, 'intent-2'],
    ]);
  });

  it('retries a failed roast under the same key, and takes a new one for another intensity', async () => {
    const answers = [
      { status: 502, data: { detail: 'The AI is unavailable. Please try again; nothing was charged.' } },
      { status: 201, data: roast(3, 'Honest take.', 'honest') },
      { status: 201, data: roast(4, 'Gentle take.', 'gentle') },
    ];
    const { store, generated, keyOf } = await loadedStore(() => answers.shift()!);
    await expect(store.generate('honest')).resolves.toBeNull();
    expect(store.getState()).toMatchObject({
      generateError: 'The AI is unavailable. Please try again; nothing was charged.',
      paywall: false,
    });
    await store.generate('honest');
    await store.generate('gentle');
    expect(generated().map(keyOf)).toEqual(['intent-1', 'intent-1', 'intent-2']);
    expect(texts(store)).toEqual(['Gentle take.', 'Honest take.', 'New', 'Old']);
    expect(store.getState().generateError).toBeNull();
  });

  it('shows the paywall on 402, saving nothing', async () => {
    const { store } = await loadedStore(() => ({
      status: 402,
      data: { detail: 'No messages remaining.', code: 'no_messages' },
    }));
    await expect(store.generate('gentle')).resolves.toBeNull();
    expect(store.getState()).toMatchObject({
      paywall: true,
      generateError: 'You are out of messages. A roast costs one: choose a plan to get yours.',
    });
    expect(texts(store)).toEqual(['New', 'Old']);
  });
});
