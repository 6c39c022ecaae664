import { formatMoney } from './plan-text';

describe('formatMoney', () => {
  it('writes each amount with cents in its own currency', () => {
    expect(formatMoney(9.99, 'usd')).toBe('$9.99');
    expect(formatMoney(10)).toBe('$10.00');
    expect(formatMoney(10, 'eur')).toBe('€10.00');
    expect(formatMoney(1234.5, 'GBP')).toBe('£1,234.50');
    expect(formatMoney(1500, 'jpy')).toBe('¥1,500');
  });

  it('writes the currencies we sell in as Intl does, without making a formatter', () => {
    const amounts = [
      0, -0, 0.004, 0.005, 0.1, 1.005, 2.675, 9.99, 10, 999.995, 1000, 1234567.891, 999999999999.995, -0.001,
      -0.005, -5.5, -1234.5,
    ];
    const format = jest.spyOn(Intl, 'NumberFormat');
    const ours = ['usd', 'eur', 'gbp'].flatMap((currency) =>
      amounts.map((amount) => formatMoney(amount, currency)),
    );
    expect(format).not.toHaveBeenCalled();
    format.mockRestore();
    const intl = ['USD', 'EUR', 'GBP'].flatMap((currency) => {
      const formatter = new Intl.NumberFormat('en', { style: 'currency', currency });
      return amounts.map((amount) => formatter.format(amount));
    });
    expect(ours).toEqual(intl);
  });

  it('leaves amounts JavaScript writes with an exponent to Intl', () => {
    expect(formatMoney(1e-7)).toBe('$0.00');
    expect(formatMoney(1e21, 'eur')).toBe('€1,000,000,000,000,000,000,000.00');
  });

  it('makes one Intl formatter per other currency', () => {
    const format = jest.spyOn(Intl, 'NumberFormat');
    expect(formatMoney(5, 'cad')).toBe('CA$5.00');
    expect(formatMoney(7.25, 'CAD')).toBe('CA$7.25');
    expect(format).toHaveBeenCalledTimes(1);
    format.mockRestore();
  });
});
