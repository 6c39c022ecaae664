import sharp from 'sharp';

/** The same cap the upload pipeline enforces, so a photo that slipped past it is still never decoded. */
const MAX_PIXELS = 40_000_000;
/** Measures are taken on a greyscale copy this big (long side): fast on 12-megapixel photos, fine enough for blur. */
const ANALYSIS_SIZE = 512;

/** What the pixels of one photo say, in units a tip can quote. */
export interface PhotoAnalysis {
  readonly width: number;
  readonly height: number;
  /** Mean luminance, 0..255. */
  readonly brightness: number;
  /** Standard deviation of luminance, 0..128. */
  readonly contrast: number;
  /** Variance of the Laplacian of the downscaled greyscale, at a standard contrast: low means blurry. */
  readonly sharpness: number;
  /** Where the detail (edge energy) sits, 0..1 across and down; 0.5/0.5 is the centre. */
  readonly detailCentre: { readonly x: number; readonly y: number };
}

export async function analysePhoto(bytes: Uint8Array): Promise<PhotoAnalysis> {
  const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
  const { data, info } = await image
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(ANALYSIS_SIZE, ANALYSIS_SIZE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const metadata = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = (turned ? metadata.height : metadata.width) ?? info.width;
  const height = (turned ? metadata.width : metadata.height) ?? info.height;
  return { width, height, ...measure(data, info.width, info.height, info.channels) };
}

function measure(data: Buffer, width: number, height: number, channels: number) {
  const at = (x: number, y: number) => data[(y * width + x) * channels] as number;
  const count = width * height;
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < count; i++) {
    const value = data[i * channels] as number;
    sum += value;
    squares += value * value;
  }
  const mean = sum / count;
  const contrast = Math.sqrt(Math.max(0, squares / count - mean * mean));

  let lapSum = 0;
  let lapSquares = 0;
  let edgeTotal = 0;
  let edgeX = 0;
  let edgeY = 0;
  let inner = 0;
  // A local copy: in a vm context (Jest's test sandbox) each lookup of a global such as Math is slow, and this
  // runs once per pixel.
  const { abs } = Math;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const centre = at(x, y);
      const left = at(x - 1, y);
      const right = at(x + 1, y);
      const up = at(x, y - 1);
      const down = at(x, y + 1);
      const laplacian = left + right + up + down - 4 * centre;
      lapSum += laplacian;
      lapSquares += laplacian * laplacian;
      const edge = abs(right - left) + abs(down - up);
      edgeTotal += edge;
      edgeX += edge * x;
      edgeY += edge * y;
      inner++;
    }
  }
  const lapMean = inner ? lapSum / inner : 0;
  // Measured as if the photo had a standard contrast (stdev 50), so a dark or flat photo is not also called blurry.
  const normalisation = (50 / Math.max(contrast, 5)) ** 2;
  const sharpness = inner ? (lapSquares / inner - lapMean * lapMean) * normalisation : 0;
  const detailCentre = edgeTotal
    ? { x: edgeX / edgeTotal / Math.max(1, width - 1), y: edgeY / edgeTotal / Math.max(1, height - 1) }
    : { x: 0.5, y: 0.5 };
  return { brightness: mean, contrast, sharpness, detailCentre };
}
