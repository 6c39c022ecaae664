import type { LineSide } from '@wingmate/api-contract';

/** An image as raw pixels, three channels (RGB) a pixel, row after row. */
export interface RgbImage {
  readonly pixels: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** A message bubble found in a screenshot: where it is, whose side, and its fill colour. */
export interface Bubble {
  readonly side: LineSide;
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  readonly fill: readonly [number, number, number];
}

/** Colours nearer than this (the largest channel difference) count as the same colour. */
const SAME_COLOUR = 12;
/** Of a bubble's box, the share its fill covers: text lines alone (times, names) cover far less. */
const MIN_FILL_SHARE = 0.5;
/** A band wider than this share of the image is a bar (a header, a text field), not a message. */
const MAX_BUBBLE_SHARE = 0.92;
/** Bubbles lower than this share of the width are dots or lines, not messages. */
const MIN_BUBBLE_HEIGHT_SHARE = 0.04;

/**
 * Finds the message bubbles of a chat screenshot (docs/product.md#screenshots-to-a-conversation): the background
 * is the most common colour; rows with anything else on them form bands, one bubble each (chat apps stack their
 * bubbles, never side by side); a band is a bubble when one colour fills most of it and the screenshot's edge does
 * not cut it. A bubble on the right is the person's (`me`), on the left the match's; a bubble across the middle
 * goes by its colour, the accent (a saturated colour) being the person's and grey the match's.
 */
export function findBubbles(image: RgbImage): Bubble[] {
  const background = mostCommonColour(image, 0, image.height);
  const bubbles: Bubble[] = [];
  let bandTop = -1;
  for (let y = 0; y <= image.height; y++) {
    const occupied = y < image.height && rowDiffers(image, y, background);
    if (occupied && bandTop < 0) bandTop = y;
    if (!occupied && bandTop >= 0) {
      // A bubble cut by the top or bottom edge is read whole from the screenshot before or after.
      const cut = bandTop === 0 || y === image.height;
      const bubble = cut ? undefined : bubbleOf(image, bandTop, y, background);
      if (bubble) bubbles.push(bubble);
      bandTop = -1;
    }
  }
  return bubbles;
}

function bubbleOf(
  image: RgbImage,
  top: number,
  bottom: number,
  background: readonly [number, number, number],
): Bubble | undefined {
  const { pixels, width } = image;
  if (bottom - top < width * MIN_BUBBLE_HEIGHT_SHARE) return undefined;
  const fill = mostCommonColour(image, top, bottom, background);
  let left = width;
  let right = -1;
  let filled = 0;
  for (let y = top; y < bottom; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (near(pixels, i, fill)) {
        filled++;
        if (x < left) left = x;
        if (x > right) right = x;
      }
    }
  }
  const boxWidth = right - left + 1;
  if (right < 0 || boxWidth > width * MAX_BUBBLE_SHARE) return undefined;
  if (filled < boxWidth * (bottom - top) * MIN_FILL_SHARE) return undefined;
  const centre = (left + right) / 2 / width;
  const side: LineSide =
    centre > 0.55 ? 'me' : centre < 0.45 ? 'them' : saturation(fill) > 0.3 ? 'me' : 'them';
  return { side, left, top, width: boxWidth, height: bottom - top, fill };
}

/**
 * A bubble as black text on white, for OCR: each pixel by how far it is from the fill (white text on the accent
 * colour and black text on grey both come out dark), the contrast stretched to the bubble's farthest pixel, and
 * what lies outside the fill on each row (the rounded corners, the background) left white.
 */
export function bubbleInk(image: RgbImage, bubble: Bubble): Uint8Array {
  const { pixels, width } = image;
  const out = new Uint8Array(bubble.width * bubble.height).fill(255);
  const distances = new Uint16Array(bubble.width * bubble.height);
  let farthest = 1;
  for (let row = 0; row < bubble.height; row++) {
    const rowStart = ((bubble.top + row) * width + bubble.left) * 3;
    let first = -1;
    let last = -1;
    for (let col = 0; col < bubble.width; col++) {
      if (near(pixels, rowStart + col * 3, bubble.fill)) {
        if (first < 0) first = col;
        last = col;
      }
    }
    for (let col = first; first >= 0 && col <= last; col++) {
      const i = rowStart + col * 3;
      const r = pixels[i]! - bubble.fill[0];
      const g = pixels[i + 1]! - bubble.fill[1];
      const b = pixels[i + 2]! - bubble.fill[2];
      const distance = (r < 0 ? -r : r) + (g < 0 ? -g : g) + (b < 0 ? -b : b);
      distances[row * bubble.width + col] = distance + 1;
      if (distance > farthest) farthest = distance;
    }
  }
  for (let i = 0; i < distances.length; i++) {
    const distance = distances[i]!;
    if (distance > 0) out[i] = 255 - (255 * (distance - 1)) / farthest;
  }
  return out;
}

function rowDiffers(image: RgbImage, y: number, background: readonly [number, number, number]): boolean {
  const { pixels, width } = image;
  let differing = 0;
  for (let x = 0, i = y * width * 3; x < width; x++, i += 3) {
    // Two pixels at least: one stray pixel (noise, JPEG's ringing) does not start a band.
    if (!near(pixels, i, background) && ++differing >= 2) return true;
  }
  return false;
}

/**
 * The most common colour of rows [top, bottom), leaving out `except` (colours counted in steps of 8 a channel,
 * every third pixel: enough to tell a background or a fill apart, cheap on a 12-megapixel screenshot).
 */
function mostCommonColour(
  image: RgbImage,
  top: number,
  bottom: number,
  except?: readonly [number, number, number],
): [number, number, number] {
  const { pixels, width } = image;
  const counts = new Map<number, number>();
  let best = 0;
  let bestCount = 0;
  for (let i = top * width * 3; i < bottom * width * 3; i += 9) {
    if (except && near(pixels, i, except)) continue;
    const key = ((pixels[i]! >> 3) << 10) | ((pixels[i + 1]! >> 3) << 5) | (pixels[i + 2]! >> 3);
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count > bestCount) {
      best = key;
      bestCount = count;
    }
  }
  return [((best >> 10) << 3) + 4, (((best >> 5) & 31) << 3) + 4, ((best & 31) << 3) + 4];
}

function near(pixels: Uint8Array, i: number, colour: readonly [number, number, number]): boolean {
  // No Math calls in the loops over every pixel: inside Jest's sandbox each global lookup crosses contexts.
  const r = pixels[i]! - colour[0];
  const g = pixels[i + 1]! - colour[1];
  const b = pixels[i + 2]! - colour[2];
  return (
    r <= SAME_COLOUR &&
    -r <= SAME_COLOUR &&
    g <= SAME_COLOUR &&
    -g <= SAME_COLOUR &&
    b <= SAME_COLOUR &&
    -b <= SAME_COLOUR
  );
}

function saturation([r, g, b]: readonly [number, number, number]): number {
  const max = Math.max(r, g, b);
  return max === 0 ? 0 : (max - Math.min(r, g, b)) / max;
}
