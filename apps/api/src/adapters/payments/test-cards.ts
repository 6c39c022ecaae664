import { createHash } from 'node:crypto';

/** What a Stripe test card does when charged (Stripe's "Testing" page; docs/architecture.md#runtime-pieces). */
export interface TestCard {
  readonly number: string;
  readonly brand: 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay';
  /** Absent = the charge succeeds. */
  readonly decline?: { readonly code: string; readonly message: string };
  /**
   * The card is saved (attached to the customer) and only its charges decline, like Stripe's 0341 card. Every
   * other declining card is refused when it is saved, as Stripe checks a card when it is attached.
   */
  readonly declinesOnlyCharges?: true;
}

const declined = { code: 'card_declined', message: 'Your card was declined.' };
const insufficientFunds = { code: 'insufficient_funds', message: 'Your card has insufficient funds.' };

const cards: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa' },
  { number: '4000056655665556', brand: 'visa' },
  { number: '5555555555554444', brand: 'mastercard' },
  { number: '5200828282828210', brand: 'mastercard' },
  { number: '378282246310005', brand: 'amex' },
  { number: '6011111111111117', brand: 'discover' },
  { number: '3056930009020004', brand: 'diners' },
  { number: '3566002020360505', brand: 'jcb' },
  { number: '6200000000000005', brand: 'unionpay' },
  { number: '4000000000000002', brand: 'visa', decline: declined },
  { number: '4000000000000341', brand: 'visa', decline: declined, declinesOnlyCharges: true },
  { number: '4000000000009995', brand: 'visa', decline: insufficientFunds },
  {
    number: '4000000000009987',
    brand: 'visa',
    decline: { code: 'lost_card', message: 'Your card was declined.' },
  },
  {
    number: '4000000000000069',
    brand: 'visa',
    decline: { code: 'expired_card', message: 'Your card has expired.' },
  },
];

/** Stripe's test payment method ids and the card each stands for. */
const testPaymentMethods: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_mastercard_debit: '5200828282828210',
  pm_card_amex: '378282246310005',
  pm_card_discover: '6011111111111117',
  pm_card_diners: '3056930009020004',
  pm_card_jcb: '3566002020360505',
  pm_card_unionpay: '6200000000000005',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
};

/** Prefix of the local card form's ids: `pm_local_` + the card number's digits (decisions: no tokenising call). */
export const LOCAL_PAYMENT_METHOD_PREFIX = 'pm_local_';

/** The local form's id with the expiry the person typed: `pm_local_<number>_<MMYY>` (the expiry is optional). */
const localPaymentMethod = /^pm_local_(\d{12,19})(?:_(0[1-9]|1[0-2])(\d{2}))?$/;

/**
 * The test card behind a payment method id: Stripe's ids (`pm_card_visa`) or the local form's
 * (`pm_local_4242424242424242`, or `pm_local_4242424242424242_1230` with its expiry). Undefined for anything else.
 */
export function testCardOf(paymentMethodId: string): TestCard | undefined {
  const number = paymentMethodId.startsWith(LOCAL_PAYMENT_METHOD_PREFIX)
    ? localPaymentMethod.exec(paymentMethodId)?.[1]
    : testPaymentMethods[paymentMethodId];
  return cards.find((card) => card.number === number);
}

/** The expiry a local form's id carries (`_MMYY`); null when it carries none (Stripe's test ids neither). */
export function expiryOf(paymentMethodId: string): { month: number; year: number } | null {
  const match = localPaymentMethod.exec(paymentMethodId);
  if (!match?.[2] || !match[3]) return null;
  return { month: Number(match[2]), year: 2000 + Number(match[3]) };
}

/** Like Stripe's, the same for every id of one card number. */
export function fingerprintOf(card: TestCard): string {
  return createHash('sha256').update(`local-card:${card.number}`).digest('hex').slice(0, 16);
}
