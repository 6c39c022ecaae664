import { dateTimeFormat, numberFormat } from './intl-formatters';

describe('Intl formatters (made once per locale and options)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('gives the same number formatter for equal options, and another for other options or locales', () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    const yen = numberFormat('en', { style: 'currency', currency: 'JPY' });
    expect(numberFormat('en', { style: 'currency', currency: 'JPY' })).toBe(yen);
    expect(made).toHaveBeenCalledTimes(1);
    expect(yen.format(1234)).toBe('¥1,234');
    expect(numberFormat('en', { style: 'currency', currency: 'CHF' }).format(2)).toBe('CHF\u00a02.00');
    expect(numberFormat('de', { style: 'currency', currency: 'JPY' }).format(1234)).toBe('1.234\u00a0¥');
    expect(made).toHaveBeenCalledTimes(3);
  });

  it('gives the same date formatter for equal options, and another for other options', () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    const options: Intl.DateTimeFormatOptions = { weekday: 'short', timeZone: 'UTC' };
    const weekday = dateTimeFormat('en', options);
    expect(dateTimeFormat('en', { ...options })).toBe(weekday);
    expect(weekday.format(Date.UTC(2026, 10, 25))).toBe('Wed');
    expect(dateTimeFormat('en', { ...options, weekday: 'long' }).format(Date.UTC(2026, 10, 25))).toBe(
      'Wednesday',
    );
    expect(made).toHaveBeenCalledTimes(2);
  });
});
