import { amountError } from './top-up';

describe('top-up amount (the rule is core-sdk topUpAmountProblem; these are its words)', () => {
  it('words each problem with a typed amount, and none for an amount that can be paid', () => {
    expect(amountError('20')).toBeNull();
    expect(amountError('12.50')).toBeNull();
    expect(amountError('')).toBe('Enter an amount.');
    expect(amountError('0.5')).toBe('Enter an amount from $1 to $500.');
    expect(amountError('501')).toBe('Enter an amount from $1 to $500.');
    expect(amountError('1.234')).toBe('Enter an amount in dollars, such as 20 or 12.50.');
  });
});
