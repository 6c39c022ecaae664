import type { ChatReply, SuggestionState, WhatWorks } from '@wingmate/api-contract';
import type { FastifyInstance } from 'fastify';
import { suggestions } from '../db/schema';
import { multipartPayload } from '../testing/chat';
import { uniqueIp } from '../testing/sign-in';
import { describeEachDatabase } from '../testing/test-app';

const newUid = () => crypto.randomUUID();

function send(app: FastifyInstance, url: string, payload: object) {
  return app.inject({ method: 'POST', url, payload, remoteAddress: uniqueIp() });
}

async function streamedExchange(app: FastifyInstance, payload: object): Promise<ChatReply> {
  const response = await send(app, '/api/v1/chat/stream/', payload);
  expect(response.statusCode).toBe(200);
  const done = response.body.split('\n\n').find((block) => block.startsWith('event: done'));
  return JSON.parse(done!.split('\ndata: ')[1]!) as ChatReply;
}

async function streamedReply(app: FastifyInstance, payload: object): Promise<string> {
  return (await streamedExchange(app, payload)).reply.body;
}

/** A visitor's call to the style and suggestions calls (docs/product.md#sounds-like-me). */
function styleCall(
  app: FastifyInstance,
  uid: string,
  method: 'GET' | 'POST',
  path: string,
  payload?: object,
) {
  return app.inject({ method, url: `/api/v1/${path}?uid=${uid}`, payload, remoteAddress: uniqueIp() });
}

describeEachDatabase(
  'the reply helper on the chat calls (optional mode and tone: docs/decisions.md#calls)',
  (getApp) => {
    it("writes the offline engine's openers in the chosen tone (JSON send)", async () => {
      const response = await send(getApp(), '/api/v1/chat/', {
        uid: newUid(),
        body: 'she loves hiking',
        mode: 'opener',
        tone: 'witty',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json<ChatReply>().reply.body).toMatch(/^Three witty openers to try:/);
    });

    it('honours them on the streamed send', async () => {
      const body = await streamedReply(getApp(), {
        uid: newUid(),
        body: 'how do I ask her out?',
        mode: 'ask_for_date',
        tone: 'sincere',
      });
      expect(body).toContain('Two sincere ways to ask them out:');
    });

    it('honours them on the mobile multipart send', async () => {
      const form = await multipartPayload({
        unqiue_id: newUid(),
        body: 'He wrote "I just adopted a puppy"',
        mode: 'reply',
        tone: 'playful',
      });
      const response = await getApp().inject({ method: 'POST', url: '/api/v1/mobile/chat/', ...form });
      expect(response.statusCode).toBe(201);
      expect(response.json<ChatReply>().reply.body).toContain('Two playful ways to answer:');
    });

    it('answers a plain chat as before when neither is sent', async () => {
      const response = await send(getApp(), '/api/v1/chat/', { uid: newUid(), body: 'she loves hiking' });
      expect(response.json<ChatReply>().reply.body).not.toMatch(/openers to try|ways to/);
    });

    it.each([
      ['/api/v1/chat/', { mode: 'pickup_line' }, 'mode'],
      ['/api/v1/chat/', { tone: 'sarcastic' }, 'tone'],
      ['/api/v1/chat/stream/', { mode: 'OPENER' }, 'mode'],
    ])(
      'refuses an unknown value on %s with a 400 on the field, charging nothing',
      async (url, extra, field) => {
        const uid = newUid();
        const response = await send(getApp(), url, { uid, body: 'hello', ...extra });
        expect(response.statusCode).toBe(400);
        expect(Object.keys(response.json<Record<string, unknown>>())).toEqual([field]);
        const ok = await send(getApp(), '/api/v1/chat/', { uid, body: 'hello' });
        expect(ok.json<ChatReply>().remaining_messages).toBe(4);
      },
    );

    it('refuses an unknown tone in the mobile form with a 400 on the field', async () => {
      const form = await multipartPayload({ unqiue_id: newUid(), body: 'hi', tone: 'grumpy' });
      const response = await getApp().inject({ method: 'POST', url: '/api/v1/mobile/chat/', ...form });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<Record<string, unknown>>())).toEqual(['tone']);
    });
  },
  { metering: { freeMessages: 5, freeMessagesPerIp: 20, subscriptionDailyCap: 500 } },
);

describeEachDatabase(
  "the reply helper's suggestions, structured (docs/product.md#what-works-for-you)",
  (getApp) => {
    it('offers three openers in three tones of the order, each in the text, kept to be marked', async () => {
      const uid = newUid();
      const response = await send(getApp(), '/api/v1/chat/', {
        uid,
        body: 'she loves hiking',
        mode: 'opener',
      });
      expect(response.statusCode).toBe(201);
      const exchange = response.json<ChatReply>();
      const offered = exchange.suggestions ?? [];
      expect(offered).toHaveLength(3);
      expect(new Set(offered.map((suggestion) => suggestion.tone)).size).toBe(3);
      for (const suggestion of offered) {
        expect(suggestion).toEqual({
          id: expect.any(String),
          kind: 'opener',
          tone: expect.any(String),
          text: expect.any(String),
          sounds_like_you: null,
        });
        expect(exchange.reply.body).toContain(`"${suggestion.text}"`);
      }
      const marked = await styleCall(getApp(), uid, 'POST', `suggestions/${offered[0]!.id}/outcome/`, {
        outcome: 'replied',
      });
      expect(marked.json<SuggestionState>()).toMatchObject({
        kind: 'opener',
        sent: true,
        outcome: 'replied',
      });
      const works = (await styleCall(getApp(), uid, 'GET', 'suggestions/what-works/')).json<WhatWorks>();
      const openers = works.kinds.find((kind) => kind.kind === 'opener');
      expect(openers?.tones.find((tone) => tone.tone === offered[0]!.tone)).toMatchObject({
        sent: 1,
        replied: 1,
      });
    });

    it("writes the streamed helper's replies in the person's style, scored, and stores them", async () => {
      const uid = newUid();
      const samples = ['lol same', 'omg no way', 'haha ok', 'wait what', 'lol ok see u', 'nah im good'].join(
        '\n',
      );
      expect((await styleCall(getApp(), uid, 'POST', 'style/samples/', { text: samples })).statusCode).toBe(
        200,
      );
      const exchange = await streamedExchange(getApp(), {
        uid,
        body: 'He wrote "I just adopted a puppy"',
        mode: 'reply',
        tone: 'playful',
      });
      const offered = exchange.suggestions ?? [];
      expect(offered.map((suggestion) => [suggestion.kind, suggestion.tone])).toEqual([
        ['reply', 'playful'],
        ['reply', 'playful'],
      ]);
      for (const suggestion of offered) {
        // All lowercase, as this person texts.
        expect(suggestion.text).toBe(suggestion.text.toLowerCase());
        expect(suggestion.sounds_like_you).toEqual(expect.any(Number));
        expect(exchange.reply.body).toContain(suggestion.text);
      }
      const sent = await styleCall(getApp(), uid, 'POST', `suggestions/${offered[1]!.id}/outcome/`, {
        outcome: 'sent',
      });
      expect(sent.statusCode).toBe(200);
    });

    it('offers first the tone that got this person replies, from their outcomes (the tone order)', async () => {
      const uid = newUid();
      const outcome = (tone: string, replied: boolean) => ({
        id: crypto.randomUUID(),
        uid,
        kind: 'opener' as const,
        tone,
        text: 'An opener',
        sentAt: new Date(),
        outcome: replied ? ('replied' as const) : ('no_reply' as const),
      });
      await getApp()
        .database.db.insert(suggestions)
        .values([
          ...Array.from({ length: 20 }, () => outcome('sincere', true)),
          ...['playful', 'flirty', 'witty', 'confident'].flatMap((tone) =>
            Array.from({ length: 20 }, () => outcome(tone, false)),
          ),
        ]);
      const response = await send(getApp(), '/api/v1/chat/', {
        uid,
        body: 'an opener please',
        mode: 'opener',
      });
      expect(response.json<ChatReply>().suggestions?.[0]?.tone).toBe('sincere');
    });

    it('offers none in a plain chat that suggests nothing', async () => {
      const response = await send(getApp(), '/api/v1/chat/', { uid: newUid(), body: 'hello there!' });
      expect(response.json<ChatReply>().suggestions).toEqual([]);
    });
  },
);
