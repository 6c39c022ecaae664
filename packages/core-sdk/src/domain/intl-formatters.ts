/*
 * Making an `Intl` formatter costs far more than formatting with one (the locale's data is loaded and resolved
 * each time; the first on a page 40-75 ms of main thread in Chromium): a list of dates or prices would pay it per
 * row, so each locale and options pair is made once and kept.
 */

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** The `Intl.DateTimeFormat` of `locale` and `options`, made on first use. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(dateFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** The `Intl.NumberFormat` of `locale` and `options`, made on first use. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

function kept<F>(formats: Map<string, F>, locale: string, options: object, make: () => F): F {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}
