import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { localDiskStorage } from '../../adapters/storage/local-disk';
import { isProblem, type Problem } from '../../problem';
import { availableParallelism } from 'node:os';
import type { UploadStorage } from '../../adapters/storage/ports';
import {
  HEIC_UNSUPPORTED,
  imageJobs,
  KEPT_WIDTHS,
  processImage,
  putImage,
  storedKeysOf,
  storeImage,
} from './image-pipeline';
import { pngClaiming } from '../../testing/test-images';

function noisyPixels(width: number, height: number, channels = 3): Buffer {
  const pixels = Buffer.alloc(width * height * channels);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + ((i / width) | 0) * 31) % 256;
  return pixels;
}

function photo(width = 800, height = 600) {
  return sharp(noisyPixels(width, height), { raw: { width, height, channels: 3 } });
}

async function problemOf(promise: Promise<unknown>): Promise<Problem> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isProblem(error)) throw new Error(`expected a Problem, got ${String(error)}`);
  return error;
}

describe('image uploads (docs/decisions.md#ai-and-images)', () => {
  it('runs at most one image job per core at a time, however many uploads arrive at once', async () => {
    const png = await photo(1600, 1200).png().toBuffer();
    const cores = availableParallelism();
    const results = await Promise.all(Array.from({ length: cores * 3 + 1 }, () => processImage(png)));
    expect(results.every((result) => result.width === 1600)).toBe(true);
    expect(imageJobs.size).toBe(cores);
    expect(imageJobs.peak).toBe(cores);
  });

  it('rejects a text file named photo.jpg with 415, reading the bytes and not the name', async () => {
    const problem = await problemOf(processImage(Buffer.from('this is not a photo, just text in photo.jpg')));
    expect(problem.statusCode).toBe(415);
    expect(problem.body.detail).toMatch(/JPEG, PNG or WebP/);
  });

  it('rejects an 11 MB upload with 413', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff], 0);
    const problem = await problemOf(processImage(big));
    expect(problem.statusCode).toBe(413);
    expect(problem.body.detail).toMatch(/10 MB/);
  });

  it('rejects a 50-megapixel image from its header, before decoding any pixel', async () => {
    const problem = await problemOf(processImage(pngClaiming(10_000, 5_000)));
    expect(problem.statusCode).toBe(413);
    expect(problem.body.detail).toMatch(/50\.0 megapixels.*40 megapixels/);
  });

  it('answers a truncated JPEG with a clear 400 on the image field', async () => {
    const jpeg = await photo().jpeg().toBuffer();
    const problem = await problemOf(processImage(jpeg.subarray(0, Math.floor(jpeg.length * 0.6))));
    expect(problem.statusCode).toBe(400);
    expect(problem.body).toEqual({ image: [expect.stringMatching(/damaged or incomplete/)] });
  });

  it('refuses HEIC with the decided message when this machine cannot decode it', async () => {
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
    ]);
    const problem = await problemOf(processImage(heic, { heic: false }));
    expect(problem.statusCode).toBe(415);
    expect(problem.body.detail).toBe(HEIC_UNSUPPORTED);
  });

  it('strips EXIF, GPS included, from the stored copy', async () => {
    const withGps = await photo()
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Copyright: 'me' },
        IFD3: { GPSLatitudeRef: 'N', GPSLongitudeRef: 'W' },
      })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const clean = await processImage(withGps);
    expect(clean.smaller).toHaveLength(2);
    for (const size of [clean, ...clean.smaller]) {
      expect((await sharp(size.bytes).metadata()).exif).toBeUndefined();
      expect(size.bytes.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
      expect(size.bytes.includes(Buffer.from('PhoneCo'))).toBe(false);
    }
  });

  it('turns the photo upright by its EXIF orientation before dropping the metadata', async () => {
    const sideways = await photo(800, 600).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const clean = await processImage(sideways);
    expect([clean.width, clean.height]).toEqual([600, 800]);
    expect((await sharp(clean.bytes).metadata()).orientation).toBeUndefined();
  });

  it('re-encodes PNG and WebP to JPEG, and keeps transparency as WebP', async () => {
    expect((await processImage(await photo().png().toBuffer())).contentType).toBe('image/jpeg');
    expect((await processImage(await photo().webp().toBuffer())).contentType).toBe('image/jpeg');
    const transparent = await sharp({
      create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    expect((await processImage(transparent)).contentType).toBe('image/webp');
  });

  describe('smaller widths for srcset (docs/decisions.md#screens)', () => {
    it('keeps 320, 640 and 1080 px wide copies of a large photo, smallest first, at its aspect ratio', async () => {
      const image = await processImage(await photo(1600, 1200).png().toBuffer());
      expect(KEPT_WIDTHS).toEqual([320, 640, 1080]);
      expect(image.smaller.map((size) => [size.width, size.height])).toEqual([
        [320, 240],
        [640, 480],
        [1080, 810],
      ]);
      for (const size of image.smaller) {
        const metadata = await sharp(size.bytes).metadata();
        expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', size.width, size.height]);
        expect(size.bytes.length).toBeLessThan(image.bytes.length);
      }
    });

    it('never upscales: only the widths below the stored one, none for a small photo', async () => {
      const medium = await processImage(await photo(800, 1000).jpeg().toBuffer());
      expect(medium.smaller.map((size) => size.width)).toEqual([320, 640]);
      const small = await processImage(await photo(320, 200).jpeg().toBuffer());
      expect(small.smaller).toEqual([]);
    });

    it('measures widths after turning the photo upright', async () => {
      const sideways = await photo(1200, 700).jpeg().withMetadata({ orientation: 6 }).toBuffer();
      const image = await processImage(sideways);
      expect([image.width, image.height]).toEqual([700, 1200]);
      expect(image.smaller.map((size) => [size.width, size.height])).toEqual([
        [320, 549],
        [640, 1097],
      ]);
    });

    it('keeps transparent photos as WebP in every width', async () => {
      const transparent = await sharp({
        create: { width: 700, height: 700, channels: 4, background: { r: 9, g: 9, b: 9, alpha: 0.5 } },
      })
        .png()
        .toBuffer();
      const image = await processImage(transparent);
      expect(image.contentType).toBe('image/webp');
      for (const size of image.smaller) expect((await sharp(size.bytes).metadata()).format).toBe('webp');
    });
  });

  describe('stored copies', () => {
    let root: string;
    beforeEach(async () => {
      root = await mkdtemp(path.join(tmpdir(), 'wingmate-uploads-'));
    });
    afterEach(async () => {
      await rm(root, { recursive: true, force: true });
    });

    it('stores each upload under a new random name with no user input in it', async () => {
      const storage = localDiskStorage(root);
      const jpeg = await photo(200, 200).jpeg().toBuffer();
      const first = await storeImage(storage, jpeg, 'chat');
      const second = await storeImage(storage, jpeg, 'chat');
      expect(first.key).toMatch(/^chat\/[0-9a-f]{32}\.jpg$/);
      expect(second.key).not.toBe(first.key);
      expect(first.url).toBe(`/uploads/${first.key}`);
      expect((await storage.get(first.key))?.bytes.equals(first.bytes)).toBe(true);
    });

    it('stores every width next to the original under a derived key, each with its URL', async () => {
      const storage = localDiskStorage(root);
      const stored = await storeImage(storage, await photo(1000, 500).jpeg().toBuffer(), 'bio');
      const name = stored.key.slice(0, -'.jpg'.length);
      expect(stored.widths).toEqual([
        { key: `${name}-w320.jpg`, url: `/uploads/${name}-w320.jpg`, width: 320, height: 160 },
        { key: `${name}-w640.jpg`, url: `/uploads/${name}-w640.jpg`, width: 640, height: 320 },
      ]);
      for (const [index, width] of stored.widths.entries()) {
        const file = await storage.get(width.key);
        expect(file?.contentType).toBe('image/jpeg');
        expect(file?.bytes.equals(stored.smaller[index]!.bytes)).toBe(true);
      }
      expect(storedKeysOf(stored.key, stored.widths)).toEqual([
        stored.key,
        `${name}-w320.jpg`,
        `${name}-w640.jpg`,
      ]);
    });

    it('leaves nothing behind when storing one of the widths fails', async () => {
      const disk = localDiskStorage(root);
      const written = new Set<string>();
      const failingOnLast: UploadStorage = {
        ...disk,
        name: 'failing',
        async put(key, bytes, contentType) {
          if (key.endsWith('-w1080.jpg')) throw new Error('bucket unavailable');
          await disk.put(key, bytes, contentType);
          written.add(key);
        },
        delete: (key) => disk.delete(key),
        get: (key) => disk.get(key),
        url: (key) => disk.url(key),
      };
      const image = await processImage(await photo(1400, 700).jpeg().toBuffer());
      await expect(putImage(failingOnLast, image, 'bio')).rejects.toThrow('bucket unavailable');
      expect(written.size).toBe(3);
      for (const key of written) expect(await disk.get(key)).toBeNull();
    });
  });
});
