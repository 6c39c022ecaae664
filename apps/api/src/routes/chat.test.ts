import type { ChatReply, HistoryPage, MobileChatReply } from '@wingmate/api-contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { goodPhoto } from '../testing/test-photos';
import { giveMessages, multipartPayload, spendFreeMessages, temporaryStorage } from '../testing/chat';
import { bearer, signUpByEmail, testClock, uniqueIp } from '../testing/sign-in';
import { describeEachDatabase } from '../testing/test-app';

const storage = temporaryStorage();
const clock = testClock();
const newUid = () => crypto.randomUUID();

async function send(
  app: FastifyInstance,
  payload: object,
  extra: { headers?: Record<string, string>; ip?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/chat/',
    payload,
    headers: { ...extra.headers },
    remoteAddress: extra.ip ?? uniqueIp(),
  });
}

async function history(
  app: FastifyInstance,
  query: string,
  headers: Record<string, string> = {},
): Promise<HistoryPage> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/mobile/new_ai_history/?${query}`,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<HistoryPage>();
}

describeEachDatabase(
  'chat (docs/product.md#chat-calls; docs/decisions.md#chat-bio-and-profile-appsapi)',
  (getApp) => {
    it("answers a visitor's message with the AI's reply and the free messages left (docs/decisions.md#chat-bio-and-profile-appsapi)", async () => {
      const uid = newUid();
      const response = await send(getApp(), { uid, body: 'Hi! Any tips for a first date?' });
      expect(response.statusCode).toBe(201);
      const reply = response.json<ChatReply>();
      expect(reply).toEqual({
        id: expect.any(Number),
        body: 'Hi! Any tips for a first date?',
        reply: { id: expect.any(Number), body: expect.any(String), created_at: expect.any(String) },
        remaining_messages: 4,
        model: { name: 'wingmate-offline-1', offline: true },
        suggestions: [],
      });
      expect(reply.reply.body.length).toBeGreaterThan(0);
    });

    it('keeps the history 20 messages a page, newest first, each {id, role, body, image, created_at}', async () => {
      const app = getApp();
      const tokens = await signUpByEmail(app);
      await giveMessages(app, tokens.user.pk, 20);
      for (let n = 1; n <= 11; n++) {
        expect((await send(app, { body: `message ${n}` }, { headers: bearer(tokens) })).statusCode).toBe(201);
      }
      const first = await history(app, 'page=1', bearer(tokens));
      expect(first.count).toBe(22);
      expect(first.results).toHaveLength(20);
      expect(first.next).toMatch(/page=2$/);
      expect(first.results[0]).toEqual({
        id: expect.any(Number),
        role: 'ai',
        body: expect.any(String),
        image: null,
        image_variants: [],
        created_at: expect.any(String),
      });
      expect(first.results[1]).toMatchObject({ role: 'user', body: 'message 11' });
      const second = await history(app, 'page=2', bearer(tokens));
      expect(second.results.map((message) => message.body)).toEqual([expect.any(String), 'message 1']);
      // Past the last page: 404 "Invalid page.", as DRF answers it; an empty chat's first page is empty.
      const past = await app.inject({
        method: 'GET',
        url: '/api/v1/mobile/new_ai_history/?page=3',
        headers: bearer(tokens),
      });
      expect([past.statusCode, past.json()]).toEqual([404, { detail: 'Invalid page.' }]);
      expect(await history(app, `page=1&uid=${newUid()}`)).toEqual({
        count: 0,
        next: null,
        previous: null,
        results: [],
      });
    });

    it("spends a member's metered messages, one a reply", async () => {
      const app = getApp();
      const tokens = await signUpByEmail(app);
      await spendFreeMessages(app, tokens.user.pk);
      await giveMessages(app, tokens.user.pk, 3);
      const reply = await send(app, { body: 'hello' }, { headers: bearer(tokens) });
      expect(reply.json<ChatReply>().remaining_messages).toBe(2);
    });

    it.each([
      ['an empty message', ''],
      ['a 20,000-character message', 'x'.repeat(20_000)],
      ['a message of spaces only', '    '],
    ])('answers %s with a 400 field error on body, charging nothing', async (_case, body) => {
      const app = getApp();
      const uid = newUid();
      const ip = uniqueIp();
      const response = await send(app, { uid, body }, { ip });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ body: [expect.any(String)] });
      const next = await send(app, { uid, body: 'hello' }, { ip });
      expect(next.json<ChatReply>().remaining_messages).toBe(4);
    });

    it('answers 402 no_messages when the free messages are spent, storing nothing (docs/decisions.md#chat-bio-and-profile-appsapi)', async () => {
      const app = getApp();
      const uid = newUid();
      const ip = uniqueIp();
      for (let n = 0; n < 5; n++)
        expect((await send(app, { uid, body: `hi ${n}` }, { ip })).statusCode).toBe(201);
      const before = await history(app, `uid=${uid}`);
      const refused = await send(app, { uid, body: 'one more?' }, { ip });
      expect(refused.statusCode).toBe(402);
      expect(refused.json()).toEqual({ detail: 'No messages remaining.', code: 'no_messages' });
      expect(await history(app, `uid=${uid}`)).toEqual(before);
    });

    it('answers 402 to a member without messages (free ones spent, no plan), with the history unchanged', async () => {
      const app = getApp();
      const tokens = await signUpByEmail(app);
      await spendFreeMessages(app, tokens.user.pk);
      const refused = await send(app, { body: 'hello' }, { headers: bearer(tokens) });
      expect(refused.statusCode).toBe(402);
      expect((await history(app, '', bearer(tokens))).count).toBe(0);
    });

    it('refuses a uid that belongs to an account unless that account signs in (403)', async () => {
      const app = getApp();
      const uid = newUid();
      const response = await app.inject({
        method: 'POST',
        url: '/register/email/',
        payload: { email: `owner.${uid}@example.com`, password: 'correct horse battery staple', uid },
        remoteAddress: uniqueIp(),
      });
      expect(response.statusCode).toBe(201);
      expect((await send(app, { uid, body: 'hello' })).statusCode).toBe(403);
      const other = await signUpByEmail(app);
      expect((await send(app, { uid, body: 'hello' }, { headers: bearer(other) })).statusCode).toBe(403);
      const historyResponse = await app.inject({
        method: 'GET',
        url: `/api/v1/mobile/new_ai_history/?uid=${uid}`,
      });
      expect(historyResponse.statusCode).toBe(403);
    });

    it('asks for a uid when a visitor sends none (400 on uid)', async () => {
      const response = await send(getApp(), { body: 'hello' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ uid: ['This field is required.'] });
    });

    it('takes a mobile multipart message with a photo: cleaned (no EXIF), stored and shown in the history', async () => {
      const app = getApp();
      const uid = newUid();
      const photo = await sharp(await goodPhoto(640, 480))
        .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLongitudeRef: 'W' } })
        .jpeg()
        .toBuffer();
      const form = await multipartPayload(
        { unqiue_id: uid, body: 'Is this a good profile photo?', image_width: '640', image_height: '480' },
        { image: { bytes: photo, name: 'photo.jpg' } },
      );
      const response = await app.inject({ method: 'POST', url: '/api/v1/mobile/chat/', ...form });
      expect(response.statusCode).toBe(201);
      const reply = response.json<MobileChatReply>();
      expect(reply.image).toMatch(/^\/uploads\/chat\/[0-9a-f]{32}\.jpg$/);
      expect(reply.remaining_messages).toBe(4);
      const served = await app.inject({ method: 'GET', url: reply.image! });
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
      const page = await history(app, `uid=${uid}`);
      expect(page.results[1]).toMatchObject({ role: 'user', image: reply.image });
    });

    it('refuses a mobile message whose "photo" is a text file, charging nothing (415)', async () => {
      const app = getApp();
      const uid = newUid();
      const ip = uniqueIp();
      const form = await multipartPayload(
        { unqiue_id: uid, body: 'look' },
        { image: { bytes: Buffer.from('just some text, not a photo'), name: 'photo.jpg' } },
      );
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/mobile/chat/',
        ...form,
        remoteAddress: ip,
      });
      expect(response.statusCode).toBe(415);
      expect((await send(app, { uid, body: 'hello' }, { ip })).json<ChatReply>().remaining_messages).toBe(4);
    });

    it('answers a mobile message without unqiue_id or body with field errors', async () => {
      const form = await multipartPayload({ image_width: 'wide' });
      const response = await getApp().inject({ method: 'POST', url: '/api/v1/mobile/chat/', ...form });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json()).sort()).toEqual(['body', 'image_width', 'unqiue_id']);
    });
  },
  { metering: { freeMessages: 5, freeMessagesPerIp: 20, subscriptionDailyCap: 500 } },
  { uploadStorage: storage },
);

describeEachDatabase(
  'Idempotency-Key on chat sends (docs/decisions.md#money-chat-uploads-and-ai-limits)',
  (getApp) => {
    const remaining = async (uid: string) =>
      (await send(getApp(), { uid, body: 'how many left?' })).json<ChatReply>().remaining_messages;

    it('answers a repeated send with the same key with the stored reply, charging once', async () => {
      const uid = newUid();
      const key = crypto.randomUUID();
      const first = await send(getApp(), { uid, body: 'Hi there' }, { headers: { 'idempotency-key': key } });
      const again = await send(getApp(), { uid, body: 'Hi there' }, { headers: { 'idempotency-key': key } });
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect((await history(getApp(), `uid=${uid}`)).count).toBe(2);
      expect(await remaining(uid)).toBe(3);
    });

    it('refuses the same key with a different body with 422 {detail}, charging nothing', async () => {
      const uid = newUid();
      const key = crypto.randomUUID();
      await send(getApp(), { uid, body: 'first question' }, { headers: { 'idempotency-key': key } });
      const other = await send(
        getApp(),
        { uid, body: 'another question' },
        { headers: { 'idempotency-key': key } },
      );
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ detail: expect.any(String) });
      expect(await remaining(uid)).toBe(3);
    });

    it('refuses a malformed Idempotency-Key (spaces, or over 255 characters) with a field error, charging nothing', async () => {
      const uid = newUid();
      for (const key of ['has spaces', 'k'.repeat(256)]) {
        const response = await send(
          getApp(),
          { uid, body: 'hello' },
          { headers: { 'idempotency-key': key } },
        );
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ 'idempotency-key': [expect.any(String)] });
      }
      expect(await remaining(uid)).toBe(4);
    });

    it('keeps keys per caller: the same key from another visitor is a request of its own', async () => {
      const key = crypto.randomUUID();
      const one = await send(
        getApp(),
        { uid: newUid(), body: 'hello' },
        { headers: { 'idempotency-key': key } },
      );
      const two = await send(
        getApp(),
        { uid: newUid(), body: 'hello' },
        { headers: { 'idempotency-key': key } },
      );
      expect(two.statusCode).toBe(201);
      expect(two.json<ChatReply>().id).not.toBe(one.json<ChatReply>().id);
    });

    it('frees the key of a send that failed, so the retry runs (no stored 402)', async () => {
      const app = getApp();
      const tokens = await signUpByEmail(app);
      await spendFreeMessages(app, tokens.user.pk);
      const key = crypto.randomUUID();
      const headers = { ...bearer(tokens), 'idempotency-key': key };
      expect((await send(app, { body: 'hello' }, { headers })).statusCode).toBe(402);
      await giveMessages(app, tokens.user.pk, 1);
      expect((await send(app, { body: 'hello' }, { headers })).statusCode).toBe(201);
    });

    it('answers a repeated mobile send with the same key once, photo and all', async () => {
      const uid = newUid();
      const key = crypto.randomUUID();
      const form = await multipartPayload(
        { unqiue_id: uid, body: 'How is this photo?' },
        {
          image: { bytes: await goodPhoto(), name: 'me.jpg' },
        },
      );
      const post = () =>
        getApp().inject({
          method: 'POST',
          url: '/api/v1/mobile/chat/',
          payload: form.payload,
          headers: { ...form.headers, 'idempotency-key': key },
          remoteAddress: uniqueIp(),
        });
      const first = await post();
      const again = await post();
      expect(first.statusCode).toBe(201);
      expect(again.json<MobileChatReply>()).toEqual(first.json<MobileChatReply>());
      expect((await history(getApp(), `uid=${uid}`)).count).toBe(2);
    });

    it('answers the stored reply again after 24 hours have not passed, and runs anew once they have', async () => {
      const uid = newUid();
      const key = crypto.randomUUID();
      const headers = { 'idempotency-key': key };
      const first = await send(getApp(), { uid, body: 'hello' }, { headers });
      clock.advance(23 * 60 * 60 * 1000);
      expect((await send(getApp(), { uid, body: 'hello' }, { headers })).json()).toEqual(first.json());
      clock.advance(2 * 60 * 60 * 1000);
      const later = await send(getApp(), { uid, body: 'hello' }, { headers });
      expect(later.statusCode).toBe(201);
      expect(later.json<ChatReply>().id).not.toBe(first.json<ChatReply>().id);
    });
  },
  { metering: { freeMessages: 5, freeMessagesPerIp: 100, subscriptionDailyCap: 500 } },
  { uploadStorage: storage, clock },
);

describeEachDatabase(
  'chat metering per address (FREE_MESSAGES_PER_IP: docs/decisions.md#memberships-appsapi)',
  (getApp) => {
    it("counts remaining_messages under the visitor's /64, the key metering spends from (docs/decisions.md#after-the-security-review)", async () => {
      const app = getApp();
      // Two addresses of one IPv6 /64 share the day's free messages from that address.
      for (let n = 0; n < 2; n++) {
        expect((await send(app, { uid: newUid(), body: 'hi' }, { ip: '2001:db8:16:14::1' })).statusCode).toBe(
          201,
        );
      }
      const reply = await send(app, { uid: newUid(), body: 'hi' }, { ip: '2001:db8:16:14::2' });
      expect(reply.statusCode).toBe(201);
      expect(reply.json<ChatReply>().remaining_messages).toBe(0);
      const refused = await send(app, { uid: newUid(), body: 'hi' }, { ip: '2001:db8:16:14::3' });
      expect(refused.statusCode).toBe(402);
    });
  },
  { metering: { freeMessages: 5, freeMessagesPerIp: 3, subscriptionDailyCap: 500 } },
  { uploadStorage: storage },
);

describeEachDatabase(
  'chat photos count as uploads (docs/decisions.md#money-chat-uploads-and-ai-limits)',
  (getApp) => {
    it('refuses a mobile message with a photo past UPLOAD_LIMIT_PER_HOUR with 429, charging nothing', async () => {
      const uid = newUid();
      const photo = await goodPhoto(300, 400);
      const post = async () => {
        const form = await multipartPayload(
          { unqiue_id: uid, body: 'How about this one?' },
          { image: { bytes: photo, name: 'me.jpg' } },
        );
        return getApp().inject({
          method: 'POST',
          url: '/api/v1/mobile/chat/',
          ...form,
          remoteAddress: uniqueIp(),
        });
      };
      expect((await post()).statusCode).toBe(201);
      expect((await post()).statusCode).toBe(201);
      const refused = await post();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      const text = await send(getApp(), { uid, body: 'and without a photo?' });
      expect(text.json<ChatReply>().remaining_messages).toBe(2);
    });
  },
  {
    metering: { freeMessages: 5, freeMessagesPerIp: 20, subscriptionDailyCap: 500 },
    usageLimits: { aiVisitorPerHour: 30, aiMemberPerHour: 120, uploadsPerHour: 2 },
  },
  { uploadStorage: storage },
);
