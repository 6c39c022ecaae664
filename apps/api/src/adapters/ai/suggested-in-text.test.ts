import { suggestedInText } from './suggested-in-text';

describe("a configured model's suggested messages, read from its reply (docs/product.md#what-works-for-you)", () => {
  it('reads each labelled line as the prompt asks for it', () => {
    const body = [
      'Here are three openers:',
      '• playful: "Two truths and a lie: go."',
      '• **Witty**: “On a scale from one to Monday, how is your week?”',
      '- sincere - "What made you smile this week?"',
      'Lead with the one that feels most like you.',
    ].join('\n');
    expect(suggestedInText(body, { mode: 'opener', tones: ['sincere', 'witty', 'playful'] })).toEqual([
      { kind: 'opener', tone: 'playful', text: 'Two truths and a lie: go.' },
      { kind: 'opener', tone: 'witty', text: 'On a scale from one to Monday, how is your week?' },
      { kind: 'opener', tone: 'sincere', text: 'What made you smile this week?' },
    ]);
  });

  it('gives unlabelled lines the chosen tone, else the tones asked for in order', () => {
    const body = '1. "Coffee on Thursday?"\n2) Drinks on Friday, my treat?';
    expect(suggestedInText(body, { mode: 'ask_for_date', tone: 'confident' })).toEqual([
      { kind: 'reply', tone: 'confident', text: 'Coffee on Thursday?' },
      { kind: 'reply', tone: 'confident', text: 'Drinks on Friday, my treat?' },
    ]);
    expect(suggestedInText(body, { mode: 'reply', tones: ['flirty', 'sincere'] }).map((s) => s.tone)).toEqual(
      ['flirty', 'sincere'],
    );
  });

  it('offers nothing without a mode, and never more than five', () => {
    expect(suggestedInText('• playful: "hi"', undefined)).toEqual([]);
    expect(suggestedInText('• playful: "hi"', { tone: 'playful' })).toEqual([]);
    const many = Array.from({ length: 8 }, (_, n) => `• witty: "line ${n}"`).join('\n');
    expect(suggestedInText(many, { mode: 'opener' })).toHaveLength(5);
  });
});
