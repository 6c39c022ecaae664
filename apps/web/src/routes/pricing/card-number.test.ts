import {
  cardBrand,
  cardErrors,
  formatCardNumber,
  formatExpiry,
  localPaymentMethodId,
  passesLuhn,
} from './card-number';

const today = new Date('2026-11-23T12:00:00Z');

describe('the local card form rules (docs/decisions.md#money-at-checkout)', () => {
  it.each([
    ['4242 4242 4242 4242', true],
    ['4000 0000 0000 0002', true],
    ['3782 822463 10005', true],
    ['4242 4242 4242 4241', false],
    ['1234', false],
  ])('Luhn check of %s is %s', (number, valid) => {
    expect(passesLuhn(number)).toBe(valid);
  });

  it.each([
    ['4242', 'Visa'],
    ['5555 5555', 'Mastercard'],
    ['2221 00', 'Mastercard'],
    ['3782', 'American Express'],
    ['6011', 'Discover'],
    ['3566', 'JCB'],
    ['9', null],
  ])('tells the brand of %s: %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });

  it('groups the digits as typed, American Express 4-6-5, and drops anything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('1')).toBe('1');
  });

  it('accepts a valid card and makes the local provider id from its digits', () => {
    const card = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' };
    expect(cardErrors(card, today)).toEqual({});
    expect(localPaymentMethodId(card)).toBe('pm_local_4242424242424242_1230');
  });

  it('says what is wrong with each field', () => {
    expect(cardErrors({ number: '', expiry: '', cvc: '' }, today)).toEqual({
      number: 'Enter your card number.',
      expiry: 'Enter the expiry as MM / YY.',
      cvc: 'Enter the 3-digit security code.',
    });
    expect(cardErrors({ number: '4242 4242 4242 4241', expiry: '13 / 30', cvc: '12' }, today)).toEqual({
      number: 'This card number is not valid. Check the digits.',
      expiry: 'Enter a month from 01 to 12.',
      cvc: 'Enter the 3-digit security code.',
    });
    expect(cardErrors({ number: '3782 822463 10005', expiry: '10 / 26', cvc: '123' }, today)).toEqual({
      expiry: 'This card has expired.',
      cvc: 'Enter the 4-digit security code.',
    });
  });

  it('takes a card that expires this month', () => {
    expect(cardErrors({ number: '4242424242424242', expiry: '11 / 26', cvc: '123' }, today)).toEqual({});
  });
});
