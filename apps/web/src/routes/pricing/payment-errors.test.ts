import { ApiError } from '@wingmate/core-sdk';
import { CardActionError } from './card-entry';
import { isTrialUsed, paymentErrorMessage } from './payment-errors';

const apiError = (status: number, code: string | null, data: unknown = null, message = 'server words') =>
  new ApiError({ status, code, data, message });

describe('payment failures in plain words (issue 19)', () => {
  it('words declines by their code, and any other 402 as a decline', () => {
    expect(paymentErrorMessage(apiError(402, 'card_declined'))).toBe(
      'Your card was declined. Try another card, or ask your bank why.',
    );
    expect(paymentErrorMessage(apiError(402, 'insufficient_funds'))).toBe(
      'Your card has insufficient funds. Try another card.',
    );
    expect(paymentErrorMessage(apiError(402, 'do_not_honor'))).toBe(
      'Your card was declined. Try another card, or ask your bank why.',
    );
  });

  it('words the one-trial rule and the spending cap with the server detail', () => {
    const trial = apiError(409, 'trial_used');
    expect(isTrialUsed(trial)).toBe(true);
    expect(paymentErrorMessage(trial)).toMatch(/already used a free trial/);
    const cap = apiError(400, 'spending_cap', {
      detail: 'You have $5.00 left this month.',
      code: 'spending_cap',
    });
    expect(paymentErrorMessage(cap)).toBe(
      'This payment would pass your monthly spending cap. You have $5.00 left this month.',
    );
  });

  it('says nothing was charged when the connection or the server failed', () => {
    expect(paymentErrorMessage(apiError(0, 'ERR_NETWORK'))).toMatch(/^No connection. Nothing was charged/);
    expect(paymentErrorMessage(apiError(503, null))).toMatch(/Nothing was charged/);
  });

  it("keeps a field error's message and a card step's own words", () => {
    expect(paymentErrorMessage(apiError(400, null, { plan_id: ['Unknown plan.'] }, 'Unknown plan.'))).toBe(
      'Unknown plan.',
    );
    expect(paymentErrorMessage(new CardActionError('Your bank refused the check.'))).toBe(
      'Your bank refused the check.',
    );
  });
});
