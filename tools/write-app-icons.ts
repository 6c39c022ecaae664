/**
 * Writes the web app's icons and link-preview image (docs/web.md#install-and-link-previews) from
 * apps/web/public/logo-mark.svg into apps/web/public, where they are committed: no build needs sharp.
 * Run it again after the logo changes: `npx tsx tools/write-app-icons.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(__dirname, '../apps/web/public');
const mark = readFileSync(path.join(publicDir, 'logo-mark.svg'), 'utf8');

/** The app's theme (apps/web/src/styles.css): the brand colour behind the mark, the page's canvas and ink. */
const BRAND = '#be123c';
const CANVAS = '#fffbfa';
const INK = '#1f1a1c';
const INK_MUTED = '#5c5256';

/** The mark's drawing (heart and wings) without its rounded tile, in the mark's 64×64 units. */
function markDrawing(): string {
  const found = /<rect\b[^>]*\/>([\s\S]*)<\/svg>\s*$/.exec(mark);
  if (!found?.[1]) throw new Error('logo-mark.svg is no longer a tile <rect> followed by the drawing');
  return found[1];
}

/**
 * The drawing on a full-bleed brand square, scaled about the centre. A maskable icon must keep what matters inside
 * the circle of 40% of its size around the centre (platforms crop the rest); at 0.78 the wing tips, the farthest
 * points, sit 23 units from the centre of the 64-unit square, inside that circle's 25.6.
 */
function fullBleed(scale: number): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
    `<rect width="64" height="64" fill="${BRAND}"/>` +
    `<g transform="translate(32 32) scale(${scale}) translate(-32 -33)">${markDrawing()}</g></svg>`
  );
}

/** The 1200×630 link-preview card: the mark, the name and the line the page's description meta carries. */
function previewCard(): string {
  const tile = Buffer.from(mark).toString('base64');
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">' +
    `<rect width="1200" height="630" fill="${CANVAS}"/>` +
    `<rect y="600" width="1200" height="30" fill="${BRAND}"/>` +
    `<image href="data:image/svg+xml;base64,${tile}" x="110" y="175" width="240" height="240"/>` +
    `<text x="410" y="300" font-family="Fraunces, 'DejaVu Serif', Georgia, serif" font-weight="700" font-size="112" fill="${INK}">Wingmate</text>` +
    `<text x="414" y="380" font-family="Inter, 'DejaVu Sans', Arial, sans-serif" font-size="40" fill="${INK_MUTED}">Your AI companion and dating coach</text>` +
    '</svg>'
  );
}

/** `svgWidth`: the drawing's own width in pixels (64 for the mark), so it is rasterised at the size written. */
async function writePng(
  name: string,
  svg: string,
  size: { width: number; height: number },
  svgWidth = 64,
): Promise<void> {
  const png = await sharp(Buffer.from(svg), { density: (72 * size.width) / svgWidth })
    .resize(size.width, size.height)
    .png({ compressionLevel: 9, palette: true, quality: 90, effort: 10 })
    .toBuffer();
  writeFileSync(path.join(publicDir, name), png);
  console.log(`${name}: ${size.width}×${size.height}, ${(png.length / 1024).toFixed(1)} KB`);
}

const square = (size: number) => ({ width: size, height: size });

async function main(): Promise<void> {
  // "any" icons: the mark as it is, its rounded tile on a transparent square.
  await writePng('icon-192.png', mark, square(192));
  await writePng('icon-512.png', mark, square(512));
  // Maskable: full bleed, the drawing inside the safe zone.
  await writePng('icon-maskable-512.png', fullBleed(0.78), square(512));
  // iOS rounds the corners itself and fills transparency with black, so its icon is full bleed too.
  await writePng('apple-touch-icon.png', fullBleed(0.9), square(180));
  await writePng('og-image.png', previewCard(), { width: 1200, height: 630 }, 1200);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
