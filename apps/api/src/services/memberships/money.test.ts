import { centsToDecimal, decimalToCents, formatAmount } from './money';

describe('money as decimal strings (the spending cap is never a float)', () => {
  it.each([
    ['50', 5000],
    ['49.9', 4990],
    ['49.99', 4999],
    ['0.07', 7],
    ['100000', 10_000_000],
    ['19.99', 1999],
  ])('reads %p as %p cents', (decimal, cents) => {
    expect(decimalToCents(decimal)).toBe(cents);
  });

  it.each([
    [0, '0.00'],
    [7, '0.07'],
    [4990, '49.90'],
    [10_000_000, '100000.00'],
  ])('writes %p cents as %p', (cents, decimal) => {
    expect(centsToDecimal(cents)).toBe(decimal);
  });

  it('writes dollars with a sign and other currencies with their code', () => {
    expect([formatAmount(2999, 'usd'), formatAmount(2999, 'eur')]).toEqual(['$29.99', '29.99 EUR']);
  });
});
