import type { ChatReply, HistoryPage, MobileChatReply } from '@wingmate/api-contract';
import type { FastifyInstance } from 'fastify';
import { goodPhoto } from '../testing/test-photos';
import { giveMessages, multipartPayload, temporaryStorage } from '../testing/chat';
import { bearer, signUpByEmail, uniqueIp } from '../testing/sign-in';
import { describeEachDatabase } from '../testing/test-app';

const storage = temporaryStorage();
const newUid = () => crypto.randomUUID();

async function sendText(app: FastifyInstance, payload: object, headers: Record<string, string> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/chat/',
    payload,
    headers,
    remoteAddress: uniqueIp(),
  });
  expect(response.statusCode).toBe(201);
  return response.json<ChatReply>();
}

async function sendPhoto(app: FastifyInstance, uid: string): Promise<MobileChatReply> {
  const form = await multipartPayload(
    { unqiue_id: uid, body: 'Is this photo good?' },
    { image: { bytes: await goodPhoto(320, 240), name: 'photo.jpg' } },
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/mobile/chat/',
    ...form,
    remoteAddress: uniqueIp(),
  });
  expect(response.statusCode).toBe(201);
  return response.json<MobileChatReply>();
}

async function historyCount(app: FastifyInstance, query: string, headers: Record<string, string> = {}) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/mobile/new_ai_history/?${query}`,
    headers,
  });
  return response.json<HistoryPage>().count;
}

function deleteHistory(app: FastifyInstance, payload: object, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/v1/chat/history/delete/', payload, headers });
}

describeEachDatabase(
  'chat history delete (POST /api/v1/chat/history/delete/, optional auth: docs/decisions.md#calls)',
  (getApp) => {
    it("removes a visitor's messages and stored photos by uid, and no one else's", async () => {
      const app = getApp();
      const [uid, other] = [newUid(), newUid()];
      const withPhoto = await sendPhoto(app, uid);
      await sendText(app, { uid, body: 'and another thing' });
      await sendText(app, { uid: other, body: 'hello from someone else' });
      expect((await app.inject({ method: 'GET', url: withPhoto.image! })).statusCode).toBe(200);

      const response = await deleteHistory(app, { uid });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ deleted_messages: 4, deleted_photos: 1 });
      expect(await historyCount(app, `uid=${uid}`)).toBe(0);
      expect((await app.inject({ method: 'GET', url: withPhoto.image! })).statusCode).toBe(404);
      expect(await historyCount(app, `uid=${other}`)).toBe(2);
    });

    it("removes a member's messages by token, leaving a visitor's with the same text alone", async () => {
      const app = getApp();
      const tokens = await signUpByEmail(app);
      await giveMessages(app, tokens.user.pk, 5);
      await sendText(app, { body: 'member message' }, bearer(tokens));
      const uid = newUid();
      await sendText(app, { uid, body: 'member message' });

      const response = await deleteHistory(app, {}, bearer(tokens));
      expect(response.json()).toEqual({ deleted_messages: 2, deleted_photos: 0 });
      expect(await historyCount(app, 'page=1', bearer(tokens))).toBe(0);
      expect(await historyCount(app, `uid=${uid}`)).toBe(1 + 1);
    });

    it('answers zero for an empty history, and keeps the messages already paid for spent', async () => {
      const app = getApp();
      const uid = newUid();
      const sent = await sendText(app, { uid, body: 'one' });
      await deleteHistory(app, { uid });
      expect((await deleteHistory(app, { uid })).json()).toEqual({ deleted_messages: 0, deleted_photos: 0 });
      const next = await sendText(app, { uid, body: 'two' });
      expect(next.remaining_messages).toBe((sent.remaining_messages ?? 0) - 1);
    });

    it('forgets the stored answers of completed sends, which hold the same text', async () => {
      const app = getApp();
      const uid = newUid();
      const headers = { 'idempotency-key': `key-${uid}` };
      await sendText(app, { uid, body: 'private words' }, headers);
      await deleteHistory(app, { uid });
      const again = await sendText(app, { uid, body: 'private words' }, headers);
      expect(again.body).toBe('private words');
      expect(await historyCount(app, `uid=${uid}`)).toBe(2);
    });

    it("asks for a uid when a visitor sends none (400), and refuses an account's uid without its token (403)", async () => {
      const app = getApp();
      const missing = await deleteHistory(app, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ uid: [expect.any(String)] });

      const uid = newUid();
      await sendText(app, { uid, body: 'before signing up' });
      const signUp = await app.inject({
        method: 'POST',
        url: '/register/email/',
        payload: { email: `owner.${uid}@example.com`, password: 'correct horse battery staple', uid },
        remoteAddress: uniqueIp(),
      });
      const tokens = signUp.json<{ access: string }>();
      const refused = await deleteHistory(app, { uid });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: expect.any(String) });
      expect(await historyCount(app, 'page=1', bearer(tokens))).toBe(2);
      const own = await deleteHistory(app, { uid }, bearer(tokens));
      expect(own.json()).toEqual({ deleted_messages: 2, deleted_photos: 0 });
    });
  },
  { metering: { freeMessages: 5, freeMessagesPerIp: 20, subscriptionDailyCap: 500 } },
  { uploadStorage: storage },
);
