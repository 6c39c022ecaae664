import { formatMoney } from './plan-text';

describe('formatMoney', () => {
  it('writes each amount with cents in its own currency, one formatter per currency', () => {
    const format = jest.spyOn(Intl, 'NumberFormat');
    expect(formatMoney(9.99, 'usd')).toBe('$9.99');
    expect(formatMoney(10)).toBe('$10.00');
    expect(formatMoney(10, 'eur')).toBe('€10.00');
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(format).toHaveBeenCalledTimes(2);
    format.mockRestore();
  });
});
