import type { ChatReply, HistoryPage } from '@wingmate/api-contract';
import { startFakeLlm, type FakeLlm } from '@wingmate/testing';
import type { FastifyInstance } from 'fastify';
import { openAiCompatibleModel } from '../adapters/ai/openai-compatible';
import type { AiModel } from '../adapters/ai/ports';
import { lateModel, temporaryStorage } from '../testing/chat';
import { uniqueIp } from '../testing/sign-in';
import { describeEachDatabase } from '../testing/test-app';

/**
 * The LLM's answer budget in these tests: short, so "no answer" is over quickly, but long enough that a loaded CI
 * machine answers every other request in time (at 400 ms an ordinary reply once ran out, and the answers it left
 * queued in the fake broke the tests after it).
 */
const LLM_TIMEOUT_MS = 2_000;

let llm: FakeLlm | undefined;
let model: AiModel | undefined;
beforeAll(async () => {
  llm = await startFakeLlm();
  model = openAiCompatibleModel({
    baseUrl: llm.baseUrl,
    apiKey: llm.apiKey,
    model: 'chat-model',
    visionModel: 'vision-model',
    timeoutMs: LLM_TIMEOUT_MS,
    // Retries happen without waiting, so the tests stay fast and never sleep for real between tries.
    wait: () => Promise.resolve(undefined),
  });
});
afterAll(async () => {
  await llm?.close();
});
const fakeLlm = () => llm!;

async function chat(app: FastifyInstance, uid: string, ip: string, body = 'hello') {
  return app.inject({ method: 'POST', url: '/api/v1/chat/', payload: { uid, body }, remoteAddress: ip });
}

async function historyCount(app: FastifyInstance, uid: string): Promise<number> {
  const response = await app.inject({ method: 'GET', url: `/api/v1/mobile/new_ai_history/?uid=${uid}` });
  return response.json<HistoryPage>().count;
}

describeEachDatabase(
  'chat with an OpenAI-compatible LLM that fails (docs/architecture.md#runtime-pieces)',
  (getApp) => {
    beforeEach(() => fakeLlm().requests.splice(0));

    it('retries a 429 and stores the one reply that came after it', async () => {
      const app = getApp();
      const uid = crypto.randomUUID();
      fakeLlm().enqueue({ kind: 'status', status: 429 }, { kind: 'text', text: 'Second time lucky!' });
      const response = await chat(app, uid, uniqueIp());
      expect(response.statusCode).toBe(201);
      expect(response.json<ChatReply>().reply.body).toBe('Second time lucky!');
      expect(fakeLlm().requests).toHaveLength(2);
      expect(await historyCount(app, uid)).toBe(2);
    });

    it('answers 502 ai_unavailable when the LLM keeps failing, storing and charging nothing', async () => {
      const app = getApp();
      const uid = crypto.randomUUID();
      const ip = uniqueIp();
      fakeLlm().enqueue(...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 500 })));
      const response = await chat(app, uid, ip);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: 'ai_unavailable' });
      expect(await historyCount(app, uid)).toBe(0);
      expect((await chat(app, uid, ip)).json<ChatReply>().remaining_messages).toBe(4);
    });

    it('answers 504 ai_timeout when the LLM says nothing in time, storing and charging nothing', async () => {
      const app = getApp();
      const uid = crypto.randomUUID();
      const ip = uniqueIp();
      fakeLlm().enqueue({ kind: 'hang' });
      const response = await chat(app, uid, ip);
      expect(response.statusCode).toBe(504);
      expect(response.json()).toMatchObject({ code: 'ai_timeout' });
      expect(await historyCount(app, uid)).toBe(0);
      expect((await chat(app, uid, ip)).json<ChatReply>().remaining_messages).toBe(4);
    });

    it("sends the companion's prompt with the questionnaire answers and the recent turns", async () => {
      const app = getApp();
      const uid = crypto.randomUUID();
      const ip = uniqueIp();
      const questionnaires = await app.inject({ method: 'GET', url: '/api/v1/accounts/questionnaires/' });
      const questionnaire = questionnaires.json<{
        results: { id: number; questions: { id: number; kind: string }[] }[];
      }>().results[0]!;
      const textQuestion = questionnaire.questions.find((question) => question.kind === 'text')!;
      await app.inject({
        method: 'POST',
        url: `/api/v1/accounts/questionnaires/${questionnaire.id}/answer/create/`,
        payload: { uid, answers: [{ question: textQuestion.id, text: 'Starting conversations' }] },
      });
      await chat(app, uid, ip, 'I matched with Alex');
      await chat(app, uid, ip, 'Alex likes jazz. Opener?');
      const sent = fakeLlm().requests.at(-1)!.body.messages!;
      expect(sent.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
      expect(sent[0]!.content).toMatch(/AI companion[\s\S]*Starting conversations/);
      expect(sent[1]!.content).toBe('I matched with Alex');
      expect(sent[3]!.content).toBe('Alex likes jazz. Opener?');
    });

    it('answers a stream whose LLM fails before the first piece with a JSON 502, charging nothing', async () => {
      const app = getApp();
      const uid = crypto.randomUUID();
      const ip = uniqueIp();
      fakeLlm().enqueue(...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 500 })));
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/chat/stream/',
        payload: { uid, body: 'hello' },
        remoteAddress: ip,
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: 'ai_unavailable' });
      expect((await chat(app, uid, ip)).json<ChatReply>().remaining_messages).toBe(4);
    });
  },
  {
    llm: {
      baseUrl: 'http://unused',
      apiKey: undefined,
      model: 'chat-model',
      visionModel: 'vision-model',
      timeoutMs: LLM_TIMEOUT_MS,
    },
  },
  { ai: lateModel(() => model!), uploadStorage: temporaryStorage() },
);
