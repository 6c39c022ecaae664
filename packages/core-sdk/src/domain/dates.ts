/** The locale dates are shown in unless told otherwise (spec 9, "Date formatting default locale"). */
export const DEFAULT_DATE_LOCALE = 'en';

const defaultFormat: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };

/** `Jan 5, 2024` by default; any `Intl.DateTimeFormat` options and locale may be given. */
export function formatDate(
  value: string | number | Date,
  options: Intl.DateTimeFormatOptions = defaultFormat,
  locale: string = DEFAULT_DATE_LOCALE,
): string {
  return dateFormatter(locale, options).format(new Date(value));
}

// Making an `Intl.DateTimeFormat` costs far more than formatting with one (the locale's data is loaded and
// resolved each time): a list of dates would pay it per row, so each locale and options pair is made once.
const formatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}
