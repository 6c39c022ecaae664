import { DEFAULT_AFTER_SIGN_IN, safeNextPath, withNext } from './next-path';

describe('safeNextPath: sign-in returns only to paths on this site (docs/decisions.md#screens)', () => {
  it.each([
    ['/pricing', '/pricing'],
    ['/checkout/3?offer=2#pay', '/checkout/3?offer=2#pay'],
    ['/chat/../account', '/account'],
  ])('keeps the same-origin path %s', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['https://evil.example/steal'],
    ['//evil.example/steal'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['pricing'],
    ['/\tevil'],
    ['/login?next=/pricing'],
    ['/signup'],
  ])('falls back to the chat for %s', (raw) => {
    expect(safeNextPath(raw)).toBe(DEFAULT_AFTER_SIGN_IN);
  });
});

describe('withNext', () => {
  it('carries the destination, and leaves the default out of the address', () => {
    expect(withNext('/verify', '/pricing', { method: 'email' })).toBe('/verify?method=email&next=%2Fpricing');
    expect(withNext('/login', DEFAULT_AFTER_SIGN_IN)).toBe('/login');
  });
});
