import { fnv1a32 } from './fnv1a';

describe('fnv1a32', () => {
  it.each([
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['foobar', 0xbf9cf968],
  ])('hashes %j to the published FNV-1a 32-bit value', (text, expected) => {
    expect(fnv1a32(text)).toBe(expected);
  });

  it('stays an unsigned 32-bit integer', () => {
    const hash = fnv1a32('wingmate visitor 0a1b2c');
    expect(Number.isInteger(hash)).toBe(true);
    expect(hash).toBeGreaterThanOrEqual(0);
    expect(hash).toBeLessThan(2 ** 32);
  });
});
