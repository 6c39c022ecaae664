import { fnv1a32, hashToUnit } from './hash';

describe('fnv1a32 (decisions.md: the variant is picked by hashing uid + name)', () => {
  it.each([
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['foobar', 0xbf9cf968],
  ])('hashes %j to the published FNV-1a 32-bit value', (text, expected) => {
    expect(fnv1a32(text)).toBe(expected);
  });

  it('maps every text into [0, 1)', () => {
    const values = ['', 'a', 'foobar', 'uid-1__abtest_homepage', '\uffff'.repeat(40)].map(hashToUnit);
    for (const value of values) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});
