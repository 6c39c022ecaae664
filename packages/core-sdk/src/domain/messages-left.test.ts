import { messagesLeftToShow } from './messages-left';

describe('messagesLeftToShow (docs/product.md#messages-and-metering)', () => {
  it('is the count of free messages and packs without a subscription', () => {
    expect(messagesLeftToShow({ remaining_messages: 7, has_subscription: false })).toBe(7);
    expect(messagesLeftToShow({ remaining_messages: 0, has_subscription: false })).toBe(0);
  });

  it('is null, shown as "Unlimited", while a subscription or a trial runs, whatever the packs hold', () => {
    expect(messagesLeftToShow({ remaining_messages: 0, has_subscription: true })).toBeNull();
    expect(messagesLeftToShow({ remaining_messages: 12, has_subscription: true })).toBeNull();
  });
});
