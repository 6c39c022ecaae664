import type { FastifyInstance } from 'fastify';
import type { ReplyMode } from '../../adapters/ai/ports';
import { uniqueIp } from '../../testing/sign-in';
import { describeEachDatabase } from '../../testing/test-app';

async function messagesLeft(app: FastifyInstance, uid: string, ip: string): Promise<number> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/user/info/?uid=${uid}`,
    remoteAddress: ip,
  });
  return response.json<{ remaining_messages: number }>().remaining_messages;
}

describeEachDatabase(
  'a chat send paid with its prompt read (docs/performance.md#the-prompt-read-with-the-spend)',
  (getApp) => {
    it('gives the message back when preparing the reply fails after the spend', async () => {
      const app = getApp();
      const uid = crypto.randomUUID();
      const ip = uniqueIp();
      const before = await messagesLeft(app, uid, ip);
      // A mode the reply helper does not know fails only once the prompt is read, after the spend.
      const unknownMode = 'serenade' as ReplyMode;
      await expect(
        app.chat.send({
          owner: { kind: 'visitor', uid },
          ip,
          body: 'Hi there',
          helper: { mode: unknownMode },
        }),
      ).rejects.toThrow();
      expect(await messagesLeft(app, uid, ip)).toBe(before);
      // The same send with a mode it knows is paid for.
      await app.chat.send({
        owner: { kind: 'visitor', uid },
        ip,
        body: 'Hi there',
        helper: { mode: 'opener' },
      });
      expect(await messagesLeft(app, uid, ip)).toBe(before - 1);
    });
  },
);
