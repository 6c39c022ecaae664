import type { MatchContext, MatchMemoryRequest } from '../ports';
import { MEMORY_FACTS_MAX, SUMMARY_MAX, summariseOffline } from './match-memory';

const match: MatchContext = {
  name: 'Maya',
  whereMet: 'Hinge',
  profileText: '',
  notes: '',
  summary: '',
  facts: [],
  lines: [
    { side: 'me', text: 'Hi Maya! How was your day?' },
    { side: 'them', text: 'Long. I work as a nurse. Nights are rough.' },
    { side: 'me', text: 'Respect. I love climbing, by the way.' },
    {
      side: 'them',
      text: 'No way! My dog Pixel would love a climbing gym. We are going to Lisbon next week.',
    },
  ],
};

describe('the offline match memory (docs/product.md#how-a-match-memory-works)', () => {
  it('keeps the sentences that state facts, in conversation order, and summarises the thread', () => {
    const memory = summariseOffline({
      match,
      history: [{ role: 'user', body: 'She said she grew up in Porto.' }],
    });
    expect(memory.facts).toEqual([
      'Maya said "I work as a nurse."',
      'You said "I love climbing, by the way."',
      'Maya said "My dog Pixel would love a climbing gym."',
      'Maya said "We are going to Lisbon next week."',
      'You told the wingmate "She said she grew up in Porto."',
    ]);
    expect(memory.summary).toBe(
      'Maya (met on Hinge): 4 recent lines of conversation, 2 from Maya. Newest from Maya: "No way! My dog Pixel ' +
        'would love a climbing gym. We are going to Lisbon next week.". Talked about: work, likes, pets, plans and places.',
    );
  });

  it('answers the same input the same way, and leaves out what a kept fact already says', () => {
    const request: MatchMemoryRequest = {
      match: {
        ...match,
        facts: [{ id: 1, text: 'Maya said "I work as a nurse."', source: 'you', pinned: false }],
      },
      history: [],
    };
    expect(summariseOffline(request)).toEqual(summariseOffline(request));
    expect(summariseOffline(request).facts).not.toContain('Maya said "I work as a nurse."');
  });

  it('bounds the facts and the summary, keeping the newest facts', () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({
      side: 'them' as const,
      text: `I love thing number ${i} ${'and more '.repeat(60)}`,
    }));
    const memory = summariseOffline({ match: { ...match, name: 'N'.repeat(80), lines }, history: [] });
    expect(memory.facts).toHaveLength(MEMORY_FACTS_MAX);
    expect(memory.facts[MEMORY_FACTS_MAX - 1]).toContain('number 39');
    expect(memory.facts.every((fact) => fact.length <= 300)).toBe(true);
    expect(memory.summary.length).toBeLessThanOrEqual(SUMMARY_MAX);
  });

  it('says so when there is no conversation yet', () => {
    expect(summariseOffline({ match: { ...match, lines: [] }, history: [] })).toEqual({
      summary: 'Maya (met on Hinge): no conversation added yet.',
      facts: [],
    });
  });
});
