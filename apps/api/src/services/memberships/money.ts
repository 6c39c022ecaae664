/** Money is integer cents inside and dollars (JSON numbers) at the edge (docs/decisions.md#memberships-appsapi). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Cents as a decimal string with two places (`"50.00"`): how the spending cap is written, never a float. */
export function centsToDecimal(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A decimal string of dollars (`"50"`, `"49.9"`, `"49.99"`) in cents, with no floating point on the way. */
export function decimalToCents(decimal: string): number {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** `$29.99`, for e-mails and messages people read. */
export function formatUsd(cents: number): string {
  return `$${centsToDecimal(cents)}`;
}

/** An amount in its currency for people: `$29.99` for dollars, `29.99 EUR` otherwise. */
export function formatAmount(cents: number, currency: string): string {
  return currency.toLowerCase() === 'usd'
    ? formatUsd(cents)
    : `${centsToDecimal(cents)} ${currency.toUpperCase()}`;
}
