import type { BioImage } from '@wingmate/api-contract';
import { createPhotoUploadsStore, type UploadProgress, type WingmateClient } from '@wingmate/core-sdk';
import { act, renderHook } from '@testing-library/react';
import { usePhotoUploads } from './use-photo-uploads';

interface PendingUpload {
  file: Blob;
  signal?: AbortSignal;
  progress(p: UploadProgress): void;
  finish(image: BioImage): void;
}

/** A client whose uploads wait for the test to move them along. */
function uploadingClient() {
  const pending: PendingUpload[] = [];
  const uploadDatingBioImage = (
    file: Blob,
    options: { signal?: AbortSignal; onUploadProgress?: (p: UploadProgress) => void },
  ) =>
    new Promise<BioImage>((resolve) =>
      pending.push({
        file,
        signal: options.signal,
        progress: (p) => options.onUploadProgress?.(p),
        finish: resolve,
      }),
    );
  return { client: { datingBio: { uploadDatingBioImage } } as unknown as WingmateClient, pending };
}

const uploadsStore = (client: WingmateClient) =>
  createPhotoUploadsStore(client.datingBio, { onUploaded: jest.fn() });

const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

describe('the photo uploads of the screen (core-sdk’s upload queue, with its refusals in words)', () => {
  it('cancels every upload when the screen closes', () => {
    const { client, pending } = uploadingClient();
    const store = uploadsStore(client);
    const { result, unmount } = renderHook(() => usePhotoUploads(store, 0));
    act(() => result.current.start([photo('a.jpg')]));
    unmount();
    expect(pending[0]!.signal?.aborted).toBe(true);
  });

  it('refuses a file over 10 MB before sending it, in the server’s words', () => {
    const { client, pending } = uploadingClient();
    const store = uploadsStore(client);
    const { result } = renderHook(() => usePhotoUploads(store, 0));
    const huge = new File([new Uint8Array(11 * 1024 * 1024)], 'huge.jpg', { type: 'image/jpeg' });
    act(() => result.current.start([huge]));
    expect(pending).toHaveLength(0);
    expect(result.current.uploads.map(({ name, error }) => ({ name, error }))).toEqual([
      { name: 'huge.jpg', error: 'The image is 11.0 MB; the limit is 10 MB.' },
    ]);
  });
});
