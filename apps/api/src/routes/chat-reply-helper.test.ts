import type { ChatReply } from '@wingmate/api-contract';
import type { FastifyInstance } from 'fastify';
import { multipartPayload } from '../testing/chat';
import { uniqueIp } from '../testing/sign-in';
import { describeEachDatabase } from '../testing/test-app';

const newUid = () => crypto.randomUUID();

function send(app: FastifyInstance, url: string, payload: object) {
  return app.inject({ method: 'POST', url, payload, remoteAddress: uniqueIp() });
}

async function streamedReply(app: FastifyInstance, payload: object): Promise<string> {
  const response = await send(app, '/api/v1/chat/stream/', payload);
  expect(response.statusCode).toBe(200);
  const done = response.body.split('\n\n').find((block) => block.startsWith('event: done'));
  return (JSON.parse(done!.split('\ndata: ')[1]!) as ChatReply).reply.body;
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
