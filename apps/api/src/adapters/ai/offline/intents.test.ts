import { asksForMore, recognise } from './intents';
import { intentCases } from './intents.cases';

describe('offline intent recognition (docs/architecture.md#runtime-pieces)', () => {
  it.each(intentCases)('reads %j as %s', (message, intent) => {
    expect(recognise(message).intent).toBe(intent);
  });

  it('has at least four examples of every intent', () => {
    const counts = new Map<string, number>();
    for (const [, intent] of intentCases) counts.set(intent, (counts.get(intent) ?? 0) + 1);
    expect([...counts.values()].every((count) => count >= 4)).toBe(true);
    expect(counts.size).toBe(7);
  });

  it('treats "another one" as a request for more of the same', () => {
    expect(asksForMore('another one!')).toBe(true);
    expect(asksForMore('I want another dog someday, what do you think about dogs')).toBe(false);
  });
});
