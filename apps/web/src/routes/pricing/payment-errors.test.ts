import { ApiError, CardActionError } from '@wingmate/core-sdk';
import { isTrialUsed, paymentErrorMessage } from './payment-errors';

// The API's payment words are core-sdk's (packages/core-sdk/src/words); this checks what only the browser adds.
describe('payment failures in the browser', () => {
  it("keeps a card step's own words", () => {
    expect(paymentErrorMessage(new CardActionError('Your bank refused the check.'))).toBe(
      'Your bank refused the check.',
    );
  });

  it("words the API's failures with core-sdk's checkout words", () => {
    expect(paymentErrorMessage(new ApiError({ status: 402, message: 'x', code: 'card_declined' }))).toBe(
      'Your card was declined. Try another card, or ask your bank why.',
    );
  });

  it('knows a refused trial', () => {
    expect(isTrialUsed(new ApiError({ status: 409, message: 'x', code: 'trial_used' }))).toBe(true);
    expect(isTrialUsed(new ApiError({ status: 402, message: 'x', code: 'card_declined' }))).toBe(false);
  });
});
