import type { BioImage } from '@wingmate/api-contract';
import type { WingmateClient } from '@wingmate/core-sdk';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, isCancelled } from '../../ui/error-message';

/** A dating profile shows at most 9 photos; the server holds the same cap. */
export const MAX_PHOTOS = 9;
/** The server's words for the cap, said before sending what cannot fit. */
export const TOO_MANY_PHOTOS = `You can keep at most ${MAX_PHOTOS} photos; delete one first.`;
/** The server's size limit: a larger file is refused before it is sent (10 MB over a phone line for a refusal). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** The server's words for a file over the limit. */
export function tooLarge(bytes: number): string {
  return `The image is ${(bytes / 1024 / 1024).toFixed(1)} MB; the limit is 10 MB.`;
}

export interface PhotoUpload {
  key: number;
  name: string;
  /** A local preview of the file while it uploads (none where the browser cannot make one). */
  preview?: string;
  /** 0 to 1 once the browser knows the total. */
  fraction?: number;
  /** Why the server refused it, in its words; the upload is over. */
  error?: string;
}

interface Running {
  controller: AbortController;
  preview?: string;
}

function previewOf(file: File): string | undefined {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined;
}

function forget(preview: string | undefined) {
  if (preview && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(preview);
}

let nextKey = 1;

/**
 * Photo uploads in flight: each with its progress and its own cancel, the ones refused kept with the server's
 * words until dismissed. Files past the 9-photo cap or over 10 MB are refused before sending, in the server's words.
 * Leaving the screen cancels all.
 */
export function usePhotoUploads(
  client: WingmateClient,
  { held, onUploaded }: { held: number; onUploaded(image: BioImage): void },
) {
  const [uploads, setUploads] = useState<PhotoUpload[]>([]);
  const running = useRef(new Map<number, Running>());

  useEffect(
    () => () => {
      for (const { controller, preview } of running.current.values()) {
        controller.abort();
        forget(preview);
      }
      running.current.clear();
    },
    [],
  );

  const change = (key: number, patch: Partial<PhotoUpload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)));
  const remove = (key: number) => setUploads((current) => current.filter((upload) => upload.key !== key));

  async function send(file: File, key: number, controller: AbortController) {
    try {
      const image = await client.datingBio.uploadDatingBioImage(file, {
        signal: controller.signal,
        onUploadProgress: ({ fraction }) => change(key, { fraction }),
      });
      remove(key);
      onUploaded(image);
    } catch (error) {
      if (isCancelled(error) || controller.signal.aborted) remove(key);
      else change(key, { error: errorMessage(error), fraction: undefined });
    } finally {
      forget(running.current.get(key)?.preview);
      running.current.delete(key);
    }
  }

  function start(files: readonly File[]) {
    const inFlight = uploads.filter((upload) => !upload.error).length;
    const room = Math.max(0, MAX_PHOTOS - held - inFlight);
    const added: PhotoUpload[] = files.map((file, index) => {
      const key = nextKey++;
      if (index >= room) return { key, name: file.name, error: TOO_MANY_PHOTOS };
      if (file.size > MAX_PHOTO_BYTES) return { key, name: file.name, error: tooLarge(file.size) };
      const controller = new AbortController();
      const preview = previewOf(file);
      running.current.set(key, { controller, preview });
      void send(file, key, controller);
      return { key, name: file.name, preview };
    });
    setUploads((current) => [...current, ...added]);
  }

  function cancel(key: number) {
    running.current.get(key)?.controller.abort();
    remove(key);
  }

  return { uploads, start, cancel, dismiss: remove };
}
