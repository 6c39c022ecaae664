import type { LineSide } from '@wingmate/api-contract';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import type { Worker } from 'tesseract.js';
import { MAX_IMAGE_PIXELS } from '../../images/image-pipeline';
import { bubbleInk, findBubbles, type Bubble } from './bubbles';
import { joinWrapped } from './stitch';

/** A message read from a screenshot: whose it is, and its text on one line. */
export interface ReadLine {
  readonly side: LineSide;
  readonly text: string;
}

/** Reads the messages of one chat screenshot, top to bottom; `onProgress` hears 0-100 as it goes. */
export interface ScreenshotReader {
  read(bytes: Buffer, onProgress: (percent: number) => void): Promise<ReadLine[]>;
  close(): Promise<void>;
}

/**
 * Screenshots are read at this width: a phone's screen in points at 1.5x (chat text about 25 pixels high), which
 * tesseract's English model reads as well as 2x in a third less time; a 3x screenshot shrinks, a 1x one grows.
 */
const READ_WIDTH = 585;
/**
 * A phone's screen is at most about 2.5 times as tall as it is wide; a shape taller than this ratio is refused
 * before decoding (`checkScreenshot`), as at the read width it would decode to hundreds of megabytes.
 */
export const MAX_TALL_RATIO = 8;
/** The tallest image read: the refused shapes' bound, kept by the resize itself as a second guard. */
export const MAX_READ_HEIGHT = READ_WIDTH * MAX_TALL_RATIO;
const READ_DPI = 144;
/** White around and between the bubbles of the page tesseract reads, as a share of the read width. */
const MARGIN_SHARE = 0.03;

/**
 * Offline OCR (docs/product.md#screenshots-to-a-conversation): the bubbles are found and cut out first (that gives
 * each message its side, and leaves tesseract only text to read), stacked as black text on white into one page,
 * read in one pass, and each line read goes back to the bubble it came from; a bubble's wrapped lines join into
 * one. tesseract.js with the English data of `@tesseract.js-data/eng` from node_modules: nothing is downloaded or
 * cached on disk. One worker, started at the first screenshot and reused; `close` ends it.
 */
export class TesseractReader implements ScreenshotReader {
  private worker: Promise<Worker> | undefined;
  private readonly listeners = new Map<string, (percent: number) => void>();

  async read(bytes: Buffer, onProgress: (percent: number) => void): Promise<ReadLine[]> {
    const image = await rgbAtReadWidth(bytes);
    const bubbles = findBubbles(image);
    if (bubbles.length === 0) return [];
    const page = stackBubbles(image, bubbles);
    const worker = await this.started();
    const jobId = randomUUID();
    this.listeners.set(jobId, onProgress);
    try {
      const png = await sharp(page.pixels, { raw: { width: page.width, height: page.height, channels: 1 } })
        .png({ compressionLevel: 1 })
        .toBuffer();
      const { data } = await worker.recognize(png, {}, { blocks: true, text: false }, jobId);
      const texts = bubbles.map(() => [] as string[]);
      for (const block of data.blocks ?? []) {
        for (const paragraph of block.paragraphs) {
          for (const line of paragraph.lines) {
            const centre = (line.bbox.y0 + line.bbox.y1) / 2;
            const index = page.ranges.findIndex((range) => centre >= range.top && centre < range.bottom);
            const text = line.text.trim();
            if (index >= 0 && text) texts[index]!.push(text);
          }
        }
      }
      return bubbles
        .map((bubble, index) => ({ side: bubble.side, text: joinWrapped(texts[index]!) }))
        .filter((line) => line.text.length > 0);
    } finally {
      this.listeners.delete(jobId);
    }
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker).terminate();
  }

  private started(): Promise<Worker> {
    this.worker ??= startWorker((jobId, percent) => this.listeners.get(jobId)?.(percent));
    // A worker that failed to start is not kept: the next screenshot tries again.
    this.worker.catch(() => (this.worker = undefined));
    return this.worker;
  }
}

async function startWorker(progress: (jobId: string, percent: number) => void): Promise<Worker> {
  // Loaded when the first screenshot is read: the server starts (and its tests run) without tesseract's code.
  const { createWorker, OEM, PSM } = await import('tesseract.js');
  const english = createRequire(__filename)('@tesseract.js-data/eng') as { langPath: string };
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: english.langPath,
    gzip: true,
    cacheMethod: 'none',
    logger: (message) => {
      if (message.status === 'recognizing text')
        progress(message.userJobId, Math.round(message.progress * 100));
    },
  });
  await worker.setParameters({
    // The stacked page is one column of text blocks: no page layout to analyse.
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    // A page made in memory has no resolution of its own (tesseract would guess, and warn on stderr).
    user_defined_dpi: String(READ_DPI),
    // In sans-serif fonts a capital I is a bare stroke, which tesseract reads as a pipe; chats have no pipes.
    tessedit_char_blacklist: '|',
  });
  return worker;
}

/** The screenshot upright at the read width, as raw RGB; a shape past `MAX_READ_HEIGHT` shrinks to fit it instead. */
export async function rgbAtReadWidth(bytes: Buffer) {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width: READ_WIDTH, height: MAX_READ_HEIGHT, fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    pixels: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

/** The bubbles' ink one under another, left-aligned, with white between them; `ranges` says which rows are whose. */
function stackBubbles(image: Parameters<typeof findBubbles>[0], bubbles: readonly Bubble[]) {
  const margin = Math.round(image.width * MARGIN_SHARE);
  const width = Math.max(...bubbles.map((bubble) => bubble.width)) + 2 * margin;
  const height = bubbles.reduce((sum, bubble) => sum + bubble.height + margin, margin);
  const pixels = new Uint8Array(width * height).fill(255);
  const ranges: { top: number; bottom: number }[] = [];
  let top = margin;
  for (const bubble of bubbles) {
    const ink = bubbleInk(image, bubble);
    for (let row = 0; row < bubble.height; row++) {
      pixels.set(ink.subarray(row * bubble.width, (row + 1) * bubble.width), (top + row) * width + margin);
    }
    ranges.push({ top, bottom: top + bubble.height });
    top += bubble.height + margin;
  }
  return { pixels, width, height, ranges };
}
