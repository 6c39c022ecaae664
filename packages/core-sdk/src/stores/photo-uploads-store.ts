import type { BioImage } from '@wingmate/api-contract';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '../domain/photo-limits';
import type { DatingBioResource } from '../resources/dating-bio';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

/** A photo to send: its bytes, with the name the person knows it by (a browser `File` is one). */
export interface PhotoFile extends Blob {
  readonly name: string;
}

/** Why a photo was not uploaded: past the cap or over the size limit (refused before sending), or by the server. */
export type PhotoUploadFailure =
  { reason: 'too-many' } | { reason: 'too-large'; bytes: number } | { reason: 'refused'; error: unknown };

export interface PhotoUpload {
  key: number;
  name: string;
  /** A local preview of the file while it uploads (none where the platform cannot make one). */
  preview?: string;
  /** 0 to 1 once the total is known. */
  fraction?: number;
  /** Set when the upload is over without a photo; kept until dismissed. */
  failure?: PhotoUploadFailure;
}

/** Local previews of files being sent (object URLs in a browser), released when their upload ends. */
export interface PhotoPreviews {
  make(file: PhotoFile): string | undefined;
  release(preview: string): void;
}

const noPreviews: PhotoPreviews = { make: () => undefined, release: () => undefined };

export interface PhotoUploadsState {
  uploads: PhotoUpload[];
}

export interface PhotoUploadsStore extends ReadableStore<PhotoUploadsState> {
  /** Sends the files that fit next to the `held` photos; the others are kept as refused, in the server's words. */
  start(files: readonly PhotoFile[], held: number): void;
  /** Cancels one upload through its signal, and forgets it. */
  cancel(key: number): void;
  /** Forgets a refused upload. */
  dismiss(key: number): void;
  /** Cancels every upload still running: the screen that showed them closed. */
  cancelAll(): void;
}

interface Running {
  controller: AbortController;
  preview?: string;
}

/**
 * Photo uploads in flight: each with its progress and its own cancel, the ones refused kept until dismissed. Files
 * past the 9-photo cap or over 10 MB are refused before sending (docs/product.md#dating-bio-photos-profile).
 */
export function createPhotoUploadsStore(
  datingBio: Pick<DatingBioResource, 'uploadDatingBioImage'>,
  { onUploaded, previews = noPreviews }: { onUploaded: (image: BioImage) => void; previews?: PhotoPreviews },
): PhotoUploadsStore {
  const store = createStore<PhotoUploadsState>({ uploads: [] });
  const running = new Map<number, Running>();
  let nextKey = 1;

  const change = (key: number, patch: Partial<PhotoUpload>) =>
    store.setState(({ uploads }) => ({
      uploads: uploads.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)),
    }));
  const remove = (key: number) =>
    store.setState(({ uploads }) => ({ uploads: uploads.filter((upload) => upload.key !== key) }));
  const release = (preview: string | undefined) => {
    if (preview) previews.release(preview);
  };

  async function send(file: PhotoFile, key: number, controller: AbortController) {
    try {
      const image = await datingBio.uploadDatingBioImage(file, {
        signal: controller.signal,
        onUploadProgress: ({ fraction }) => change(key, { fraction }),
      });
      remove(key);
      onUploaded(image);
    } catch (error) {
      if (controller.signal.aborted) remove(key);
      else change(key, { failure: { reason: 'refused', error }, fraction: undefined });
    } finally {
      release(running.get(key)?.preview);
      running.delete(key);
    }
  }

  function start(files: readonly PhotoFile[], held: number) {
    const inFlight = store.getState().uploads.filter((upload) => !upload.failure).length;
    const room = Math.max(0, MAX_PHOTOS - held - inFlight);
    const sends: Array<() => void> = [];
    const added = files.map((file, index): PhotoUpload => {
      const key = nextKey++;
      if (index >= room) return { key, name: file.name, failure: { reason: 'too-many' } };
      if (file.size > MAX_PHOTO_BYTES) {
        return { key, name: file.name, failure: { reason: 'too-large', bytes: file.size } };
      }
      const controller = new AbortController();
      const preview = previews.make(file);
      running.set(key, { controller, preview });
      sends.push(() => void send(file, key, controller));
      return { key, name: file.name, preview };
    });
    // Listed before sending, so the first progress finds its upload.
    store.setState(({ uploads }) => ({ uploads: [...uploads, ...added] }));
    sends.forEach((sendOne) => sendOne());
  }

  function cancel(key: number) {
    running.get(key)?.controller.abort();
    remove(key);
  }

  function cancelAll() {
    for (const { controller, preview } of running.values()) {
      controller.abort();
      release(preview);
    }
    running.clear();
  }

  return {
    ...readSide(store),
    start,
    cancel,
    dismiss: remove,
    cancelAll,
  };
}
