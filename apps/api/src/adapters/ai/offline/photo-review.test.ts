import sharp from 'sharp';
import { goodPhoto } from '../../../testing/test-photos';
import { analysePhoto } from './photo-analysis';
import { reviewPhotosFromPixels, scorePhoto } from './photo-review';

async function review(bytes: Buffer) {
  return scorePhoto(1, await analysePhoto(bytes));
}

describe('offline photo review from real pixels (docs/decisions.md#ai-and-images)', () => {
  let good: Buffer;
  beforeAll(async () => {
    good = await goodPhoto();
  });

  it('tells a dark photo its measured brightness and to find light', async () => {
    const dark = await sharp(good).linear(0.2, 0).jpeg().toBuffer();
    const { tips } = await review(dark);
    expect(tips).toContainEqual(
      expect.stringMatching(/^Your photo is dark \(mean brightness \d+\/255\): take it near a window/),
    );
  });

  it('tells a blurred photo it is blurry', async () => {
    const blurred = await sharp(good).blur(12).jpeg().toBuffer();
    expect((await review(blurred)).tips).toContainEqual(
      expect.stringMatching(/^Your photo is blurry \(sharpness \d+/),
    );
  });

  it('tells a small photo its resolution', async () => {
    const small = await sharp(good).resize(300).jpeg().toBuffer();
    expect((await review(small)).tips).toContainEqual(
      expect.stringMatching(/^Your photo is small \(300x375 px\)/),
    );
  });

  it('scores a good photo above the dark, blurred and small ones', async () => {
    const good1 = await review(good);
    const others = await Promise.all([
      sharp(good).linear(0.2, 0).jpeg().toBuffer(),
      sharp(good).blur(12).jpeg().toBuffer(),
      sharp(good).resize(300).jpeg().toBuffer(),
    ]);
    for (const other of others) expect(good1.score).toBeGreaterThan((await review(other)).score);
  });

  it('gives a good photo no warning at all', async () => {
    expect((await review(good)).tips).toEqual([expect.stringMatching(/^Good light, sharp and well framed/)]);
  });

  it('points out a subject at the edge of the frame', async () => {
    const offCentre = await sharp({
      create: { width: 1200, height: 1200, channels: 3, background: '#777777' },
    })
      .composite([{ input: await sharp(good).resize(250, 250).toBuffer(), left: 930, top: 470 }])
      .jpeg()
      .toBuffer();
    expect((await review(offCentre)).tips).toContainEqual(expect.stringMatching(/near the right edge/));
  });

  it('reviews a set: the average score, a summary naming the best photo, and advice to lead with it', async () => {
    const dark = await sharp(good).linear(0.2, 0).jpeg().toBuffer();
    const result = await reviewPhotosFromPixels([
      { id: 11, bytes: dark, width: 1200, height: 1500 },
      { id: 12, bytes: good, width: 1200, height: 1500 },
    ]);
    expect(result.photos.map((photo) => photo.id)).toEqual([11, 12]);
    expect(result.summary).toMatch(/best is photo #12/);
    expect(result.tips).toContainEqual(expect.stringMatching(/^Lead with photo #12/));
    expect(result.score).toBeGreaterThanOrEqual(0);
    expect(result.score).toBeLessThanOrEqual(100);
  });
});
