/** A price less an offer's percent off, in whole cents (rounded half up, as Stripe's coupons round). */
export function discounted(amountCents: number, percentOff: number): number {
  return Math.round((amountCents * (100 - percentOff)) / 100);
}
