import type { BioImage } from '@wingmate/api-contract';
import type { UploadProgress, WingmateClient } from '@wingmate/core-sdk';
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

const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
const image: BioImage = { id: 3, image: 'http://api.test/b.jpg', width: 1, height: 1, created_at: '' };

describe('photo uploads (issue 21: per-photo progress and cancel, through the SDK’s signal and progress)', () => {
  it('follows each upload’s progress, and hands over the stored photo when done', async () => {
    const { client, pending } = uploadingClient();
    const onUploaded = jest.fn();
    const { result } = renderHook(() => usePhotoUploads(client, { held: 0, onUploaded }));
    act(() => result.current.start([photo('a.jpg')]));
    expect(result.current.uploads.map(({ name, fraction }) => ({ name, fraction }))).toEqual([
      { name: 'a.jpg', fraction: undefined },
    ]);
    act(() => pending[0]!.progress({ loaded: 50, total: 100, fraction: 0.5 }));
    expect(result.current.uploads[0]?.fraction).toBe(0.5);
    await act(async () => pending[0]!.finish(image));
    expect(onUploaded).toHaveBeenCalledWith(image);
    expect(result.current.uploads).toEqual([]);
  });

  it('cancels one upload through its AbortSignal, leaving the others running', () => {
    const { client, pending } = uploadingClient();
    const { result } = renderHook(() => usePhotoUploads(client, { held: 0, onUploaded: jest.fn() }));
    act(() => result.current.start([photo('a.jpg'), photo('b.jpg')]));
    act(() => result.current.cancel(result.current.uploads[0]!.key));
    expect(pending.map((upload) => upload.signal?.aborted)).toEqual([true, false]);
    expect(result.current.uploads.map((upload) => upload.name)).toEqual(['b.jpg']);
  });

  it('cancels every upload when the screen closes', () => {
    const { client, pending } = uploadingClient();
    const { result, unmount } = renderHook(() => usePhotoUploads(client, { held: 0, onUploaded: jest.fn() }));
    act(() => result.current.start([photo('a.jpg')]));
    unmount();
    expect(pending[0]!.signal?.aborted).toBe(true);
  });

  it('refuses a file over 10 MB before sending it, in the server’s words', () => {
    const { client, pending } = uploadingClient();
    const { result } = renderHook(() => usePhotoUploads(client, { held: 0, onUploaded: jest.fn() }));
    const huge = new File([new Uint8Array(11 * 1024 * 1024)], 'huge.jpg', { type: 'image/jpeg' });
    act(() => result.current.start([huge]));
    expect(pending).toHaveLength(0);
    expect(result.current.uploads.map(({ name, error }) => ({ name, error }))).toEqual([
      { name: 'huge.jpg', error: 'The image is 11.0 MB; the limit is 10 MB.' },
    ]);
  });
});
