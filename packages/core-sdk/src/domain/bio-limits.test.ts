import { characterCount, fitAgainstLimits } from './bio-limits';

describe('bio length against the apps (docs/product.md#dating-bio-photos-profile: Tinder 500, Bumble 300, a Hinge prompt 150)', () => {
  it('counts an emoji as one character, as the apps do', () => {
    expect(characterCount('Hi 👋')).toBe(4);
  });

  it('says how many characters are left, or over, for each app', () => {
    const text = 'x'.repeat(320);
    expect(fitAgainstLimits(text)).toEqual([
      { app: 'Tinder', limit: 500, left: 180 },
      { app: 'Bumble', limit: 300, left: -20 },
      { app: 'Hinge prompt', limit: 150, left: -170 },
    ]);
  });
});
