import type { ChatRequest, MatchContext, ReplyHelper } from './ports';
import { suggestedInText } from './suggested-in-text';

const asked = (body: string, more: Partial<ChatRequest> = {}): ChatRequest => ({
  persona: 'coach',
  profile: { answers: [], questionnaire: [] },
  history: [],
  message: { body },
  seed: 1,
  ...more,
});
const withHelper = (helper: ReplyHelper) => asked('help me', { helper });
const match: MatchContext = {
  name: 'Sam',
  whereMet: '',
  profileText: '',
  notes: '',
  summary: '',
  facts: [],
  lines: [],
};

describe("a configured model's suggested messages, read from its reply (docs/product.md#what-works-for-you)", () => {
  it('reads each labelled line as the prompt asks for it', () => {
    const body = [
      'Here are three openers:',
      '• playful: "Two truths and a lie: go."',
      '• **Witty**: “On a scale from one to Monday, how is your week?”',
      '- sincere - "What made you smile this week?"',
      'Lead with the one that feels most like you.',
    ].join('\n');
    expect(
      suggestedInText(body, withHelper({ mode: 'opener', tones: ['sincere', 'witty', 'playful'] })),
    ).toEqual([
      { kind: 'opener', tone: 'playful', text: 'Two truths and a lie: go.' },
      { kind: 'opener', tone: 'witty', text: 'On a scale from one to Monday, how is your week?' },
      { kind: 'opener', tone: 'sincere', text: 'What made you smile this week?' },
    ]);
  });

  it('gives unlabelled lines the chosen tone, else the tones asked for in order', () => {
    const body = '1. "Coffee on Thursday?"\n2) Drinks on Friday, my treat?';
    expect(suggestedInText(body, withHelper({ mode: 'ask_for_date', tone: 'confident' }))).toEqual([
      { kind: 'reply', tone: 'confident', text: 'Coffee on Thursday?' },
      { kind: 'reply', tone: 'confident', text: 'Drinks on Friday, my treat?' },
    ]);
    expect(
      suggestedInText(body, withHelper({ mode: 'reply', tones: ['flirty', 'sincere'] })).map((s) => s.tone),
    ).toEqual(['flirty', 'sincere']);
  });

  it('offers nothing in a reply that suggests no message, and never more than five', () => {
    expect(suggestedInText('• playful: "hi"', asked('how was your day?'))).toEqual([]);
    expect(
      suggestedInText('• playful: "hi"', asked('how was your day?', { helper: { tone: 'playful' } })),
    ).toEqual([]);
    const many = Array.from({ length: 8 }, (_, n) => `• witty: "line ${n}"`).join('\n');
    expect(suggestedInText(many, withHelper({ mode: 'opener' }))).toHaveLength(5);
    expect(suggestedInText(many, asked('give me an opener for a climber'))).toHaveLength(5);
  });
});

describe('the messages a plain chat or a coaching answer offers, without the helper (docs/product.md#chat)', () => {
  const body = [
    'Keep it light:',
    '• witty: "Is your dog the one who picked that jacket?"',
    '• sincere: "Your trip to Lisbon looks amazing. What was the best part?"',
    '- Ask about something in their photos',
    '• "Hey, how is your week?"',
  ].join('\n');

  it('reads only the labelled, quoted lines, as openers when an opener was asked for', () => {
    expect(suggestedInText(body, asked('give me an opener for a dog person'))).toEqual([
      { kind: 'opener', tone: 'witty', text: 'Is your dog the one who picked that jacket?' },
      { kind: 'opener', tone: 'sincere', text: 'Your trip to Lisbon looks amazing. What was the best part?' },
    ]);
  });

  it('reads them as replies when helping to answer a match, and in a coaching chat', () => {
    const reply = suggestedInText(body, asked('how do I reply to "I just got back from Lisbon"?'));
    expect(reply.map((s) => s.kind)).toEqual(['reply', 'reply']);
    expect(suggestedInText(body, asked('what now?', { match })).map((s) => s.kind)).toEqual([
      'reply',
      'reply',
    ]);
  });

  it('reads a bio line for bio help', () => {
    expect(
      suggestedInText('• playful: "Pasta first, questions later."', asked('can you help with my bio?')),
    ).toEqual([{ kind: 'bio_line', tone: 'playful', text: 'Pasta first, questions later.' }]);
  });
});
