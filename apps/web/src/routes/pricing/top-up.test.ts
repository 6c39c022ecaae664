import { amountError, cheapestMessageRate, messagesFor } from './top-up';
import { monthly, pack200, pack50, plan } from '../../testing/pricing';

describe('top-up (decisions.md: floor(amount / cheapest metered per-message price))', () => {
  it('finds the cheapest per-message price among metered plans only', () => {
    const pack500 = plan({ id: 3, messages: 500, price: 59.99 });
    expect(cheapestMessageRate([pack50, monthly, pack200, pack500])).toEqual({
      price: 59.99,
      messages: 500,
      currency: 'usd',
    });
    expect(cheapestMessageRate([monthly])).toBeNull();
  });

  it('counts the messages an amount buys in cents, rounding down as the server does', () => {
    const rate = { price: 59.99, messages: 500, currency: 'usd' };
    expect(messagesFor(20, rate)).toBe(166); // 2000 * 500 / 5999 = 166.69
    expect(messagesFor(59.99, rate)).toBe(500);
    expect(messagesFor(1, { price: 9.99, messages: 50, currency: 'usd' })).toBe(5);
  });

  it('takes amounts from $1 to $500 with at most two decimals', () => {
    expect(amountError('20')).toBeNull();
    expect(amountError('12.50')).toBeNull();
    expect(amountError('')).toBe('Enter an amount.');
    expect(amountError('0.5')).toBe('Enter an amount from $1 to $500.');
    expect(amountError('501')).toBe('Enter an amount from $1 to $500.');
    expect(amountError('1.234')).toBe('Enter an amount in dollars, such as 20 or 12.50.');
  });
});
