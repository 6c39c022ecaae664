export interface StoredObject {
  readonly bytes: Buffer;
  readonly contentType: string;
}

/**
 * Where uploads live: local disk by default, an S3-compatible bucket when `S3_*` is set. Keys are made by the
 * server (`chat/3f9c...e1.jpg`), never from user input.
 */
export interface UploadStorage {
  readonly name: string;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Where a client fetches the object. */
  url(key: string): string;
}

export class StorageError extends Error {
  constructor(
    message: string,
    readonly provider: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

/** Folders and file names of letters, digits, `-` and `_`, one extension: nothing that can climb out of the root. */
const SAFE_KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.[A-Za-z0-9]{1,5}$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.length > 200)
    throw new StorageError(`Refused storage key "${key.slice(0, 80)}"`, 'storage');
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  png: 'image/png',
};

export function contentTypeOfKey(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}
