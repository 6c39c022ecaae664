import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import sharp, { type Sharp } from 'sharp';
import type { UploadStorage } from '../../adapters/storage/ports';
import { Problem } from '../../problem';
import { imageTypeOf } from './image-type';
import { JobSlots } from './job-slots';

/** docs/decisions.md#ai-and-images: at most 10 MB and 40 megapixels. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Stored copies are scaled down to this long side: enough for any phone screen and for photo reviews. */
export const STORED_LONG_SIDE = 2560;
/**
 * Smaller widths kept of every stored photo, for `srcset`: a grid cell on a phone (320), the same at 2x or a
 * desktop column (640), a photo across a phone screen at 3x (1080). Only widths below the stored one are made.
 */
export const KEPT_WIDTHS = [320, 640, 1080] as const;

export const HEIC_UNSUPPORTED = 'HEIC photos are not supported yet; please upload a JPEG or PNG.';

/**
 * HEIC only when this machine's libvips decodes it: sharp's prebuilt libheif reads AVIF but not HEVC, and then
 * lists no `.heic` suffix.
 */
export const heicSupported: boolean = sharp.format.heif?.input?.fileSuffix?.includes('.heic') ?? false;

/**
 * Image jobs run at most one per core at a time (docs/decisions.md#money-chat-uploads-and-ai-limits): 16 parallel 40 MP
 * uploads would otherwise decode at once and take hundreds of MB. The checks on the bytes run before a job waits for
 * its slot.
 */
export const imageJobs = new JobSlots(availableParallelism());

/** One encoding of a photo at one size. */
export interface ImageSize {
  readonly bytes: Buffer;
  readonly width: number;
  readonly height: number;
}

export interface ProcessedImage extends ImageSize {
  readonly contentType: 'image/jpeg' | 'image/webp';
  readonly extension: 'jpg' | 'webp';
  /** The same photo at the `KEPT_WIDTHS` below `width`, smallest first; same format, no metadata. */
  readonly smaller: readonly ImageSize[];
}

/** Where one width of a stored photo lives; recorded on the photo's row so every width can be listed and deleted. */
export interface StoredWidth {
  readonly key: string;
  readonly url: string;
  readonly width: number;
  readonly height: number;
}

export interface StoredImage extends ProcessedImage {
  readonly key: string;
  readonly url: string;
  /** The stored `smaller` widths, smallest first (the original is `key`). */
  readonly widths: readonly StoredWidth[];
}

/**
 * Checks an upload and re-encodes it: type from the bytes, size and megapixels from the header before any pixel
 * is decoded, then auto-rotated by EXIF orientation and written without metadata (so EXIF and GPS are gone).
 * Photos with transparency become WebP, the rest JPEG.
 */
export async function processImage(
  bytes: Uint8Array,
  options: { heic?: boolean } = {},
): Promise<ProcessedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw Problem.detail(
      413,
      `The image is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; the limit is 10 MB.`,
    );
  }
  if (bytes.length === 0) throw Problem.field('image', 'The image is empty.');
  const type = imageTypeOf(bytes);
  if (type === 'heic' && !(options.heic ?? heicSupported)) throw Problem.detail(415, HEIC_UNSUPPORTED);
  if (!type)
    throw Problem.detail(
      415,
      'This file is not a photo we can read; please upload a JPEG, PNG or WebP image.',
    );

  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return imageJobs.run(() => reencode(input));
}

/** Reads the header (megapixels checked before any pixel is decoded), then re-encodes without metadata. */
async function reencode(input: Buffer): Promise<ProcessedImage> {
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    metadata = await sharp(input).metadata();
  } catch {
    throw Problem.field('image', 'The image is damaged and cannot be read; please upload it again.');
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (!pixels)
    throw Problem.field('image', 'The image is damaged and cannot be read; please upload it again.');
  if (pixels > MAX_IMAGE_PIXELS) {
    throw Problem.detail(
      413,
      `The image is ${(pixels / 1e6).toFixed(1)} megapixels (${metadata.width}x${metadata.height}); the limit is 40 megapixels.`,
    );
  }

  const webp = metadata.hasAlpha === true;
  let clean: ImageSize;
  try {
    clean = await encode(
      sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
        .rotate()
        .resize(STORED_LONG_SIDE, STORED_LONG_SIDE, { fit: 'inside', withoutEnlargement: true }),
      webp,
    );
  } catch {
    throw Problem.field(
      'image',
      'The image is damaged or incomplete (it may not have finished uploading); please upload it again.',
    );
  }
  return {
    ...clean,
    contentType: webp ? 'image/webp' : 'image/jpeg',
    extension: webp ? 'webp' : 'jpg',
    smaller: await smallerWidths(clean, webp),
  };
}

/** Sharp writes no metadata unless asked, so every encoding here is without EXIF, GPS or ICC comments. */
async function encode(pipeline: Sharp, webp: boolean): Promise<ImageSize> {
  const { data, info } = await (
    webp ? pipeline.webp({ quality: 85 }) : pipeline.jpeg({ quality: 85 })
  ).toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/** Scaled from the clean copy (already upright and stripped), never up: only the kept widths below its own. */
function smallerWidths(clean: ImageSize, webp: boolean): Promise<ImageSize[]> {
  const widths = KEPT_WIDTHS.filter((width) => width < clean.width);
  return Promise.all(widths.map((width) => encode(sharp(clean.bytes).resize({ width }), webp)));
}

/** A new random key for a stored image: 128 random bits, nothing from the user. */
export function randomImageKey(folder: string, extension: string): string {
  return `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
}

/** The key of one smaller width, next to the original's: `bio/3f9c...e1.jpg` -> `bio/3f9c...e1-w320.jpg`. */
export function widthKey(key: string, width: number): string {
  const dot = key.lastIndexOf('.');
  return `${key.slice(0, dot)}-w${width}${key.slice(dot)}`;
}

/**
 * Stores a processed image and each of its smaller widths under a new random name in `folder` (`chat`, `bio`).
 * All or nothing: if any put fails, whatever was written is deleted before the error goes on.
 */
export async function putImage(
  storage: UploadStorage,
  image: ProcessedImage,
  folder: string,
): Promise<StoredImage> {
  const key = randomImageKey(folder, image.extension);
  const files = [
    { key, bytes: image.bytes },
    ...image.smaller.map((size) => ({ key: widthKey(key, size.width), bytes: size.bytes })),
  ];
  const attempted: string[] = [];
  try {
    for (const file of files) {
      attempted.push(file.key);
      await storage.put(file.key, file.bytes, image.contentType);
    }
  } catch (error) {
    // The put's error is the one to report; a failed clean-up only leaves space used, never a readable row.
    await deleteStoredKeys(storage, attempted).catch(() => undefined);
    throw error;
  }
  const widths = image.smaller.map((size) => {
    const sizeKey = widthKey(key, size.width);
    return { key: sizeKey, url: storage.url(sizeKey), width: size.width, height: size.height };
  });
  return { ...image, key, url: storage.url(key), widths };
}

/** Processes an upload and stores the clean copy and its smaller widths (see `putImage`). */
export async function storeImage(
  storage: UploadStorage,
  bytes: Uint8Array,
  folder: string,
): Promise<StoredImage> {
  return putImage(storage, await processImage(bytes), folder);
}

/** Every stored key of a photo: the original and each recorded width. */
export function storedKeysOf(key: string, widths: readonly Pick<StoredWidth, 'key'>[]): string[] {
  return [key, ...widths.map((width) => width.key)];
}

/**
 * Deletes stored files, every one attempted even when one fails; the first failure is thrown after. Used to undo a
 * half-written photo, so nothing is left behind.
 */
export async function deleteStoredKeys(storage: UploadStorage, keys: readonly string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}
