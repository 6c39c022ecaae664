import type { ChatRequest, UserProfile } from '../ports';
import { OFFLINE_MODEL, offlineModel, REPLY_MAX } from './offline-model';

const profile: UserProfile = {
  firstName: 'Sam',
  answers: [
    { question: 'What do you do for fun?', text: 'Rock climbing, baking sourdough and bad puns' },
    { question: 'What are you looking for?', text: 'Something serious' },
  ],
  questionnaire: [{ question: 'Favourite weekend plan?', text: 'Farmers market' }],
};
const emptyProfile: UserProfile = { answers: [], questionnaire: [] };

function chat(body: string, overrides: Partial<ChatRequest> = {}): ChatRequest {
  return { persona: 'coach', profile, history: [], message: { body }, seed: 7, ...overrides };
}

const model = offlineModel();

describe('offline chat replies (docs/architecture.md#runtime-pieces)', () => {
  it('answers the same message and seed with the same reply', async () => {
    const first = await model.reply(chat('give me an opener'));
    const second = await model.reply(chat('give me an opener'));
    expect(second.body).toBe(first.body);
  });

  it('varies its wording across seeds', async () => {
    const bodies = new Set<string>();
    for (let seed = 0; seed < 12; seed++) bodies.add((await model.reply(chat('hey', { seed }))).body);
    expect(bodies.size).toBeGreaterThanOrEqual(3);
  });

  it('labels its replies as the offline model', async () => {
    expect((await model.reply(chat('hi'))).model).toEqual({ name: 'wingmate-offline-1', offline: true });
    expect(model.info).toEqual(OFFLINE_MODEL);
  });

  it('logs once at start that it is the offline model', () => {
    const log = { info: jest.fn<void, unknown[]>(), warn: jest.fn() };
    offlineModel(log);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(String(log.info.mock.calls[0]?.[1])).toMatch(/offline model/);
  });

  it("names the user's interests from their profile answers in bio help", async () => {
    const { body } = await model.reply(chat('can you help me with my bio?'));
    expect(body).toMatch(/rock climbing|baking sourdough|bad puns/i);
  });

  it('greets the user by first name', async () => {
    const bodies = await Promise.all([0, 1, 2, 3].map((seed) => model.reply(chat('hello!', { seed }))));
    expect(bodies.some(({ body }) => body.includes('Sam'))).toBe(true);
  });

  it("quotes the match's message back when helping to reply", async () => {
    const { body } = await model.reply(chat('She said "I only date people who can cook" how do I reply?'));
    expect(body).toContain('I only date people who can cook');
  });

  it("takes the match's message from a recent turn when the user asks again", async () => {
    const history = [
      { role: 'user' as const, body: 'he wrote "so what do you do for fun?" what do I say back' },
      { role: 'ai' as const, body: 'Try answering and asking back.' },
    ];
    const { body } = await model.reply(chat('another one', { history }));
    expect(body).toContain('so what do you do for fun?');
  });

  it("builds openers on the match's interest when the user names one", async () => {
    const { body } = await model.reply(chat('I need an opener, she loves salsa dancing'));
    expect(body).toContain('salsa dancing');
  });

  it.each([
    ['an empty message', ''],
    ['whitespace', '   \n\t '],
    ['emoji only', '😂🔥🙈'],
    ['20,000 characters', 'blah '.repeat(4000)],
  ])('never answers %s with an empty or unbounded reply', async (_name, body) => {
    for (const persona of ['companion', 'coach'] as const) {
      const reply = await model.reply(chat(body, { persona, profile: emptyProfile }));
      expect(reply.body.trim().length).toBeGreaterThan(0);
      expect(reply.body.length).toBeLessThanOrEqual(REPLY_MAX);
    }
  });

  it('never splits a surrogate pair when it quotes a long emoji-laden message', async () => {
    const quote = `${'😀'.repeat(150)}`;
    const { body } = await model.reply(chat(`She said "${quote}" how do I reply`));
    expect(body).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    expect(body).toContain('😀😀😀');
  });

  it('reads right-to-left and CJK text without breaking it', async () => {
    for (const body of ['مرحبا كيف حالك اليوم', '你好，今天过得怎么样？']) {
      const reply = await model.reply(chat(body));
      expect(reply.body).toMatch(/English/);
      expect(reply.body).not.toMatch(
        /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
      );
    }
  });

  it('streams the reply in word chunks that add up to the whole reply', async () => {
    const chunks = [];
    for await (const chunk of model.streamReply(chat('give me an opener'))) chunks.push(chunk);
    const done = chunks.at(-1);
    const deltas = chunks.filter((chunk) => chunk.type === 'delta');
    expect(deltas.length).toBeGreaterThan(5);
    const whole = await model.reply(chat('give me an opener'));
    expect(done).toEqual({ type: 'done', ...whole });
    // The openers it offers come with the reply, each as the text quotes it.
    expect(whole.suggestions).toHaveLength(3);
    for (const suggestion of whole.suggestions ?? []) {
      expect(suggestion.kind).toBe('opener');
      expect(whole.body).toContain(`"${suggestion.text}"`);
    }
    expect(deltas.map((chunk) => (chunk.type === 'delta' ? chunk.text : '')).join('')).toBe(
      done?.type === 'done' ? done.body : '',
    );
  });
});

describe('the reply helper offline (mode and tone, honoured visibly: docs/decisions.md#calls)', () => {
  const helped = (body: string, helper: ChatRequest['helper'], seed = 7) =>
    model.reply(chat(body, { helper, seed })).then((reply) => reply.body);

  it('writes openers in the chosen tone, whatever the message says', async () => {
    const body = await helped('hmm, not sure', { mode: 'opener', tone: 'witty' });
    expect(body).toMatch(/^Three witty openers to try:/);
    expect(body.match(/^• "/gmu)).toHaveLength(3);
  });

  it("answers the match's quoted message in the chosen tone", async () => {
    const body = await helped('She said "I just got back from a surfing trip"', {
      mode: 'reply',
      tone: 'sincere',
    });
    expect(body).toContain('They wrote "I just got back from a surfing trip". Two sincere ways to answer:');
  });

  it('asks for the match’s message in reply mode when none was quoted', async () => {
    expect(await helped('help me answer', { mode: 'reply', tone: 'flirty' })).toMatch(/a flirty reply/);
  });

  it('suggests asking them out with a concrete plan, built on their interest', async () => {
    const body = await helped('my match loves climbing', { mode: 'ask_for_date', tone: 'playful' });
    expect(body).toMatch(/They love climbing[\s\S]*Two playful ways to ask them out:/);
  });

  it('gives different lines for different tones of the same request', async () => {
    const tones = ['playful', 'flirty', 'witty', 'sincere', 'confident'] as const;
    const bodies = await Promise.all(
      tones.map((tone) => helped('an opener please', { mode: 'opener', tone })),
    );
    expect(new Set(bodies.map((body) => body.split('\n').slice(1, 4).join())).size).toBe(tones.length);
  });

  it('lets a tone alone shape an opener asked for in words, and leaves small talk alone', async () => {
    expect(await helped('give me an opener', { tone: 'confident' })).toMatch(/^Three confident openers/);
    expect(await helped('hello!', { tone: 'confident' })).not.toMatch(/confident|Three .*openers to try/);
  });
});

describe('the messages an offline reply offers, structured (docs/product.md#what-works-for-you)', () => {
  it('writes one opener in each tone of the order it is given, in that order', async () => {
    const reply = await model.reply(
      chat('anything', { helper: { mode: 'opener', tones: ['confident', 'playful', 'sincere'] } }),
    );
    expect(reply.body).toMatch(/^Three openers to try:/);
    expect(reply.suggestions?.map((each) => [each.kind, each.tone])).toEqual([
      ['opener', 'confident'],
      ['opener', 'playful'],
      ['opener', 'sincere'],
    ]);
  });

  it('offers the chosen tone only, and asking out as replies', async () => {
    const reply = await model.reply(
      chat('my match loves climbing', { helper: { mode: 'ask_for_date', tone: 'witty', tones: ['flirty'] } }),
    );
    expect(reply.suggestions).toHaveLength(2);
    expect(reply.suggestions?.every((each) => each.kind === 'reply' && each.tone === 'witty')).toBe(true);
  });

  it("rewrites each offered message to the person's style, and the text says the same words", async () => {
    const adapted: string[] = [];
    const style = {
      words: ['Mostly lowercase'],
      samples: ['hey u up'],
      adapt: (text: string, seed: string) => {
        adapted.push(seed);
        return text.toLowerCase();
      },
    };
    const reply = await model.reply(chat('give me an opener', { style }));
    expect(reply.suggestions).toHaveLength(3);
    for (const suggestion of reply.suggestions ?? []) {
      expect(suggestion.text).toBe(suggestion.text.toLowerCase());
      expect(reply.body).toContain(`• "${suggestion.text}"`);
    }
    // Each message is rewritten with its own seed, so two of them never get the same touches.
    expect(new Set(adapted).size).toBe(3);
  });

  it('offers answers to a quoted message as replies and a bio draft as a bio line', async () => {
    const answer = await model.reply(chat('She said "I just got back from a surfing trip"'));
    expect(answer.suggestions?.map((each) => each.kind)).toEqual(['reply', 'reply']);
    const bio = await model.reply(chat('can you help with my bio?'));
    expect(bio.suggestions).toEqual([expect.objectContaining({ kind: 'bio_line' })]);
    expect(bio.body).toContain(`"${bio.suggestions?.[0]?.text}"`);
  });

  it('offers nothing in small talk or when it asks for the message to answer', async () => {
    expect((await model.reply(chat('hello!'))).suggestions).toEqual([]);
    expect((await model.reply(chat('help me answer', { helper: { mode: 'reply' } }))).suggestions).toEqual(
      [],
    );
  });
});

describe("the offline bio in the person's style (docs/product.md#sounds-like-me)", () => {
  const bio = { answers: profile.answers, tone: 'warm' as const, seed: 'bio-seed' };

  it('rewrites the written bio with the style, seeded by the request', async () => {
    const seeds: string[] = [];
    const style = {
      words: [],
      samples: [],
      adapt: (text: string, seed: string) => {
        seeds.push(seed);
        return text.toLowerCase();
      },
    };
    const plain = await model.generateBio(bio);
    const styled = await model.generateBio({ ...bio, style });
    expect(styled.body).toBe(plain.body.toLowerCase());
    expect(seeds).toEqual(['bio:bio-seed']);
  });

  it('keeps a rewrite that runs long within the bio limit', async () => {
    const style = { words: [], samples: [], adapt: (text: string) => `${text} ${'ha'.repeat(400)}` };
    expect((await model.generateBio({ ...bio, style })).body.length).toBeLessThanOrEqual(500);
  });
});
