import type { ChatPhoto } from '@wingmate/core-sdk';

/** What the server takes (decisions.md, "Uploaded images"): the type is checked again there, from the bytes. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

export type PhotoProblem = 'not-an-image' | 'too-large';

export function photoProblemOf(file: File): PhotoProblem | null {
  if (!file.type.startsWith('image/') || (file.type && !PHOTO_TYPES.includes(file.type)))
    return 'not-an-image';
  if (file.size > PHOTO_MAX_BYTES) return 'too-large';
  return null;
}

export const photoProblemText: Record<PhotoProblem, string> = {
  'not-an-image': 'That file is not a photo we can read. Choose a JPEG, PNG or WebP image.',
  'too-large': 'That photo is over 10 MB. Choose a smaller one.',
};

/** Width and height from the image's own header (createImageBitmap); unknown when the browser cannot decode it. */
async function sizeOf(file: File): Promise<{ width?: number; height?: number }> {
  if (typeof createImageBitmap !== 'function') return {};
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return {};
  }
}

export async function readPhoto(file: File): Promise<ChatPhoto> {
  const previewUrl = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
  return { file, name: file.name, previewUrl, ...(await sizeOf(file)) };
}

/** The image among a drop's or a paste's files (a screenshot pasted from the clipboard arrives as one). */
export function imageFileOf(files: FileList | readonly File[] | null | undefined): File | null {
  return [...(files ?? [])].find((file) => file.type.startsWith('image/')) ?? null;
}
