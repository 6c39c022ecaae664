import { startFakeLlm, type FakeLlm } from '@wingmate/testing';
import sharp from 'sharp';
import { AiProviderError, AiTimeoutError } from './errors';
import { openAiCompatibleModel, type OpenAiCompatibleOptions } from './openai-compatible';
import type { ChatRequest, ReplyChunk } from './ports';
import { goodPhoto } from '../../testing/test-photos';

const request: ChatRequest = {
  persona: 'coach',
  profile: {
    firstName: 'Sam',
    answers: [{ question: 'What do you do for fun?', text: 'Rock climbing' }],
    questionnaire: [{ question: 'Ideal first date?', text: 'Tacos and a walk' }],
  },
  history: [
    { role: 'user', body: 'I matched with Alex' },
    { role: 'ai', body: 'Nice! What do you know about Alex?' },
  ],
  message: { body: 'Alex likes jazz. Opener?' },
  seed: 1,
};

describe('OpenAI-compatible AI adapter (docs/architecture.md#runtime-pieces)', () => {
  let llm: FakeLlm;
  let delays: number[];
  beforeEach(async () => {
    llm = await startFakeLlm();
    delays = [];
  });
  afterEach(async () => {
    await llm.close();
  });

  function model(overrides: Partial<OpenAiCompatibleOptions> = {}) {
    return openAiCompatibleModel({
      baseUrl: llm.baseUrl,
      apiKey: llm.apiKey,
      model: 'chat-model',
      visionModel: 'vision-model',
      timeoutMs: 5_000,
      wait: (ms) => {
        delays.push(ms);
        return Promise.resolve();
      },
      ...overrides,
    });
  }

  it('sends the persona system prompt with the profile, the recent turns and the message', async () => {
    llm.enqueue({ kind: 'text', text: 'Try: "What is the best jazz club you have been to?"' });
    const reply = await model().reply(request);
    expect(reply).toEqual({
      body: 'Try: "What is the best jazz club you have been to?"',
      model: { name: 'chat-model', offline: false },
      suggestions: [],
    });
    const sent = llm.requests[0]?.body;
    expect(llm.requests[0]?.authorization).toBe(`Bearer ${llm.apiKey}`);
    expect(sent?.model).toBe('chat-model');
    expect(sent?.messages?.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(sent?.messages?.[0]?.content).toMatch(
      /dating coach[\s\S]*First name: Sam[\s\S]*Rock climbing[\s\S]*Tacos and a walk/,
    );
    expect(sent?.messages?.[1]?.content).toBe('I matched with Alex');
    expect(sent?.messages?.[3]?.content).toBe('Alex likes jazz. Opener?');
  });

  it("puts the reply helper's mode and tone in the system prompt (docs/decisions.md#calls)", async () => {
    llm.enqueue({ kind: 'text', text: 'Coffee on Thursday?' });
    await model().reply({ ...request, helper: { mode: 'ask_for_date', tone: 'confident' } });
    const system = llm.requests[0]?.body?.messages?.[0]?.content;
    expect(system).toMatch(/ask their match out[\s\S]*tone: confident/);
    expect(system).toMatch(/First name: Sam/);
  });

  it('sends no helper instructions for a plain chat', async () => {
    llm.enqueue({ kind: 'text', text: 'Hi!' });
    await model().reply(request);
    expect(llm.requests[0]?.body?.messages?.[0]?.content).not.toMatch(/Task:|this tone/);
  });

  it('sends an image as a data URL part to the vision model', async () => {
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const reply = await model().reply({
      ...request,
      message: { body: 'Is this a good main photo?', image: { bytes, width: 8, height: 8 } },
    });
    expect(reply.model.name).toBe('vision-model');
    const sent = llm.requests[0]?.body;
    expect(sent?.model).toBe('vision-model');
    expect(sent?.messages?.at(-1)?.content).toEqual([
      { type: 'text', text: 'Is this a good main photo?' },
      { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${bytes.toString('base64')}` } },
    ]);
  });

  it('assembles a streamed reply from its deltas', async () => {
    llm.enqueue({ kind: 'text', text: 'Ask about their favourite jazz record.' });
    const chunks: ReplyChunk[] = [];
    for await (const chunk of model().streamReply(request)) chunks.push(chunk);
    const deltas = chunks.flatMap((chunk) => (chunk.type === 'delta' ? [chunk.text] : []));
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe('Ask about their favourite jazz record.');
    expect(chunks.at(-1)).toEqual({
      type: 'done',
      body: 'Ask about their favourite jazz record.',
      model: { name: 'chat-model', offline: false },
      suggestions: [],
    });
    expect(llm.requests[0]?.body.stream).toBe(true);
  });

  it('retries a 429 after its Retry-After and answers once', async () => {
    llm.enqueue({ kind: 'status', status: 429, retryAfter: 2 }, { kind: 'text', text: 'Second time lucky' });
    expect((await model().reply(request)).body).toBe('Second time lucky');
    expect(llm.requests).toHaveLength(2);
    expect(delays).toEqual([2000]);
  });

  it('gives up after three 500s with AiProviderError, backing off 500 ms then 1 s', async () => {
    llm.enqueue(...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 500 })));
    const error = await model()
      .reply(request)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).providerStatus).toBe(500);
    expect(llm.requests).toHaveLength(3);
    expect(delays).toEqual([500, 1000]);
  });

  it('does not retry a refusal such as a bad API key', async () => {
    await expect(model({ apiKey: 'wrong' }).reply(request)).rejects.toBeInstanceOf(AiProviderError);
    expect(llm.requests).toHaveLength(1);
  });

  it('answers AiTimeoutError when nothing comes back within the configured timeout', async () => {
    llm.enqueue({ kind: 'hang' });
    // Long enough for the fake to have read the whole request on a loaded CI machine (at 200 ms it once had not,
    // and the request was never counted); the adapter's own timer is what ends the call either way.
    const error = await model({ timeoutMs: 1_000 })
      .reply(request)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AiTimeoutError);
    expect(llm.requests).toHaveLength(1);
  });

  describe('photo reviews', () => {
    let photo: Buffer;
    beforeAll(async () => {
      photo = await goodPhoto(300, 400);
    });

    it('asks the vision model for JSON and returns its validated review', async () => {
      llm.enqueue({
        kind: 'json',
        value: {
          score: 81,
          summary: 'Great smile.',
          tips: ['Add a hobby shot.'],
          photos: [{ id: 4, score: 81, tips: ['Lovely light.'] }],
        },
      });
      const review = await model().reviewPhotos([{ id: 4, bytes: photo, width: 300, height: 400 }]);
      expect(review).toEqual({
        score: 81,
        summary: 'Great smile.',
        tips: ['Add a hobby shot.'],
        photos: [{ id: 4, score: 81, tips: ['Lovely light.'] }],
        model: { name: 'vision-model', offline: false },
      });
      expect(llm.requests[0]?.body.response_format).toEqual({ type: 'json_object' });
      expect(llm.requests[0]?.body.model).toBe('vision-model');
    });

    it('falls back to the pixel scores when the JSON is unusable', async () => {
      llm.enqueue({ kind: 'text', text: 'Sure! Your photo is great, 10/10 {not json' });
      const review = await model().reviewPhotos([{ id: 4, bytes: photo, width: 300, height: 400 }]);
      expect(review.model).toEqual({ name: 'wingmate-offline-1', offline: true });
      expect(review.photos[0]?.id).toBe(4);
      expect(review.photos[0]?.tips).toContainEqual(
        expect.stringMatching(/^Your photo is small \(300x400 px\)/),
      );
    });

    it('falls back to the pixel scores when the JSON misses a photo or has a score out of range', async () => {
      llm.enqueue({
        kind: 'json',
        value: { score: 300, summary: 'x', tips: [], photos: [{ id: 99, score: 50, tips: [] }] },
      });
      const review = await model().reviewPhotos([{ id: 4, bytes: photo, width: 300, height: 400 }]);
      expect(review.model.offline).toBe(true);
    });
  });

  describe("a match's replies (docs/product.md#how-a-matchs-memory-works)", () => {
    const match = {
      name: 'Maya',
      whereMet: 'Hinge',
      profileText: '',
      notes: '',
      summary: '',
      facts: [],
      lines: [{ side: 'them' as const, text: 'Back from Spain!' }],
    };
    const ask = {
      profile: request.profile,
      match,
      history: [],
      tones: ['playful', 'sincere'] as const,
      seed: 1,
    };

    it('asks for JSON and takes one reply per tone, in the order asked', async () => {
      llm.enqueue({
        kind: 'json',
        value: {
          replies: [
            { tone: 'sincere', text: 'How was it?' },
            { tone: 'playful', text: 'Souvenirs?' },
          ],
        },
      });
      const answer = await model().suggestReplies(ask);
      expect(answer.replies).toEqual([
        { tone: 'playful', text: 'Souvenirs?' },
        { tone: 'sincere', text: 'How was it?' },
      ]);
      expect(llm.requests[0]?.body.response_format).toEqual({ type: 'json_object' });
      expect(JSON.stringify(llm.requests[0]?.body.messages)).toContain('Them: Back from Spain!');
    });

    it('refuses replies that miss a tone or a text', async () => {
      llm.enqueue({
        kind: 'json',
        value: {
          replies: [
            { tone: 'playful', text: 'Souvenirs?' },
            { tone: 'sincere', text: ' ' },
          ],
        },
      });
      await expect(model().suggestReplies(ask)).rejects.toBeInstanceOf(AiProviderError);
    });
  });
});
