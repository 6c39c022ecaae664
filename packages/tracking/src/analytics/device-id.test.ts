import { createHash } from 'node:crypto';
import { analyticsDeviceId, sha256Hex } from './device-id';

describe('SHA-256 (FIPS 180-4 test vectors)', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
  ])('hashes %j', (text, hex) => {
    expect(sha256Hex(text)).toBe(hex);
  });

  it.each([55, 56, 63, 64, 65, 200])('agrees with node:crypto on %i bytes (padding across blocks)', (n) => {
    const text = 'a'.repeat(n);
    expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
  });

  it('hashes the UTF-8 bytes of the text', () => {
    expect(sha256Hex('café ☕')).toBe(createHash('sha256').update('café ☕', 'utf8').digest('hex'));
  });
});

describe('the analytics device id (decisions.md: a one-way hash of the uid, never the uid itself)', () => {
  const uid = '3f0b6c2e-8f4a-4d0e-9a55-1c2b3d4e5f60';

  it('is the SHA-256 of the uid, in hex', () => {
    expect(analyticsDeviceId(uid)).toBe(createHash('sha256').update(uid).digest('hex'));
  });

  it('does not contain the uid', () => {
    expect(analyticsDeviceId(uid)).not.toContain(uid);
  });
});
