import type { BioImage } from '@wingmate/api-contract';
import type { SeenRequest } from '../testing/fake-api';
import { fakeClient } from '../testing/fake-api';
import { createPhotoUploadsStore, type PhotoFile } from './photo-uploads-store';

const image: BioImage = {
  id: 3,
  image: '/uploads/bio/3.jpg',
  width: 1,
  height: 1,
  variants: [],
  created_at: '',
};

interface HeldUpload {
  request: SeenRequest;
  progress(loaded: number, total: number): void;
  reply(status: number, data: unknown): void;
}

/** A fake API whose uploads wait for the test to move them along. */
function uploadingApi() {
  const held: HeldUpload[] = [];
  const { client, storage } = fakeClient(
    (request) =>
      new Promise((resolve) =>
        held.push({
          request,
          progress: (loaded, total) =>
            request.config.onUploadProgress?.({
              loaded,
              total,
              progress: loaded / total,
              bytes: loaded,
              lengthComputable: true,
            }),
          reply: (status, data) => resolve({ status, data }),
        }),
      ),
  );
  storage.set('uid', 'visitor-1');
  return { client, held };
}

const photo = (name: string, bytes = 1): PhotoFile =>
  Object.assign(new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), { name });

/** Lets the pipeline's promises run up to the fake API. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function uploadsStore() {
  const { client, held } = uploadingApi();
  const onUploaded = jest.fn();
  const previews = { make: jest.fn((file: PhotoFile) => `blob:${file.name}`), release: jest.fn() };
  const store = createPhotoUploadsStore(client.datingBio, { onUploaded, previews });
  return { store, held, onUploaded, previews };
}

const names = (store: ReturnType<typeof uploadsStore>['store']) =>
  store.getState().uploads.map((upload) => upload.name);

describe('photo uploads: per-photo progress and cancel (docs/product.md#dating-bio-photos-profile)', () => {
  it('follows each upload’s progress, and hands over the stored photo when done', async () => {
    const { store, held, onUploaded, previews } = uploadsStore();
    store.start([photo('a.jpg')], 0);
    expect(store.getState().uploads).toEqual([{ key: 1, name: 'a.jpg', preview: 'blob:a.jpg' }]);
    await settle();
    expect(held[0]?.request.path).toBe('/api/v1/accounts/dating_bio/visitor-1/images/create/');
    held[0]!.progress(50, 100);
    expect(store.getState().uploads[0]?.fraction).toBe(0.5);
    held[0]!.reply(201, image);
    await settle();
    expect(onUploaded).toHaveBeenCalledWith(image);
    expect(store.getState().uploads).toEqual([]);
    expect(previews.release).toHaveBeenCalledWith('blob:a.jpg');
  });

  it('cancels one upload through its signal, leaving the others running', async () => {
    const { store, held } = uploadsStore();
    store.start([photo('a.jpg'), photo('b.jpg')], 0);
    await settle();
    store.cancel(store.getState().uploads[0]!.key);
    expect(held.map(({ request }) => request.config.signal?.aborted)).toEqual([true, false]);
    expect(names(store)).toEqual(['b.jpg']);
  });

  it('cancels every running upload when the screen closes, and releases their previews', async () => {
    const { store, held, previews } = uploadsStore();
    store.start([photo('a.jpg')], 0);
    await settle();
    store.cancelAll();
    expect(held[0]?.request.config.signal?.aborted).toBe(true);
    expect(previews.release).toHaveBeenCalledWith('blob:a.jpg');
  });

  it('keeps a refused upload with the server’s error until dismissed', async () => {
    const { store, held } = uploadsStore();
    store.start([photo('a.heic')], 0);
    await settle();
    held[0]!.reply(400, { detail: 'This image cannot be read.' });
    await settle();
    const [refused] = store.getState().uploads;
    expect(refused?.failure).toMatchObject({
      reason: 'refused',
      error: { status: 400, message: 'This image cannot be read.' },
    });
    store.dismiss(refused!.key);
    expect(store.getState().uploads).toEqual([]);
  });

  it('refuses a file over 10 MB before sending it', async () => {
    const { store, held } = uploadsStore();
    store.start([photo('huge.jpg', 11 * 1024 * 1024)], 0);
    await settle();
    expect(held).toHaveLength(0);
    expect(store.getState().uploads[0]?.failure).toEqual({ reason: 'too-large', bytes: 11 * 1024 * 1024 });
  });

  it('refuses the files past the 9-photo cap, counting those held and those on their way', async () => {
    const { store, held } = uploadsStore();
    store.start([photo('a.jpg')], 7);
    store.start([photo('b.jpg'), photo('c.jpg')], 7);
    await settle();
    expect(held).toHaveLength(2);
    expect(store.getState().uploads.map(({ name, failure }) => ({ name, failure }))).toEqual([
      { name: 'a.jpg', failure: undefined },
      { name: 'b.jpg', failure: undefined },
      { name: 'c.jpg', failure: { reason: 'too-many' } },
    ]);
  });
});
