import sharp from 'sharp';
import { drawChatScreenshot } from '../../../testing/chat-screenshots';
import { bubbleInk, findBubbles, type RgbImage } from './bubbles';

async function rgb(png: Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { pixels: data, width: info.width, height: info.height };
}

describe('findBubbles', () => {
  it('finds each bubble once, top to bottom, with its side, a wrapped message being one bubble', async () => {
    const image = await rgb(
      await drawChatScreenshot([
        { side: 'them', text: 'Hey there' },
        { side: 'me', text: 'Hi! This message is long enough to wrap onto a second and third line' },
        { side: 'them', text: 'Nice' },
      ]),
    );
    const bubbles = findBubbles(image);
    expect(bubbles.map((bubble) => bubble.side)).toEqual(['them', 'me', 'them']);
    expect(bubbles[1]!.height).toBeGreaterThan(2 * bubbles[0]!.height);
    expect(bubbles[0]!.left).toBeLessThan(image.width / 4);
    expect(bubbles[1]!.left + bubbles[1]!.width).toBeGreaterThan((image.width * 3) / 4);
    expect(bubbles.every((bubble, index) => index === 0 || bubble.top > bubbles[index - 1]!.top)).toBe(true);
  });

  it('finds no bubble in a screenshot without any, nor one cut by the edge', async () => {
    const blank = await rgb(await drawChatScreenshot([]));
    expect(findBubbles(blank)).toEqual([]);
    const full = await rgb(await drawChatScreenshot([{ side: 'me', text: 'Hello' }]));
    const cut = { ...full, pixels: full.pixels.subarray(75 * full.width * 3), height: full.height - 75 };
    expect(findBubbles(cut)).toEqual([]);
  });

  it('turns white text on the accent colour into dark ink on white', async () => {
    const image = await rgb(await drawChatScreenshot([{ side: 'me', text: 'Hello' }]));
    const [bubble] = findBubbles(image);
    const ink = bubbleInk(image, bubble!);
    const darkest = ink.reduce((low, value) => (value < low ? value : low), 255);
    const white = ink.filter((value) => value > 200).length;
    expect(darkest).toBeLessThan(60);
    expect(white / ink.length).toBeGreaterThan(0.6);
  });
});
