import { fakeClient } from '../testing/fake-api';

describe('dating bio needs a stored uid (docs/product.md#validation)', () => {
  it('throws "UID is null" and sends nothing when no uid is stored', async () => {
    const { client, requests } = fakeClient();
    await expect(client.datingBio.createDatingBio({ text: 'Hi' })).rejects.toMatchObject({
      message: 'UID is null',
    });
    expect(requests).toHaveLength(0);
  });

  it('sends uid and text', async () => {
    const { client, requests, storage } = fakeClient(() => ({ status: 201, data: {} }));
    storage.set('uid', 'visitor-1');
    await client.datingBio.createDatingBio({ text: 'Hi' });
    expect(requests[0]?.body).toEqual({ text: 'Hi', uid: 'visitor-1' });
  });
});

describe('bio image upload (docs/product.md#account-calls: multipart uid and image, with upload progress)', () => {
  it('sends FormData with uid and image', async () => {
    const { client, requests, storage } = fakeClient(() => ({ status: 201, data: {} }));
    storage.set('uid', 'visitor-1');
    const image = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
    await client.datingBio.uploadDatingBioImage(image);
    const form = requests[0]?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('uid')).toBe('visitor-1');
    expect(form.get('image')).toBeInstanceOf(Blob);
    expect(requests[0]?.path).toBe('/api/v1/accounts/dating_bio/visitor-1/images/create/');
  });

  it('reports upload progress to the callback', async () => {
    const { client, storage } = fakeClient((request) => {
      request.config.onUploadProgress?.({
        loaded: 5,
        total: 10,
        progress: 0.5,
        bytes: 5,
        lengthComputable: true,
      });
      return { status: 201, data: {} };
    });
    storage.set('uid', 'visitor-1');
    const onUploadProgress = jest.fn();
    await client.datingBio.uploadDatingBioImage(new Blob(['x']), { onUploadProgress });
    expect(onUploadProgress).toHaveBeenCalledWith({ loaded: 5, total: 10, fraction: 0.5 });
  });
});

describe('bio image delete (404 counts as success)', () => {
  it('resolves when the photo is already gone', async () => {
    const { client, storage } = fakeClient(() => ({ status: 404, data: { detail: 'Not found.' } }));
    storage.set('uid', 'visitor-1');
    await expect(client.datingBio.deleteDatingBioImage(4)).resolves.toBeUndefined();
  });
});
