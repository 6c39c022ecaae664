import type {
  HistoryPage,
  MatchChatPage,
  MatchChatReply,
  MatchReplies,
  SuggestionState,
} from '@wingmate/api-contract';
import { startFakeLlm, type FakeLlm } from '@wingmate/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { offlineModel } from '../adapters/ai/offline/offline-model';
import { openAiCompatibleModel } from '../adapters/ai/openai-compatible';
import type { AiModel, MatchMemoryRequest } from '../adapters/ai/ports';
import {
  chatMessages,
  matches,
  matchImports,
  matchLines,
  matchMemoryFacts,
  messageCounters,
} from '../db/schema';
import { VISITOR_FREE_PERIOD, visitorFreeKey } from '../services/metering/free-messages';
import { lateModel } from '../testing/chat';
import { uniqueIp } from '../testing/sign-in';
import { describeEachDatabase } from '../testing/test-app';

/** The model of the next requests: the offline engine, or the fake OpenAI-compatible server for the prompt tests. */
const offline = offlineModel();
let current: AiModel = offline;
let llm: FakeLlm | undefined;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(async () => {
  await llm?.close();
});

interface MatchSeed {
  readonly uid: string;
  readonly name: string;
  readonly notes?: string;
  readonly lines?: readonly (readonly ['me' | 'them', string])[];
  readonly facts?: readonly { text: string; source: 'wingmate' | 'you'; pinned: boolean }[];
  /** Coaching messages already in its chat. */
  readonly chat?: readonly string[];
}

/** A visitor's match with its transcript, facts and coaching chat, written as the matches routes store them. */
async function seedMatch(app: FastifyInstance, seed: MatchSeed): Promise<number> {
  const db = app.database.db;
  const [match] = await db
    .insert(matches)
    .values({ uid: seed.uid, name: seed.name, notes: seed.notes ?? '', whereMet: 'Hinge' })
    .returning();
  const matchId = match!.id;
  const lines = seed.lines ?? [];
  if (lines.length) {
    await db
      .insert(matchLines)
      .values(lines.map(([side, text], position) => ({ matchId, side, text, position })));
  }
  if (seed.facts?.length)
    await db.insert(matchMemoryFacts).values(seed.facts.map((f) => ({ matchId, ...f })));
  for (const body of seed.chat ?? []) {
    await db.insert(chatMessages).values({ uid: seed.uid, matchId, role: 'user', body });
  }
  return matchId;
}

/** The fake server's model, for the tests that look at the prompts and count the calls. */
function fakeModel(fake: FakeLlm): AiModel {
  return openAiCompatibleModel({
    baseUrl: fake.baseUrl,
    apiKey: fake.apiKey,
    model: 'chat-model',
    visionModel: 'vision-model',
    timeoutMs: 5_000,
    wait: () => Promise.resolve(undefined),
  });
}

/**
 * The offline engine with a summariser that records what it is given and holds every call until `release()`:
 * a refresh still running. `started` resolves when the first call has begun.
 */
function heldSummariser() {
  const requests: MatchMemoryRequest[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let begun!: () => void;
  const started = new Promise<void>((resolve) => (begun = resolve));
  const model: AiModel = {
    ...offline,
    summariseMatch: async (request) => {
      requests.push(request);
      begun();
      await released;
      return offline.summariseMatch(request);
    },
  };
  return { model, requests, started, release };
}

function coach(app: FastifyInstance, uid: string, id: number, ip: string, body: string, key?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/matches/${id}/chat/?uid=${uid}`,
    payload: { body },
    remoteAddress: ip,
    headers: key ? { 'idempotency-key': key } : {},
  });
}

async function matchChat(app: FastifyInstance, uid: string, id: number): Promise<MatchChatPage> {
  const response = await app.inject({ method: 'GET', url: `/api/v1/matches/${id}/chat/?uid=${uid}` });
  expect(response.statusCode).toBe(200);
  return response.json<MatchChatPage>();
}

async function mainHistory(app: FastifyInstance, uid: string): Promise<HistoryPage> {
  return (
    await app.inject({ method: 'GET', url: `/api/v1/mobile/new_ai_history/?uid=${uid}` })
  ).json<HistoryPage>();
}

describeEachDatabase(
  "a match's coaching chat, its memory and What do I answer? (docs/product.md#how-a-matchs-memory-works)",
  (getApp) => {
    afterEach(() => {
      current = offline;
    });

    it('charges a coaching send once, keeps it in the match chat only, replays a key and refreshes the memory', async () => {
      const app = getApp();
      const uid = crypto.randomUUID();
      const ip = uniqueIp();
      const id = await seedMatch(app, {
        uid,
        name: 'Maya',
        lines: [
          ['me', 'Hey Maya, how was your weekend?'],
          ['them', 'Great! I took my dog Pixel to the beach. I work as a nurse, so weekends are precious.'],
        ],
      });
      const main = await app.inject({
        method: 'POST',
        url: '/api/v1/chat/',
        payload: { uid, body: 'hello' },
        remoteAddress: ip,
      });
      const before = main.json<MatchChatReply>().remaining_messages!;

      const first = await coach(app, uid, id, ip, 'What should I say next?', 'coach-key-1');
      expect(first.statusCode).toBe(201);
      const sent = first.json<MatchChatReply>();
      expect(sent.remaining_messages).toBe(before - 1);
      expect(sent.reply.body).toContain('Maya');
      expect(sent.reply.body).toContain('I took my dog Pixel');
      // The reply it offers to their line comes structured, offered in this match: a date can be planned from it.
      expect(sent.suggestions).toEqual([
        {
          id: expect.any(String),
          kind: 'reply',
          tone: expect.any(String),
          text: expect.any(String),
          sounds_like_you: null,
        },
      ]);
      expect(sent.reply.body).toContain(`"${sent.suggestions![0]!.text}"`);
      const planned = await app.inject({
        method: 'POST',
        url: `/api/v1/suggestions/${sent.suggestions![0]!.id}/outcome/?uid=${uid}`,
        payload: { outcome: 'date_planned' },
        remoteAddress: ip,
      });
      expect(planned.json()).toMatchObject({ match_id: id, outcome: 'date_planned' });
      expect(sent.reply.used).toEqual({
        profile_answers: 0,
        match_profile: false,
        notes: false,
        summary: false,
        facts: [],
        transcript_lines: 2,
        chat_messages: 0,
      });
      const again = await coach(app, uid, id, ip, 'What should I say next?', 'coach-key-1');
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json<MatchChatReply>().reply.id).toBe(sent.reply.id);

      const chat = await matchChat(app, uid, id);
      expect(chat.results.map((m) => m.role)).toEqual(['ai', 'user']);
      expect(chat.results[0]!.used).toEqual(sent.reply.used);
      // The main chat's newest reply is still its own, so it can be regenerated.
      const regenerated = await app.inject({
        method: 'POST',
        url: '/api/v1/chat/',
        payload: { uid, body: 'hello', replaces: main.json<MatchChatReply>().reply.id },
        remoteAddress: ip,
      });
      expect(regenerated.statusCode).toBe(201);
      // The main chat keeps its one exchange, and deleting it leaves the match's chat alone.
      expect((await mainHistory(app, uid)).results.map((m) => m.body)).not.toContain(
        'What should I say next?',
      );
      expect((await mainHistory(app, uid)).count).toBe(2);
      await app.inject({ method: 'DELETE', url: '/api/v1/mobile/new_ai_history/', payload: { uid } });
      expect((await matchChat(app, uid, id)).count).toBe(2);
      // The next coaching reply reads the match's chat, never the main one.
      const next = await coach(app, uid, id, ip, 'And after that?');
      expect(next.json<MatchChatReply>().reply.used?.chat_messages).toBe(2);
      expect(next.json<MatchChatReply>().remaining_messages).toBe(before - 3);

      await app.matchMemory.settled();
      const [row] = await app.database.db.select().from(matches).where(eq(matches.id, id));
      expect(row!.summary).toContain('Maya');
      const facts = await app.database.db
        .select()
        .from(matchMemoryFacts)
        .where(eq(matchMemoryFacts.matchId, id));
      expect(facts.map((fact) => fact.text)).toEqual(
        expect.arrayContaining([expect.stringContaining('I took my dog Pixel to the beach.')]),
      );
    });

    it('answers 402 out of messages and stores nothing', async () => {
      const app = getApp();
      const uid = crypto.randomUUID();
      const id = await seedMatch(app, { uid, name: 'Sam', lines: [['them', 'Hi there']] });
      const used = app.auth.config.metering.freeMessages;
      await app.database.db
        .insert(messageCounters)
        .values({ key: visitorFreeKey(uid), period: VISITOR_FREE_PERIOD, used });
      const response = await coach(app, uid, id, uniqueIp(), 'Help?');
      expect(response.statusCode).toBe(402);
      expect(response.json<{ code: string }>().code).toBe('no_messages');
      const replies = await app.inject({ method: 'POST', url: `/api/v1/matches/${id}/replies/?uid=${uid}` });
      expect(replies.statusCode).toBe(402);
      expect((await matchChat(app, uid, id)).count).toBe(0);
    });

    it('writes three replies in three tones for one message, and 400 with no line of theirs', async () => {
      const app = getApp();
      const uid = crypto.randomUUID();
      const ip = uniqueIp();
      const quiet = await seedMatch(app, { uid, name: 'Lee', lines: [['me', 'Hello?']] });
      const refused = await app.inject({
        method: 'POST',
        url: `/api/v1/matches/${quiet}/replies/?uid=${uid}`,
        remoteAddress: ip,
      });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json<{ errors?: object }>())).toContain('lines');

      // Their line is older than the newest 20: it is still the one answered.
      const id = await seedMatch(app, {
        uid,
        name: 'Ana',
        lines: [
          ['them', 'I just got back from climbing in Spain!'],
          ...Array.from({ length: 20 }, (_, n) => ['me', `And ${n}?`] as const),
        ],
      });
      const main = await app.inject({
        method: 'POST',
        url: '/api/v1/chat/',
        payload: { uid, body: 'hi' },
        remoteAddress: ip,
      });
      const before = main.json<MatchChatReply>().remaining_messages!;
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/matches/${id}/replies/?uid=${uid}`,
        remoteAddress: ip,
      });
      expect(response.statusCode).toBe(201);
      const replies = response.json<MatchReplies>();
      expect(replies.remaining_messages).toBe(before - 1);
      expect(new Set(replies.suggestions.map((s) => s.tone)).size).toBe(3);
      expect(new Set(replies.suggestions.map((s) => s.id)).size).toBe(3);
      expect(replies.suggestions.every((s) => s.kind === 'reply' && s.text.length > 0)).toBe(true);
      expect(replies.used.transcript_lines).toBe(21);
      const chat = await matchChat(app, uid, id);
      expect(chat.count).toBe(1);
      expect(chat.results[0]!.body).toContain('I just got back from climbing in Spain!');
      for (const suggestion of replies.suggestions) expect(chat.results[0]!.body).toContain(suggestion.text);
    });

    it("never puts another match's or person's memory in the prompt, and keeps pinned and the person's facts", async () => {
      const app = getApp();
      const fake = llm!;
      current = fakeModel(fake);
      const uid = crypto.randomUUID();
      const other = crypto.randomUUID();
      const secrets = (tag: string): MatchSeed => ({
        uid: tag === 'other' ? other : uid,
        name: `Name-${tag}`,
        notes: `note-${tag}`,
        lines: [['them', `line-${tag}`]],
        facts: [{ text: `fact-${tag}`, source: 'wingmate', pinned: false }],
        chat: [`chat-${tag}`],
      });
      await seedMatch(app, secrets('a'));
      await seedMatch(app, secrets('other'));
      const b = await seedMatch(app, {
        uid,
        name: 'Name-b',
        notes: 'note-b',
        lines: [['them', 'line-b']],
        facts: [
          { text: 'pinned-b, word for word', source: 'wingmate', pinned: true },
          { text: 'yours-b, word for word', source: 'you', pinned: false },
          { text: 'old-b', source: 'wingmate', pinned: false },
        ],
      });
      fake.requests.splice(0);
      fake.enqueue(
        { kind: 'text', text: 'Ask Name-b about it.' },
        { kind: 'json', value: { summary: 'summary-b', facts: ['new-b'] } },
      );
      expect((await coach(app, uid, b, uniqueIp(), 'question-b')).statusCode).toBe(201);
      await app.matchMemory.settled();

      expect(fake.requests).toHaveLength(2);
      for (const { body } of fake.requests) {
        const prompt = JSON.stringify(body.messages);
        expect(prompt).toContain('note-b');
        expect(prompt).toContain('line-b');
        for (const tag of ['a', 'other']) {
          for (const part of ['Name', 'note', 'line', 'fact', 'chat'])
            expect(prompt).not.toContain(`${part}-${tag}`);
        }
      }
      const memory = async () => {
        const facts = await app.database.db
          .select()
          .from(matchMemoryFacts)
          .where(eq(matchMemoryFacts.matchId, b));
        const [row] = await app.database.db.select().from(matches).where(eq(matches.id, b));
        return { summary: row!.summary, facts: facts.map((fact) => fact.text).sort() };
      };
      const refreshed = {
        summary: 'summary-b',
        facts: ['new-b', 'pinned-b, word for word', 'yours-b, word for word'],
      };
      expect(await memory()).toEqual(refreshed);

      // A memory the model answers unusably leaves the old one.
      fake.enqueue({ kind: 'text', text: 'Sure.' }, { kind: 'text', text: 'not the JSON asked for' });
      expect((await coach(app, uid, b, uniqueIp(), 'again')).statusCode).toBe(201);
      await app.matchMemory.settled();
      expect(await memory()).toEqual(refreshed);
    });

    it('refreshes the memory after a confirmed screenshot import, never after typed lines', async () => {
      const app = getApp();
      const fake = llm!;
      current = fakeModel(fake);
      const uid = crypto.randomUUID();
      const id = await seedMatch(app, { uid, name: 'Kai' });
      const addLines = (body: object) =>
        app.inject({ method: 'POST', url: `/api/v1/matches/${id}/lines/?uid=${uid}`, payload: body });
      fake.requests.splice(0);

      const typed = await addLines({ lines: [{ side: 'them', text: 'Typed in' }] });
      expect(typed.statusCode).toBe(201);
      await app.matchMemory.settled();
      expect(fake.requests).toEqual([]);

      const lines = [{ side: 'them' as const, text: 'Read from a screenshot' }];
      const [ready] = await app.database.db
        .insert(matchImports)
        .values({ matchId: id, status: 'ready', lines })
        .returning();
      fake.enqueue({ kind: 'json', value: { summary: 'summary-kai', facts: [] } });
      expect((await addLines({ lines, import_id: ready!.id })).statusCode).toBe(201);
      await app.matchMemory.settled();
      expect(fake.requests).toHaveLength(1);
      expect(JSON.stringify(fake.requests[0]!.body.messages)).toContain('Read from a screenshot');
      const [row] = await app.database.db.select().from(matches).where(eq(matches.id, id));
      expect(row!.summary).toBe('summary-kai');
    });

    it('runs one refresh of a match at a time, and those asked for meanwhile once more after it', async () => {
      const app = getApp();
      const held = heldSummariser();
      current = held.model;
      const uid = crypto.randomUUID();
      const id = await seedMatch(app, { uid, name: 'Noor', lines: [['them', 'First line']] });
      app.matchMemory.later(id);
      // While that refresh is in the model: a newer line, then three more asks.
      await held.started;
      await app.database.db
        .insert(matchLines)
        .values({ matchId: id, side: 'them', text: 'Newest line', position: 1 });
      for (let ask = 0; ask < 3; ask += 1) app.matchMemory.later(id);
      held.release();
      await app.matchMemory.settled();

      expect(held.requests.map((request) => request.match.lines.length)).toEqual([1, 2]);
      const [row] = await app.database.db.select().from(matches).where(eq(matches.id, id));
      expect(row!.summary).toContain('Newest from Noor: "Newest line"');
    });

    it("offers a configured model's labelled replies in a coaching answer, so a date can be planned from one", async () => {
      const app = getApp();
      const fake = llm!;
      current = fakeModel(fake);
      const uid = crypto.randomUUID();
      const id = await seedMatch(app, { uid, name: 'Lee', lines: [['them', 'Tacos on Friday?']] });
      fake.enqueue(
        {
          kind: 'text',
          text: 'Say yes and add a detail:\n• confident: "Yes! I know the best taco truck in town."\n- Pick a time.',
        },
        { kind: 'json', value: { summary: 'Lee asked about tacos.', facts: [] } },
      );
      const answered = await coach(app, uid, id, uniqueIp(), 'what do I say?');
      expect(answered.statusCode).toBe(201);
      const offered = answered.json<MatchChatReply>().suggestions ?? [];
      expect(offered).toEqual([
        expect.objectContaining({
          kind: 'reply',
          tone: 'confident',
          text: 'Yes! I know the best taco truck in town.',
        }),
      ]);
      await app.matchMemory.settled();
      const planned = await app.inject({
        method: 'POST',
        url: `/api/v1/suggestions/${offered[0]!.id}/outcome/?uid=${uid}`,
        payload: { outcome: 'date_planned' },
      });
      expect(planned.json<SuggestionState>()).toMatchObject({ outcome: 'date_planned', match_id: id });
    });

    it("gives the summariser the person's newest 20 coaching messages, none of the wingmate's", async () => {
      const app = getApp();
      const held = heldSummariser();
      held.release();
      current = held.model;
      const uid = crypto.randomUUID();
      const id = await seedMatch(app, { uid, name: 'Rae' });
      for (let n = 0; n < 30; n += 1) {
        await app.database.db.insert(chatMessages).values([
          { uid, matchId: id, role: 'user', body: `asked ${n}` },
          { uid, matchId: id, role: 'ai', body: `answered ${n}` },
        ]);
      }
      app.matchMemory.later(id);
      await app.matchMemory.settled();

      expect(held.requests).toHaveLength(1);
      expect(held.requests[0]!.history).toEqual(
        Array.from({ length: 20 }, (_, n) => ({ role: 'user', body: `asked ${n + 10}` })),
      );
    });
  },
  {},
  { ai: lateModel(() => current) },
);
