import { defaultAbTests, pickVariant } from '@wingmate/ab-engine';
import { memoryStorage } from '@wingmate/core-sdk';
import { predictVariant } from './ab-variant';

const storage = (session: object | null, cookie: object | null) => {
  const places = { session: memoryStorage(), cookie: memoryStorage() };
  if (session) places.session.set('abtests', JSON.stringify(session));
  if (cookie) places.cookie.set('abtests', JSON.stringify(cookie));
  return places;
};

describe('the variant of the first paint, before the A/B engine has loaded', () => {
  it("is the tab's stored value over the cookie's, as the engine reads them", () => {
    const uid = () => 'uid-1';
    expect(
      predictVariant(
        'abtest_homepage',
        storage({ abtest_homepage: 'chat_first' }, { abtest_homepage: 'control' }),
        uid,
      ),
    ).toBe('chat_first');
    expect(predictVariant('abtest_homepage', storage(null, { abtest_homepage: 'control' }), uid)).toBe(
      'control',
    );
  });

  it("is the engine's own sticky pick for the uid when nothing valid is stored", () => {
    for (const uid of ['a', 'b', 'c', 'd', 'e', 'f']) {
      expect(
        predictVariant('abtest_homepage', storage({ abtest_homepage: 'nonsense' }, null), () => uid),
      ).toBe(pickVariant(uid, defaultAbTests.abtest_homepage!));
    }
  });
});
