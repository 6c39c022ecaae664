import type { ReadLine } from './reader';
import { joinWrapped, stitchScreenshots } from './stitch';

const me = (text: string): ReadLine => ({ side: 'me', text });
const them = (text: string): ReadLine => ({ side: 'them', text });

const conversation = [
  them('Hey! How was the hike?'),
  me('Great, we made it to the top'),
  them('Which trail was it?'),
  me('Mount Tam, the steep one'),
  them('Jealous, I have not been'),
  me('We should go sometime'),
  them('I would love that'),
];

describe('stitchScreenshots', () => {
  it('orders screenshots sent in any order by their overlap and keeps the overlapping lines once', () => {
    const first = conversation.slice(0, 3);
    const second = conversation.slice(1, 5);
    const third = conversation.slice(4);
    expect(stitchScreenshots([third, first, second])).toEqual(conversation);
  });

  it('matches overlapping lines despite OCR noise in case, punctuation and a letter, keeping the earlier reading', () => {
    const first = conversation.slice(0, 4);
    const second = [them('which trail was it'), me('Mount Tarn, the steep one.'), ...conversation.slice(4)];
    expect(stitchScreenshots([second, first])).toEqual(conversation);
  });

  it('does not match the same words on the other side', () => {
    const first = [them('Hi'), me('haha')];
    const second = [them('haha'), me('So, Friday?')];
    expect(stitchScreenshots([first, second])).toEqual([...first, ...second]);
  });

  it('keeps the order sent when no screenshots overlap, and drops one captured inside another', () => {
    const first = conversation.slice(0, 2);
    const second = conversation.slice(3, 7);
    const inside = conversation.slice(4, 6);
    expect(stitchScreenshots([first, inside, second, []])).toEqual([...first, ...second]);
  });
});

describe('joinWrapped', () => {
  it("joins a message's wrapped lines with a space, and a word broken after its hyphen without one", () => {
    expect(joinWrapped(['We made it to the', 'top before the  rain'])).toBe(
      'We made it to the top before the rain',
    );
    expect(joinWrapped(['a well-', 'known trail'])).toBe('a well-known trail');
  });
});
