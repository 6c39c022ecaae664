import {
  TOO_MANY_PHOTOS,
  tooLarge,
  type PhotoFile,
  type PhotoUpload as QueuedUpload,
  type PhotoUploadFailure,
  type PhotoUploadsStore,
} from '@wingmate/core-sdk';
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { errorMessage } from '../../ui/error-message';

export interface PhotoUpload extends Omit<QueuedUpload, 'failure'> {
  /** Why it was refused, in the server's words; the upload is over. */
  error?: string;
}

function failureWords(failure: PhotoUploadFailure): string {
  if (failure.reason === 'too-many') return TOO_MANY_PHOTOS;
  if (failure.reason === 'too-large') return tooLarge(failure.bytes);
  return errorMessage(failure.error);
}

/**
 * The screen's photo uploads (core-sdk's upload queue) next to the `held` photos, with refusals in words. Leaving
 * the screen cancels all.
 */
export function usePhotoUploads(store: PhotoUploadsStore, held: number) {
  useEffect(() => () => store.cancelAll(), [store]);
  const queued = useStore(store, (state) => state.uploads);
  const uploads = useMemo(
    () =>
      queued.map(({ failure, ...upload }): PhotoUpload =>
        failure ? { ...upload, error: failureWords(failure) } : upload,
      ),
    [queued],
  );
  return {
    uploads,
    start: (files: readonly PhotoFile[]) => store.start(files, held),
    cancel: (key: number) => store.cancel(key),
    dismiss: (key: number) => store.dismiss(key),
  };
}
