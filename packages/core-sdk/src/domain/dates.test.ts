import { formatDate } from './dates';

describe('formatDate (spec 9, "Date formatting default locale": en)', () => {
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

describe('default date locale (spec 9: en)', () => {
  it('formats with the locale en when none is given, whatever the machine’s own', () => {
    const format = jest.spyOn(Intl, 'DateTimeFormat');
    formatDate('2024-01-05T12:00:00Z');
    expect(format.mock.calls[0]?.[0]).toBe('en');
    format.mockRestore();
  });
});
