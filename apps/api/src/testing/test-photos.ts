import sharp from 'sharp';

/**
 * A generated "good" photo for tests and benchmarks: a bright textured subject in the middle of a gradient
 * background, with fine noise, so exposure, contrast, sharpness and framing all measure well.
 */
export function scenePixels(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  // Local copies: inside Jest's sandbox every lookup of the global Math crosses contexts, which made this loop
  // take 1.4 s for one 1200x1500 photo instead of a few milliseconds.
  const { floor, imul, max, min } = Math;
  let seed = 12345;
  const random = () => (seed = (imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cx = (x - width / 2) / (width / 4);
      const cy = (y - height / 2) / (height / 4);
      const stripes = floor(x / 24 + y / 24) % 2 ? 50 : 0;
      const base = cx * cx + cy * cy < 1 ? 170 + stripes : 60 + (y / height) * 80;
      const value = max(0, min(255, base + (random() - 0.5) * 40));
      const i = (y * width + x) * 3;
      pixels[i] = value;
      pixels[i + 1] = value * 0.9;
      pixels[i + 2] = value * 0.8;
    }
  }
  return pixels;
}

const photos = new Map<string, Promise<Buffer>>();

/** The scene as a JPEG. The same size gives the same bytes, so each size is encoded once per test file. */
export async function goodPhoto(width = 1200, height = 1500): Promise<Buffer> {
  const key = `${width}x${height}`;
  let photo = photos.get(key);
  if (!photo) {
    photo = sharp(scenePixels(width, height), { raw: { width, height, channels: 3 } })
      .jpeg()
      .toBuffer();
    photos.set(key, photo);
    photo.catch(() => photos.delete(key));
  }
  return Buffer.from(await photo); // a copy: a caller may change its bytes
}
