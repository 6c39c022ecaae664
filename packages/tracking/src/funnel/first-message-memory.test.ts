import { memoryStorage } from '@wingmate/core-sdk';
import { FIRST_MESSAGE_KEY, firstMessageMemory } from './first-message-memory';

describe("a person's first message, as the device knows it (docs/decisions.md#product-funnel-analytics-events)", () => {
  it('is first once per person', () => {
    const memory = firstMessageMemory(memoryStorage());
    expect(memory.isFirst(['uid:a'])).toBe(true);
    expect(memory.isFirst(['uid:a'])).toBe(false);
  });

  it('is not first again when the visitor who chatted signs up', () => {
    const memory = firstMessageMemory(memoryStorage());
    memory.isFirst(['uid:a']);
    expect(memory.isFirst(['uid:a', 'user:7'])).toBe(false);
  });

  it('is not first for a member signing in again on the device under a new uid', () => {
    const memory = firstMessageMemory(memoryStorage());
    memory.isFirst(['uid:a', 'user:7']);
    expect(memory.isFirst(['uid:b', 'user:7'])).toBe(false);
    expect(memory.isFirst(['uid:c'])).toBe(true);
  });

  it('reads unreadable storage as nobody having sent', () => {
    const storage = memoryStorage({ [FIRST_MESSAGE_KEY]: 'not json' });
    expect(firstMessageMemory(storage).isFirst(['uid:a'])).toBe(true);
    expect(JSON.parse(storage.get(FIRST_MESSAGE_KEY) ?? '')).toEqual(['uid:a']);
  });
});
