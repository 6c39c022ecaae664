import type { ChatReply, SuggestionState } from '@wingmate/api-contract';
import { startFakeLlm, type FakeLlm } from '@wingmate/testing';
import type { FastifyInstance } from 'fastify';
import { openAiCompatibleModel } from '../adapters/ai/openai-compatible';
import type { AiModel } from '../adapters/ai/ports';
import { lateModel } from '../testing/chat';
import { uniqueIp } from '../testing/sign-in';
import { describeEachDatabase } from '../testing/test-app';

// docs/product.md#chat: a configured model's plain chat offers the messages it suggests, as the offline engine does.
let llm: FakeLlm | undefined;
let model: AiModel | undefined;
beforeAll(async () => {
  llm = await startFakeLlm();
  model = openAiCompatibleModel({
    baseUrl: llm.baseUrl,
    apiKey: llm.apiKey,
    model: 'chat-model',
    visionModel: 'vision-model',
    timeoutMs: 5_000,
    wait: () => Promise.resolve(undefined),
  });
});
afterAll(async () => {
  await llm?.close();
});
const fakeLlm = () => llm!;

const LABELLED_ANSWER = [
  'Climbers love talking about their projects. Try one of these:',
  '• witty: "Is your chalk bag bigger than your fridge?"',
  '• sincere: "What route are you working on right now?"',
  '- Mention a crag near you if you know one.',
].join('\n');

function send(app: FastifyInstance, uid: string, body: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/chat/',
    payload: { uid, body },
    remoteAddress: uniqueIp(),
  });
}

/** The system prompt of the newest request the fake LLM was sent. */
function systemPrompt(): string {
  const content = fakeLlm().requests.at(-1)?.body?.messages?.[0]?.content;
  return typeof content === 'string' ? content : '';
}

describeEachDatabase(
  "a configured model's plain chat offers the messages it suggests (docs/product.md#what-works-for-you)",
  (getApp) => {
    beforeEach(() => fakeLlm().requests.splice(0));

    it('reads the labelled openers of an answer to "an opener", keeps them and lets them be marked', async () => {
      const uid = crypto.randomUUID();
      fakeLlm().enqueue({ kind: 'text', text: LABELLED_ANSWER });
      const response = await send(getApp(), uid, 'Can you give me an opener for a climber?');
      expect(response.statusCode).toBe(201);
      const offered = response.json<ChatReply>().suggestions ?? [];
      expect(offered).toEqual([
        {
          id: expect.any(String),
          kind: 'opener',
          tone: 'witty',
          text: 'Is your chalk bag bigger than your fridge?',
          sounds_like_you: null,
        },
        {
          id: expect.any(String),
          kind: 'opener',
          tone: 'sincere',
          text: 'What route are you working on right now?',
          sounds_like_you: null,
        },
      ]);
      expect(systemPrompt()).toContain('Whenever you suggest a first message (an opener)');
      const marked = await getApp().inject({
        method: 'POST',
        url: `/api/v1/suggestions/${offered[1]!.id}/outcome/?uid=${uid}`,
        payload: { outcome: 'replied' },
      });
      expect(marked.json<SuggestionState>()).toMatchObject({
        kind: 'opener',
        tone: 'sincere',
        outcome: 'replied',
      });
    });

    it("puts the person's style in the prompt only when the answer may suggest messages", async () => {
      const app = getApp();
      const uid = crypto.randomUUID();
      const samples = ['lol same', 'omg no way', 'haha ok', 'wait what', 'lol ok see u', 'nah im good'];
      const style = await app.inject({
        method: 'POST',
        url: `/api/v1/style/samples/?uid=${uid}`,
        payload: { text: samples.join('\n') },
        remoteAddress: uniqueIp(),
      });
      expect(style.statusCode).toBe(200);
      fakeLlm().enqueue({ kind: 'text', text: LABELLED_ANSWER }, { kind: 'text', text: 'Pretty good, you?' });
      const offering = await send(app, uid, 'Can you give me an opener for a climber?');
      expect(systemPrompt()).toContain('- Mostly lowercase');
      for (const suggestion of offering.json<ChatReply>().suggestions ?? [])
        expect(suggestion.sounds_like_you).toEqual(expect.any(Number));
      await send(app, uid, 'how was your day?');
      expect(systemPrompt()).not.toContain('Mostly lowercase');
    });

    it('offers nothing in small talk, even when the answer has a line of that shape', async () => {
      fakeLlm().enqueue({ kind: 'text', text: 'Good!\n• playful: "Same to you"' });
      const response = await send(getApp(), crypto.randomUUID(), 'how was your day?');
      expect(response.json<ChatReply>().suggestions ?? []).toEqual([]);
      expect(systemPrompt()).not.toContain('Whenever you suggest');
    });
  },
  {},
  { ai: lateModel(() => model!) },
);
