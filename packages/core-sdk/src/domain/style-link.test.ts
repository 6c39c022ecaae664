import { styleLinkIndex } from './style-link';

const unscored = { suggestions: [{ sounds_like_you: null }] };
const scored = { suggestions: [{ sounds_like_you: 70 }] };
const none = { suggestions: [] };

describe('where the way to Sounds like me is offered (docs/product.md#sounds-like-me)', () => {
  it('under the newest message with suggestions, while they have no score', () => {
    expect(styleLinkIndex([unscored, {}, unscored, none])).toBe(2);
  });

  it('nowhere once the newest suggestions are scored, or when none were offered', () => {
    expect(styleLinkIndex([unscored, scored, none])).toBe(-1);
    expect(styleLinkIndex([{}, none])).toBe(-1);
  });
});
