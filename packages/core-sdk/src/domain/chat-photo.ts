/**
 * A photo to send in the chat: its bytes as the app has them (the web's chosen file, a mobile app's own blob),
 * the size in pixels when the app could read it, and what the app shows while it uploads. Choosing, reading and
 * resizing a photo are the app's; the chat store only sends it and reports the upload's progress.
 */
export interface ChatPhoto {
  readonly file: Blob;
  /** The file's own name, shown beside the preview; none for a pasted image. */
  readonly name?: string;
  readonly width?: number;
  readonly height?: number;
  /** A URL the app can show at once (the web's object URL), or null. */
  readonly previewUrl: string | null;
}

/** What the server takes (docs/decisions.md#ai-and-images): the type is checked again there, from the bytes. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

export type PhotoProblem = 'not-an-image' | 'too-large';

/** Why a chosen file cannot be sent as a photo, checked before it is sent; null when it can. */
export function photoProblemOf(file: Pick<Blob, 'type' | 'size'>): PhotoProblem | null {
  if (!file.type.startsWith('image/') || (file.type && !PHOTO_TYPES.includes(file.type)))
    return 'not-an-image';
  if (file.size > PHOTO_MAX_BYTES) return 'too-large';
  return null;
}

export const photoProblemText: Record<PhotoProblem, string> = {
  'not-an-image': 'That file is not a photo we can read. Choose a JPEG, PNG or WebP image.',
  'too-large': 'That photo is over 10 MB. Choose a smaller one.',
};
