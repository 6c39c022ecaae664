import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import type { UploadStorage } from '../../adapters/storage/ports';
import { Problem } from '../../problem';
import { imageTypeOf } from './image-type';
import { JobSlots } from './job-slots';

/** decisions.md, "Uploaded images": at most 10 MB and 40 megapixels. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Stored copies are scaled down to this long side: enough for any phone screen and for photo reviews. */
export const STORED_LONG_SIDE = 2560;

export const HEIC_UNSUPPORTED = 'HEIC photos are not supported yet; please upload a JPEG or PNG.';

/**
 * HEIC only when this machine's libvips decodes it: sharp's prebuilt libheif reads AVIF but not HEVC, and then
 * lists no `.heic` suffix.
 */
export const heicSupported: boolean = sharp.format.heif?.input?.fileSuffix?.includes('.heic') ?? false;

/**
 * Image jobs run at most one per core at a time (decisions.md, last section): 16 parallel 40 MP uploads would
 * otherwise decode at once and take hundreds of MB. The checks on the bytes run before a job waits for its slot.
 */
export const imageJobs = new JobSlots(availableParallelism());

export interface ProcessedImage {
  readonly bytes: Buffer;
  readonly contentType: 'image/jpeg' | 'image/webp';
  readonly extension: 'jpg' | 'webp';
  readonly width: number;
  readonly height: number;
}

export interface StoredImage extends Omit<ProcessedImage, 'bytes'> {
  readonly key: string;
  readonly url: string;
  readonly bytes: Buffer;
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
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize(STORED_LONG_SIDE, STORED_LONG_SIDE, { fit: 'inside', withoutEnlargement: true });
    const { data, info } = await (
      webp ? pipeline.webp({ quality: 85 }) : pipeline.jpeg({ quality: 85 })
    ).toBuffer({
      resolveWithObject: true,
    });
    return {
      bytes: data,
      contentType: webp ? 'image/webp' : 'image/jpeg',
      extension: webp ? 'webp' : 'jpg',
      width: info.width,
      height: info.height,
    };
  } catch {
    throw Problem.field(
      'image',
      'The image is damaged or incomplete (it may not have finished uploading); please upload it again.',
    );
  }
}

/** A new random key for a stored image: 128 random bits, nothing from the user. */
export function randomImageKey(folder: string, extension: string): string {
  return `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
}

/** Processes an upload and stores the clean copy under a random name in `folder` (`chat`, `bio`). */
export async function storeImage(
  storage: UploadStorage,
  bytes: Uint8Array,
  folder: string,
): Promise<StoredImage> {
  const image = await processImage(bytes);
  const key = randomImageKey(folder, image.extension);
  await storage.put(key, image.bytes, image.contentType);
  return { ...image, key, url: storage.url(key) };
}
