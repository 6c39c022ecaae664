import sharp from 'sharp';

/** One message of a drawn conversation: `me` on the right in the accent colour, `them` on the left in grey. */
export interface DrawnLine {
  readonly side: 'me' | 'them';
  readonly text: string;
}

export interface ChatScreenshotOptions {
  /** Pixels across (390 a phone in points; 1170 the same phone's screenshot at 3x). */
  readonly width?: number;
  readonly height?: number;
}

/** The colours of the drawn app: a light background, an accent bubble with white text, a grey one with black. */
export const DRAWN_COLOURS = {
  background: '#ffffff',
  me: '#0b84fe',
  meText: '#ffffff',
  them: '#e9e9eb',
  themText: '#000000',
} as const;

/** The phone in points (390 wide) the layout is drawn for; wider images scale it up. */
const POINTS_WIDE = 390;
const FONT_SIZE = 17;
const LINE_HEIGHT = 22;
const PADDING_X = 12;
const PADDING_Y = 8;
const GAP = 10;
const MARGIN = 12;
const TOP = 60;
/** DejaVu Sans averages a little under 0.6 em a character: a bubble wraps its text near 70 % of the width. */
const CHARACTER_EM = 0.58;
const BUBBLE_WIDTH = 0.7;

/**
 * A screenshot of a dating app's conversation, drawn with sharp from SVG in DejaVu Sans (Debian's
 * fonts-dejavu-core): bubbles in two colours on two sides, long messages wrapped onto several lines inside one
 * bubble, as phones draw them. Lines that do not fit below the top bar are left out.
 */
export async function drawChatScreenshot(
  lines: readonly DrawnLine[],
  { width = POINTS_WIDE, height = Math.round(width * 2.164) }: ChatScreenshotOptions = {},
): Promise<Buffer> {
  const scale = width / POINTS_WIDE;
  const maxCharacters = Math.floor((POINTS_WIDE * BUBBLE_WIDTH - 2 * PADDING_X) / (FONT_SIZE * CHARACTER_EM));
  const shapes: string[] = [];
  let y = TOP;
  for (const line of lines) {
    const rows = wrap(line.text, maxCharacters);
    const textWidth = Math.max(...rows.map((row) => row.length)) * FONT_SIZE * CHARACTER_EM;
    const bubbleWidth = Math.min(POINTS_WIDE * BUBBLE_WIDTH, textWidth + 2 * PADDING_X);
    const bubbleHeight = rows.length * LINE_HEIGHT + 2 * PADDING_Y;
    if ((y + bubbleHeight) * scale > height) break;
    const x = line.side === 'me' ? POINTS_WIDE - MARGIN - bubbleWidth : MARGIN;
    const fill = line.side === 'me' ? DRAWN_COLOURS.me : DRAWN_COLOURS.them;
    const ink = line.side === 'me' ? DRAWN_COLOURS.meText : DRAWN_COLOURS.themText;
    shapes.push(
      `<rect x="${x}" y="${y}" width="${bubbleWidth}" height="${bubbleHeight}" rx="16" fill="${fill}"/>`,
      ...rows.map(
        (row, index) =>
          `<text x="${x + PADDING_X}" y="${y + PADDING_Y + (index + 0.78) * LINE_HEIGHT}" fill="${ink}">${escapeXml(row)}</text>`,
      ),
    );
    y += bubbleHeight + GAP;
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="${DRAWN_COLOURS.background}"/>` +
    `<g transform="scale(${scale})" font-family="DejaVu Sans" font-size="${FONT_SIZE}">${shapes.join('')}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function wrap(text: string, maxCharacters: number): string[] {
  const rows: string[] = [];
  let row = '';
  for (const word of text.split(' ')) {
    if (row && row.length + 1 + word.length > maxCharacters) {
      rows.push(row);
      row = word;
    } else row = row ? `${row} ${word}` : word;
  }
  rows.push(row);
  return rows;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
