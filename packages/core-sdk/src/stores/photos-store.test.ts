import type { BioImage, ImageReview } from '@wingmate/api-contract';
import { fakeClient, type FakeHandler } from '../testing/fake-api';
import { createPhotosStore } from './photos-store';

const NOW = '2026-11-23T12:00:00.000Z';
const BASE = '/api/v1/accounts/dating_bio/visitor-1';
const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const image = (id: number): BioImage => ({
  id,
  image: `/uploads/bio/${id}.jpg`,
  width: 800,
  height: 1000,
  variants: [],
  created_at: NOW,
});
const review: ImageReview = {
  id: 4,
  images: [1],
  score: 64,
  summary: 'Bright.',
  tips: [],
  photos: [{ image: 1, score: 64, tips: [] }],
  follow_ups: [],
  created_at: NOW,
  model: { name: 'offline', offline: true },
};

const loadedSet: FakeHandler = (request) =>
  request.path.endsWith('/images/')
    ? { status: 200, data: page([image(1), image(2)]) }
    : { status: 200, data: page([review]) };

async function loadedStore(handler: FakeHandler = () => ({ status: 200, data: {} })) {
  const { client, requests, storage } = fakeClient((request) =>
    request.method === 'GET' && !request.path.endsWith('/create/') ? loadedSet(request) : handler(request),
  );
  storage.set('uid', 'visitor-1');
  const store = createPhotosStore(client);
  await store.load();
  return { store, requests };
}

describe('the photo set (docs/product.md#dating-bio-photos-profile)', () => {
  it('loads the photos and the newest review', async () => {
    const { store, requests } = await loadedStore();
    expect(requests.map((r) => r.path)).toEqual([`${BASE}/images/`, `${BASE}/image_review/`]);
    expect(store.getState().images.map((i) => i.id)).toEqual([1, 2]);
    expect(store.getState().review?.id).toBe(4);
  });

  it('adds a photo that finished uploading', async () => {
    const { store } = await loadedStore();
    store.addImage(image(3));
    expect(store.getState().images.map((i) => i.id)).toEqual([1, 2, 3]);
  });

  it('deletes a photo, marked as deleting while the call runs', async () => {
    const { store, requests } = await loadedStore(() => ({ status: 204 }));
    const deleting = store.deletePhoto(1);
    expect(store.getState().deleting.has(1)).toBe(true);
    await deleting;
    expect(requests[2]).toMatchObject({ method: 'POST', path: `${BASE}/image/1/delete/` });
    expect(store.getState().images.map((i) => i.id)).toEqual([2]);
    expect(store.getState().deleting.size).toBe(0);
  });

  it('keeps the photo when the delete is refused, rejecting with the refusal', async () => {
    const { store } = await loadedStore(() => ({ status: 403, data: { detail: 'Not yours.' } }));
    await expect(store.deletePhoto(1)).rejects.toMatchObject({ status: 403, message: 'Not yours.' });
    expect(store.getState().images.map((i) => i.id)).toEqual([1, 2]);
    expect(store.getState().deleting.size).toBe(0);
  });
});

describe('the photo review: requested, shown, asked about', () => {
  it('asks for a review and keeps it, reviewing while it is made', async () => {
    const made = { ...review, id: 5, images: [1, 2] };
    const { store, requests } = await loadedStore(() => ({ status: 200, data: made }));
    const requesting = store.requestReview();
    expect(store.getState().reviewing).toBe(true);
    await expect(requesting).resolves.toEqual(made);
    expect(requests[2]).toMatchObject({ method: 'GET', path: `${BASE}/image_review/create/` });
    expect(store.getState()).toMatchObject({ review: made, reviewing: false, reviewError: null });
  });

  it('keeps the refusal of a review request, answering null', async () => {
    const { store } = await loadedStore(() => ({
      status: 403,
      data: { detail: 'This uid belongs to an account.' },
    }));
    await expect(store.requestReview()).resolves.toBeNull();
    expect(store.getState()).toMatchObject({ reviewing: false, reviewError: { status: 403 } });
    expect(store.getState().review?.id).toBe(4);
  });

  it('adds the answer of a follow-up question to the review', async () => {
    const answer = { question: 'Which first?', answer: 'Photo 1.', created_at: NOW };
    const { store, requests } = await loadedStore(() => ({ status: 201, data: answer }));
    await store.askAboutReview('Which first?');
    expect(requests[2]).toMatchObject({
      path: `${BASE}/image_review/generate/create/`,
      body: { response_text: 'Which first?' },
    });
    expect(store.getState().review?.follow_ups).toEqual([answer]);
  });

  it('rejects a refused follow-up, leaving the review as it was', async () => {
    const { store } = await loadedStore(() => ({ status: 503, data: { detail: 'The AI is away.' } }));
    await expect(store.askAboutReview('Why?')).rejects.toMatchObject({ message: 'The AI is away.' });
    expect(store.getState().review?.follow_ups).toEqual([]);
  });
});
