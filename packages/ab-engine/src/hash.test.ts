import { hashToUnit } from './hash';

describe('hashToUnit (docs/product.md#ab-test-assignments: the variant is picked by hashing uid + name)', () => {
  it.each([
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['foobar', 0xbf9cf968],
  ])('maps %j to its published FNV-1a 32-bit value over 2^32', (text, expected) => {
    expect(hashToUnit(text)).toBe(expected / 2 ** 32);
  });

  it('maps every text into [0, 1)', () => {
    const values = ['', 'a', 'foobar', 'uid-1__abtest_homepage', '\uffff'.repeat(40)].map(hashToUnit);
    for (const value of values) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});
