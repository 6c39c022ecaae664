import { dateTimeFormat } from './intl-formatters';

/** The locale dates are shown in unless told otherwise (docs/product.md#constants-and-limits). */
export const DEFAULT_DATE_LOCALE = 'en';

const defaultFormat: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };

/** `Jan 5, 2024` by default; any `Intl.DateTimeFormat` options and locale may be given. */
export function formatDate(
  value: string | number | Date,
  options: Intl.DateTimeFormatOptions = defaultFormat,
  locale: string = DEFAULT_DATE_LOCALE,
): string {
  return dateTimeFormat(locale, options).format(new Date(value));
}
