import sharp from 'sharp';
import { MAX_READ_HEIGHT, rgbAtReadWidth } from './reader';

const blank = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();

describe('the image a screenshot is read from', () => {
  it("is a phone's screenshot at 585 pixels wide, as raw RGB", async () => {
    const image = await rgbAtReadWidth(await blank(1170, 2532));
    expect([image.width, image.height]).toEqual([585, 1266]);
    expect(image.pixels).toHaveLength(585 * 1266 * 3);
  });

  it('is never taller than the bound, however narrow the image (it shrinks to fit instead)', async () => {
    const image = await rgbAtReadWidth(await blank(50, 40_000));
    expect(image.height).toBe(MAX_READ_HEIGHT);
    expect(image.width).toBeLessThan(585);
    expect(image.pixels).toHaveLength(image.width * image.height * 3);
  });
});
