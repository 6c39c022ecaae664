/**
 * The local provider's card form rules (docs/decisions.md#money-at-checkout): the number passes the Luhn check,
 * the expiry is not past, the CVC has 3 or 4 digits. The form sends `pm_local_<number>_<MMYY>`
 * (docs/decisions.md#memberships-appsapi).
 */

export type CardBrand =
  'Visa' | 'Mastercard' | 'American Express' | 'Discover' | 'Diners Club' | 'JCB' | 'UnionPay';

/** Prefix of the local card form's payment method ids; the number's digits follow. */
export const LOCAL_PAYMENT_METHOD_PREFIX = 'pm_local_';

export const digitsOf = (value: string) => value.replace(/\D/g, '');

/** The Luhn checksum every real card number passes. */
export function passesLuhn(number: string): boolean {
  const digits = digitsOf(number);
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const brandPrefixes: Array<[CardBrand, RegExp]> = [
  ['American Express', /^3[47]/],
  ['Diners Club', /^3(0[0-5]|[689])/],
  ['JCB', /^35/],
  ['Visa', /^4/],
  ['Mastercard', /^(5[1-5]|2[2-7])/],
  ['Discover', /^(6011|65|64[4-9])/],
  ['UnionPay', /^62/],
];

/** The brand a number's first digits tell, or null while they tell none. */
export function cardBrand(number: string): CardBrand | null {
  const digits = digitsOf(number);
  return brandPrefixes.find(([, prefix]) => prefix.test(digits))?.[0] ?? null;
}

/** `4242 4242 4242 4242`, or `3782 822463 10005` for American Express, as typed. */
export function formatCardNumber(value: string): string {
  const digits = digitsOf(value).slice(0, 19);
  const groups = cardBrand(digits) === 'American Express' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** `MM / YY` as typed: the slash comes after the month. */
export function formatExpiry(value: string): string {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardInput, string>>;

function expiryError(expiry: string, now: Date): string | undefined {
  const digits = digitsOf(expiry);
  if (digits.length !== 4) return 'Enter the expiry as MM / YY.';
  const month = Number(digits.slice(0, 2));
  const year = 2000 + Number(digits.slice(2));
  if (month < 1 || month > 12) return 'Enter a month from 01 to 12.';
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth) return 'This card has expired.';
  return undefined;
}

/** What is wrong with each field, in words; an empty object when the card can be sent. */
export function cardErrors(card: CardInput, now: Date): CardErrors {
  const errors: CardErrors = {};
  const number = digitsOf(card.number);
  if (number.length === 0) errors.number = 'Enter your card number.';
  else if (!passesLuhn(number)) errors.number = 'This card number is not valid. Check the digits.';
  const expiry = expiryError(card.expiry, now);
  if (expiry) errors.expiry = expiry;
  const cvcLength = cardBrand(number) === 'American Express' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim()))
    errors.cvc = `Enter the ${cvcLength}-digit security code.`;
  return errors;
}

/** `pm_local_<number>_<MMYY>`: the local provider keeps the expiry with the card, so the account page can show it. */
export const localPaymentMethodId = (card: Pick<CardInput, 'number' | 'expiry'>) =>
  `${LOCAL_PAYMENT_METHOD_PREFIX}${digitsOf(card.number)}_${digitsOf(card.expiry)}`;
