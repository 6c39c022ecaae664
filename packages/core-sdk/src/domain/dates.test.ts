import { formatDate } from './dates';

describe('formatDate (docs/product.md#constants-and-limits: en)', () => {
  it('formats in English by default', () => {
    expect(
      formatDate('2024-01-05T12:00:00Z', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
    ).toBe('January 5, 2024');
  });

  it('uses a short month, day and year without options', () => {
    expect(formatDate(Date.UTC(2024, 0, 5, 12))).toBe('Jan 5, 2024');
  });

  it('takes another locale when given', () => {
    expect(formatDate('2024-01-05T12:00:00Z', { month: 'long', timeZone: 'UTC' }, 'fr')).toBe('janvier');
  });
});

describe('default date locale (docs/product.md#constants-and-limits: en)', () => {
  it('formats with the locale en when none is given, whatever the machine’s own', () => {
    const format = jest.spyOn(Intl, 'DateTimeFormat');
    expect(formatDate('2024-01-05T12:00:00Z', { weekday: 'long', timeZone: 'UTC' })).toBe('Friday');
    expect(format.mock.calls[0]?.[0]).toBe('en');
    format.mockRestore();
  });
});

describe('formatters (made once per locale and options)', () => {
  it('makes a formatter once for repeated dates, and another for other options or another locale', () => {
    const format = jest.spyOn(Intl, 'DateTimeFormat');
    const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', timeZone: 'UTC' };
    expect(formatDate('2024-03-01T12:00:00Z', options)).toBe('Mar 1');
    expect(formatDate('2024-03-02T12:00:00Z', { ...options })).toBe('Mar 2');
    expect(format).toHaveBeenCalledTimes(1);
    expect(formatDate('2024-03-02T12:00:00Z', { ...options, month: 'long' })).toBe('March 2');
    expect(formatDate('2024-03-02T12:00:00Z', options, 'de')).toBe('2. März');
    expect(format).toHaveBeenCalledTimes(3);
    format.mockRestore();
  });
});
