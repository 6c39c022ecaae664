import type { ChatPhoto } from '@wingmate/core-sdk';

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

/** A chosen file as the chat store sends it, with its name, a preview and its size when the browser reads it. */
export async function readPhoto(file: File): Promise<ChatPhoto> {
  const previewUrl = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
  return { file, name: file.name, previewUrl, ...(await sizeOf(file)) };
}

/** The image among a drop's or a paste's files (a screenshot pasted from the clipboard arrives as one). */
export function imageFileOf(files: FileList | readonly File[] | null | undefined): File | null {
  return [...(files ?? [])].find((file) => file.type.startsWith('image/')) ?? null;
}
