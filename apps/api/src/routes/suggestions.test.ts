import type {
  AuthTokens,
  Match,
  MatchReplies,
  SuggestionState,
  UserExport,
  WhatWorks,
} from '@wingmate/api-contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { offlineModel } from '../adapters/ai/offline/offline-model';
import type { AiModel, ReplySuggestionRequest } from '../adapters/ai/ports';
import { suggestions } from '../db/schema';
import { bearer, uniqueEmail, uniqueIp } from '../testing/sign-in';
import { describeEachDatabase } from '../testing/test-app';

// docs/product.md#what-works-for-you, docs/product.md#what-do-i-answer, docs/product.md#sounds-like-me
const PASSWORD = 'correct horse battery staple';
const newUid = () => crypto.randomUUID();

type Caller = { uid: string } | { headers: { authorization: string } };

function call(
  app: FastifyInstance,
  caller: Caller,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: object,
) {
  const query = 'uid' in caller ? `?uid=${caller.uid}` : '';
  return app.inject({
    method,
    url: `/api/v1/${path}${query}`,
    headers: 'headers' in caller ? caller.headers : {},
    payload,
    remoteAddress: uniqueIp(),
  });
}

const mark = (app: FastifyInstance, caller: Caller, id: string, outcome: string) =>
  call(app, caller, 'POST', `suggestions/${id}/outcome/`, { outcome });

/** A match of the caller's with a line of theirs to answer. */
async function matchToAnswer(app: FastifyInstance, caller: Caller, name = 'Sam'): Promise<Match> {
  const match = (await call(app, caller, 'POST', 'matches/', { name })).json<Match>();
  const added = await call(app, caller, 'POST', `matches/${match.id}/lines/`, {
    lines: [{ side: 'them', text: 'I just got back from climbing in Spain! What did you do this weekend?' }],
  });
  expect(added.statusCode).toBe(201);
  return match;
}

async function whatDoIAnswer(app: FastifyInstance, caller: Caller, matchId: number): Promise<MatchReplies> {
  const response = await call(app, caller, 'POST', `matches/${matchId}/replies/`);
  expect(response.statusCode).toBe(201);
  return response.json<MatchReplies>();
}

/** Offered suggestions written as the API keeps them, for kinds and owners no call offers yet. */
async function offered(
  app: FastifyInstance,
  rows: {
    uid: string;
    kind: 'opener' | 'reply' | 'bio_line';
    tone: string;
    outcome?: 'replied' | 'no_reply' | 'date_planned';
    sent?: boolean;
  }[],
): Promise<string[]> {
  const values = rows.map(({ uid, kind, tone, outcome, sent }) => ({
    id: crypto.randomUUID(),
    uid,
    kind,
    tone,
    text: 'A suggestion',
    sentAt: outcome || sent ? new Date() : null,
    outcome: outcome ?? null,
  }));
  await app.database.db.insert(suggestions).values(values);
  return values.map((value) => value.id);
}

/** The offline engine, recording what "What do I answer?" asks it. */
const offline = offlineModel();
const replyRequests: ReplySuggestionRequest[] = [];
const recordingModel: AiModel = {
  ...offline,
  suggestReplies: (request) => {
    replyRequests.push(request);
    return offline.suggestReplies(request);
  },
};

const times = <T>(count: number, row: T): T[] => Array.from({ length: count }, () => row);

describeEachDatabase(
  'suggestions (/api/v1/suggestions/: docs/product.md#what-works-for-you)',
  (getApp) => {
    it('answers "What do I answer?" with three tones, no score without a profile, and keeps them to mark', async () => {
      const app = getApp();
      const visitor = { uid: newUid() };
      const match = await matchToAnswer(app, visitor);
      const replies = await whatDoIAnswer(app, visitor, match.id);
      expect(replies.suggestions).toHaveLength(3);
      expect(new Set(replies.suggestions.map((s) => s.tone)).size).toBe(3);
      expect(replies.suggestions.every((s) => s.sounds_like_you === null)).toBe(true);
      expect(replyRequests.at(-1)!.style).toBeUndefined();

      const kept = await app.database.db.select().from(suggestions).where(eq(suggestions.uid, visitor.uid));
      expect(
        kept.map(({ id, kind, tone, text, score, matchId, sentAt, outcome }) => ({
          id,
          kind,
          tone,
          text,
          score,
          matchId,
          sentAt,
          outcome,
        })),
      ).toEqual(
        expect.arrayContaining(
          replies.suggestions.map((s) => ({
            id: s.id,
            kind: 'reply',
            tone: s.tone,
            text: s.text,
            score: null,
            matchId: match.id,
            sentAt: null,
            outcome: null,
          })),
        ),
      );
      expect(kept).toHaveLength(3);
    });

    it('adapts the replies to the profile and scores them: lowercase, no end mark for a lowercase, unpunctuated writer', async () => {
      const app = getApp();
      const visitor = { uid: newUid() };
      const samples = call(app, visitor, 'POST', 'style/samples/', {
        text: ['lol ok', 'sounds good tbh', 'omg no way', 'haha same', 'going out rn', 'cant wait lol'].join(
          '\n',
        ),
      });
      expect((await samples).statusCode).toBe(200);
      const match = await matchToAnswer(app, visitor);
      const replies = await whatDoIAnswer(app, visitor, match.id);
      for (const suggestion of replies.suggestions) {
        expect(suggestion.text).toBe(suggestion.text.toLowerCase());
        expect(suggestion.text).not.toMatch(/[.!?]$/);
        expect(suggestion.sounds_like_you).toEqual(expect.any(Number));
      }
      // The model is told the style in plain words, with the newest five of the person's messages.
      expect(replyRequests.at(-1)!.style).toEqual({
        words: expect.arrayContaining(['Mostly lowercase']),
        samples: ['sounds good tbh', 'omg no way', 'haha same', 'going out rn', 'cant wait lol'],
      });
      const kept = await app.database.db.select().from(suggestions).where(eq(suggestions.uid, visitor.uid));
      expect(kept.map((row) => row.score).sort()).toEqual(
        replies.suggestions.map((s) => s.sounds_like_you).sort(),
      );
    });

    it('marks a suggestion sent, then an outcome that replaces the earlier one; a date only in a match', async () => {
      const app = getApp();
      const visitor = { uid: newUid() };
      const match = await matchToAnswer(app, visitor);
      const [first] = (await whatDoIAnswer(app, visitor, match.id)).suggestions;
      const sent = await mark(app, visitor, first!.id, 'sent');
      expect(sent.statusCode).toBe(200);
      expect(sent.json<SuggestionState>()).toEqual({
        id: first!.id,
        kind: 'reply',
        tone: first!.tone,
        sent: true,
        outcome: null,
        match_id: match.id,
      });
      expect((await mark(app, visitor, first!.id, 'replied')).json<SuggestionState>().outcome).toBe(
        'replied',
      );
      expect((await mark(app, visitor, first!.id, 'no_reply')).json<SuggestionState>().outcome).toBe(
        'no_reply',
      );
      expect((await mark(app, visitor, first!.id, 'date_planned')).json<SuggestionState>()).toMatchObject({
        sent: true,
        outcome: 'date_planned',
      });

      // An outcome alone marks it sent too.
      const [opener] = await offered(app, [{ uid: visitor.uid, kind: 'bio_line', tone: 'witty' }]);
      expect((await mark(app, visitor, opener!, 'no_reply')).json<SuggestionState>()).toMatchObject({
        sent: true,
        outcome: 'no_reply',
        match_id: null,
      });
      const outside = await mark(app, visitor, opener!, 'date_planned');
      expect(outside.statusCode).toBe(400);
      expect(Object.keys(outside.json<object>())).toEqual(['outcome']);
      expect((await mark(app, visitor, opener!, 'maybe')).statusCode).toBe(400);
    });

    it("answers 404 for another person's suggestion or an unknown id, and 403 for a member's uid without its token", async () => {
      const app = getApp();
      const owner = { uid: newUid() };
      const [theirs] = await offered(app, [{ uid: owner.uid, kind: 'opener', tone: 'sincere' }]);
      const other = { uid: newUid() };
      expect((await mark(app, other, theirs!, 'sent')).statusCode).toBe(404);
      expect((await mark(app, other, crypto.randomUUID(), 'sent')).statusCode).toBe(404);
      const [row] = await app.database.db.select().from(suggestions).where(eq(suggestions.id, theirs!));
      expect(row!.sentAt).toBeNull();

      const uid = newUid();
      const signUp = await app.inject({
        method: 'POST',
        url: '/register/email/',
        payload: { email: uniqueEmail(), password: PASSWORD, uid },
      });
      expect(signUp.statusCode).toBe(201);
      expect((await call(app, { uid }, 'GET', 'suggestions/what-works/')).statusCode).toBe(403);
      expect((await mark(app, { uid }, theirs!, 'sent')).statusCode).toBe(403);
    });

    it("shows what works: each kind's five tones with the person's counts, their rate, everyone's and the expected rate", async () => {
      const app = getApp();
      const person = { uid: newUid() };
      const someoneElse = newUid();
      const mine = await offered(
        app,
        times(4, { uid: person.uid, kind: 'opener' as const, tone: 'playful' }),
      );
      await mark(app, person, mine[0]!, 'replied');
      await mark(app, person, mine[1]!, 'replied');
      await mark(app, person, mine[2]!, 'no_reply');
      await mark(app, person, mine[3]!, 'sent');
      await offered(app, [
        ...times(2, {
          uid: someoneElse,
          kind: 'opener' as const,
          tone: 'playful',
          outcome: 'replied' as const,
        }),
        { uid: someoneElse, kind: 'opener', tone: 'playful', outcome: 'date_planned' },
        ...times(3, {
          uid: someoneElse,
          kind: 'opener' as const,
          tone: 'playful',
          outcome: 'no_reply' as const,
        }),
        { uid: someoneElse, kind: 'opener', tone: 'sincere', outcome: 'replied' },
        // Offered and never sent: not counted.
        { uid: person.uid, kind: 'opener', tone: 'witty' },
      ]);

      const response = await call(app, person, 'GET', 'suggestions/what-works/');
      expect(response.statusCode).toBe(200);
      const works = response.json<WhatWorks>();
      expect(works.kinds.map((kind) => kind.kind)).toEqual(['opener', 'reply', 'bio_line']);
      const unseen = (tone: string) => ({
        tone,
        sent: 0,
        replied: 0,
        no_reply: 0,
        date_planned: 0,
        reply_rate: null,
        everyone_rate: null,
        expected_rate: 0.5,
      });
      const openers = works.kinds[0]!.tones;
      expect(openers).toHaveLength(5);
      // Everyone's playful openers: 5 of 9 outcomes worked (a date counts); the person's own 2 of 3, on a prior of 10.
      expect(openers[0]).toEqual({ ...unseen('sincere'), everyone_rate: 1, expected_rate: 0.99 });
      expect(openers[1]).toEqual({
        tone: 'playful',
        sent: 4,
        replied: 2,
        no_reply: 1,
        date_planned: 0,
        reply_rate: 2 / 3,
        everyone_rate: 5 / 9,
        expected_rate: expect.closeTo((10 * (5 / 9) + 2) / 13, 10),
      });
      expect(openers.slice(2)).toEqual([unseen('flirty'), unseen('witty'), unseen('confident')]);
      // Every tone of every kind, those the person never sent at zero.
      for (const kind of works.kinds.slice(1)) {
        expect(kind.tones.map((tone) => tone.tone).sort()).toEqual([
          'confident',
          'flirty',
          'playful',
          'sincere',
          'witty',
        ]);
        expect(kind.tones.every((tone) => tone.sent === 0 && tone.reply_rate === null)).toBe(true);
      }
    });

    it('offers the tones that work for the person first, from all five', async () => {
      const app = getApp();
      const visitor = { uid: newUid() };
      await offered(app, [
        ...times(60, {
          uid: visitor.uid,
          kind: 'reply' as const,
          tone: 'witty',
          outcome: 'replied' as const,
        }),
        ...times(60, {
          uid: visitor.uid,
          kind: 'reply' as const,
          tone: 'flirty',
          outcome: 'replied' as const,
        }),
        ...['playful', 'sincere', 'confident'].flatMap((tone) =>
          times(60, { uid: visitor.uid, kind: 'reply' as const, tone, outcome: 'no_reply' as const }),
        ),
      ]);
      const match = await matchToAnswer(app, visitor);
      const tones = (await whatDoIAnswer(app, visitor, match.id)).suggestions.map((s) => s.tone);
      expect(tones.slice(0, 2).sort()).toEqual(['flirty', 'witty']);
    });

    it("moves a visitor's suggestions to the account on sign-up, exports them with the match's name, deletes them with it", async () => {
      const app = getApp();
      const db = app.database.db;
      const uid = newUid();
      const match = await matchToAnswer(app, { uid }, 'Robin');
      const replies = await whatDoIAnswer(app, { uid }, match.id);
      await mark(app, { uid }, replies.suggestions[0]!.id, 'replied');

      const signUp = await app.inject({
        method: 'POST',
        url: '/register/email/',
        payload: { email: uniqueEmail(), password: PASSWORD, uid },
      });
      const member = { headers: bearer(signUp.json<AuthTokens>()) };
      const state = await mark(app, member, replies.suggestions[1]!.id, 'sent');
      expect(state.statusCode).toBe(200);

      const exported = (
        await app.inject({ method: 'GET', url: '/api/v1/accounts/user/export/', headers: member.headers })
      ).json<UserExport>();
      expect(exported.style).toBeNull();
      expect(exported.suggestions).toHaveLength(3);
      expect(exported.suggestions).toEqual(
        expect.arrayContaining(
          replies.suggestions.map((s, index) => ({
            kind: 'reply',
            tone: s.tone,
            text: s.text,
            sounds_like_you: null,
            match: 'Robin',
            sent: index < 2,
            outcome: index === 0 ? 'replied' : null,
            created_at: replies.created_at,
          })),
        ),
      );

      const deleted = await app.inject({
        method: 'POST',
        url: '/api/v1/accounts/user/delete/',
        headers: member.headers,
        payload: { password: PASSWORD },
      });
      expect(deleted.statusCode).toBe(200);
      expect(await db.select().from(suggestions).where(eq(suggestions.uid, uid))).toEqual([]);
    });
  },
  {},
  { ai: recordingModel },
);
