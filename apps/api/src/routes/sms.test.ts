import type { HistoryMessage, UserInfo } from '@wingmate/api-contract';
import { startFakeTwilio, type FakeTwilio, type TwilioInbound } from '@wingmate/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AiProviderError } from '../adapters/ai/errors';
import { offlineModel } from '../adapters/ai/offline/offline-model';
import type { AiModel } from '../adapters/ai/ports';
import { smsInboundMessages } from '../db/schema';
import { isOptedOut } from '../services/sms/opt-outs';
import { fitSegments, smsSize } from '../services/sms/segments';
import { smsTexts } from '../services/sms/texts';
import { bearer, testClock, uniqueIp, uniquePhoneNumber } from '../testing/sign-in';
import { describeEachDatabase } from '../testing/test-app';
import { SMS_MAX_ATTEMPTS, SMS_RETRY_BASE_MS } from '../workers/sms-inbound';

const PUBLIC_API_URL = 'https://api.wingmate.test';
const WEB_URL = 'https://wingmate.test';
const WEBHOOK_PATH = '/webhooks/twilio/sms/';
const DAY_MS = 24 * 3600_000;

const clock = testClock();
const offline = offlineModel();
/** The offline model, failing the next `failures` replies, or answering `nextReply` once. */
const ai = { failures: 0, nextReply: undefined as string | undefined };
const model: AiModel = {
  ...offline,
  reply: async (request) => {
    if (ai.failures > 0) {
      ai.failures -= 1;
      throw new AiProviderError('the model is down');
    }
    const body = ai.nextReply;
    ai.nextReply = undefined;
    return body === undefined ? offline.reply(request) : { body, model: offline.info };
  },
};

let twilio: FakeTwilio;
beforeAll(async () => {
  twilio = await startFakeTwilio();
});
afterAll(() => twilio.close());

describeEachDatabase(
  'a wingmate by text message (docs/product.md#a-wingmate-by-text-message)',
  (getApp) => {
    let via: string;
    const app = (): FastifyInstance => getApp();
    const db = () => app().database.db;

    beforeAll(async () => {
      // Twilio signs the public URL; the request reaches this server's own port behind it.
      via = `${await app().listen({ host: '127.0.0.1', port: 0 })}${WEBHOOK_PATH}`;
    });
    beforeEach(() => {
      twilio.messages.splice(0);
    });

    const rowOf = async (messageSid: string) => {
      const [row] = await db()
        .select()
        .from(smsInboundMessages)
        .where(eq(smsInboundMessages.messageSid, messageSid));
      return row;
    };
    const sentTo = (phone: string) => twilio.messages.filter((m) => m.to === phone).map((m) => m.body);

    /** Texts the wingmate as Twilio delivers it, and waits for the worker's run the webhook kicked. */
    async function text(from: string, body: string, extra: Partial<TwilioInbound> = {}) {
      const answer = await twilio.sendInbound({
        url: `${PUBLIC_API_URL}${WEBHOOK_PATH}`,
        via,
        from,
        body,
        ...extra,
      });
      expect([answer.status, answer.contentType?.startsWith('text/xml'), answer.body]).toEqual([
        200,
        true,
        '<Response/>',
      ]);
      await app().smsInbox.worker.runOnce();
      return (await rowOf(answer.messageSid))!;
    }

    /** A member signed up by phone, the PIN read from what the fake Twilio was asked to send. */
    async function member() {
      const phone = uniquePhoneNumber();
      const remoteAddress = uniqueIp();
      await app().inject({
        method: 'POST',
        url: '/register/',
        payload: { phone_number: phone },
        remoteAddress,
      });
      const verified = await app().inject({
        method: 'POST',
        url: '/verify/',
        payload: { phone_number: phone, code: codeSentTo(phone) },
        remoteAddress,
      });
      expect(verified.statusCode).toBe(200);
      twilio.messages.splice(0);
      return { phone, headers: bearer(verified.json<{ access: string }>()) };
    }
    const codeSentTo = (phone: string) =>
      sentTo(phone)
        .at(-1)
        ?.match(/\b(\d{6})\b/)?.[1];

    const history = async (headers: Record<string, string>) =>
      (await app().inject({ url: '/api/v1/mobile/new_ai_history/', headers })).json<{
        results: HistoryMessage[];
      }>().results;
    const remaining = async (headers: Record<string, string>) =>
      (await app().inject({ url: '/api/v1/user/info/', headers })).json<UserInfo>().remaining_messages;

    it("answers a member's text through Twilio, with the exchange in the chat history and one message charged", async () => {
      const { phone, headers } = await member();
      const row = await text(phone, 'Hi wingmate, how do I open a conversation?');
      expect(row).toMatchObject({
        status: 'handled',
        outcome: 'reply',
        body: null,
        userId: expect.any(Number),
      });
      const [reply, sent] = await history(headers);
      expect([sent?.role, sent?.body, reply?.role]).toEqual([
        'user',
        'Hi wingmate, how do I open a conversation?',
        'ai',
      ]);
      expect(sentTo(phone)).toEqual([fitSegments(reply!.body)]);
      expect(await remaining(headers)).toBe(0);

      // Twilio retries a webhook it saw no answer to: the same MessageSid changes nothing.
      const replayed = await twilio.sendInbound({
        url: `${PUBLIC_API_URL}${WEBHOOK_PATH}`,
        via,
        from: phone,
        body: 'Hi wingmate, how do I open a conversation?',
        messageSid: row.messageSid,
      });
      expect(replayed.status).toBe(200);
      await app().smsInbox.worker.runOnce();
      expect(await history(headers)).toHaveLength(2);
      expect(sentTo(phone)).toHaveLength(1);
    });

    it('refuses a forged or misaddressed webhook with 403 and stores nothing', async () => {
      const phone = uniquePhoneNumber();
      const url = `${PUBLIC_API_URL}${WEBHOOK_PATH}`;
      const forged = [
        await twilio.sendInbound({ url, via, from: phone, body: 'hi', authToken: 'a guessed token' }),
        await twilio.sendInbound({ url: `http://127.0.0.1${WEBHOOK_PATH}`, via, from: phone, body: 'hi' }),
        await twilio.sendInbound({ url, via, from: phone, body: 'hi', accountSid: `AC${'1'.repeat(32)}` }),
        await twilio.sendInbound({ url, via, from: phone, body: 'hi', to: '+12025550123' }),
      ];
      const unsigned = await app().inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          MessageSid: 'SMunsigned',
          AccountSid: twilio.accountSid,
          From: phone,
          To: twilio.phoneNumber,
          Body: 'hi',
        }).toString(),
      });
      expect([...forged.map((answer) => answer.status), unsigned.statusCode]).toEqual([
        403, 403, 403, 403, 403,
      ]);
      expect(unsigned.json()).toEqual({ detail: 'This request was not signed by Twilio for this number.' });
      const stored = await db().select().from(smsInboundMessages).where(eq(smsInboundMessages.phone, phone));
      expect(stored).toEqual([]);
    });

    it('confirms STOP, START and HELP; answers HELP after STOP; sends nothing when Twilio answered them; ignores an opted-out number', async () => {
      const { phone, headers } = await member();
      expect((await text(phone, ' stop ')).outcome).toBe('opt_out');
      expect(await isOptedOut(db(), phone)).toBe(true);
      expect((await text(phone, 'Are you there?')).outcome).toBe('ignored');
      expect((await text(phone, 'STOP')).outcome).toBe('ignored');
      expect((await text(phone, 'HELP')).outcome).toBe('help');
      expect((await text(phone, 'Start')).outcome).toBe('opt_in');
      expect((await text(phone, 'info')).outcome).toBe('help');
      const help = smsTexts.help(WEB_URL);
      expect(sentTo(phone)).toEqual([smsTexts.optOut(), help, smsTexts.optIn(), help]);
      expect(help).toMatch(/^Wingmate: .*Msg&data rates may apply.*Reply STOP/);
      // Nothing was charged or stored for the text sent while opted out.
      expect(await history(headers)).toEqual([]);
      expect(await remaining(headers)).toBe(1);

      twilio.messages.splice(0);
      expect((await text(phone, 'Arrête', { optOutType: 'STOP' })).outcome).toBe('opt_out');
      expect(await isOptedOut(db(), phone)).toBe(true);
      expect((await text(phone, 'help', { optOutType: 'HELP' })).outcome).toBe('help');
      expect((await text(phone, 'UNSTOP', { optOutType: 'START' })).outcome).toBe('opt_in');
      expect(await isOptedOut(db(), phone)).toBe(false);
      expect(sentTo(phone)).toEqual([]);
    });

    it('invites an unknown number to sign up once a day, keeping none of its texts; ignores numbers outside the US', async () => {
      const phone = uniquePhoneNumber();
      const first = await text(phone, 'hey, who is this?');
      expect(first).toMatchObject({ outcome: 'invitation', body: null, userId: null });
      expect((await text(phone, 'hello?')).outcome).toBe('ignored');
      expect(sentTo(phone)).toEqual([smsTexts.invitation(WEB_URL)]);
      expect(smsTexts.invitation(WEB_URL)).toContain(`${WEB_URL}/signup`);

      expect((await text('+447700900123', 'hello from London')).outcome).toBe('ignored');
      expect(sentTo('+447700900123')).toEqual([]);

      clock.advance(DAY_MS);
      expect((await text(phone, 'hey again')).outcome).toBe('invitation');
      expect(sentTo(phone)).toHaveLength(2);
    });

    it('texts "out of messages" with the pricing link once a day, and stores nothing then', async () => {
      const { phone, headers } = await member();
      expect((await text(phone, 'first')).outcome).toBe('reply');
      expect((await text(phone, 'second')).outcome).toBe('out_of_messages');
      expect((await text(phone, 'third')).outcome).toBe('ignored');
      expect(sentTo(phone).slice(1)).toEqual([smsTexts.outOfMessages(WEB_URL)]);
      expect(smsTexts.outOfMessages(WEB_URL)).toContain(`${WEB_URL}/pricing`);
      expect(await history(headers)).toHaveLength(2);

      clock.advance(DAY_MS);
      expect((await text(phone, 'fourth')).outcome).toBe('out_of_messages');
    });

    it('retries a failing model with the clock, then texts "try again" once, charging nothing', async () => {
      const { phone, headers } = await member();
      ai.failures = SMS_MAX_ATTEMPTS;
      let row = await text(phone, 'Is anyone there?');
      for (let attempt = 2; attempt <= SMS_MAX_ATTEMPTS; attempt++) {
        expect(row).toMatchObject({ status: 'pending', attempts: attempt - 1 });
        clock.advance(SMS_RETRY_BASE_MS * 2 ** (attempt - 2));
        await app().smsInbox.worker.runOnce();
        row = (await rowOf(row.messageSid))!;
      }
      expect(row).toMatchObject({ status: 'handled', outcome: 'failed', body: null });
      expect(sentTo(phone)).toEqual([smsTexts.tryAgain()]);
      expect(await history(headers)).toEqual([]);
      expect(await remaining(headers)).toBe(1);
    });

    it('texts the kept reply again when Twilio failed, never charging or storing twice; cuts it to 4 segments', async () => {
      const { phone, headers } = await member();
      const story = 'Here is how the evening could go, step by step. '.repeat(20).trim();
      ai.nextReply = story;
      // Every try of the sender's first attempt fails (it tries three times).
      twilio.failNext(500, 3);
      const row = await text(phone, 'Plan my first date');
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(sentTo(phone)).toEqual([]);

      clock.advance(SMS_RETRY_BASE_MS);
      await app().smsInbox.worker.runOnce();
      expect((await rowOf(row.messageSid))?.outcome).toBe('reply');
      const [sent] = sentTo(phone);
      expect(sent).toBe(fitSegments(story));
      expect([sent!.endsWith('...'), smsSize(sent!).segments]).toEqual([true, 4]);
      const [reply] = await history(headers);
      expect(reply?.body).toBe(story);
      expect(await history(headers)).toHaveLength(2);
      expect(await remaining(headers)).toBe(0);
    });

    it("deletes a member's texts with the account and keeps the number's opt-out", async () => {
      const { phone, headers } = await member();
      await text(phone, 'hello');
      // A code goes to a number at most once a minute, and the sign-up PIN just went.
      clock.advance(60_000);
      const confirm = await app().inject({
        method: 'POST',
        url: '/api/v1/accounts/user/confirm/',
        headers,
        payload: { purpose: 'delete' },
      });
      expect(confirm.statusCode).toBe(200);
      const code = codeSentTo(phone);
      expect((await text(phone, 'STOP')).outcome).toBe('opt_out');
      const deleted = await app().inject({
        method: 'POST',
        url: '/api/v1/accounts/user/delete/',
        headers,
        payload: { code },
      });
      expect(deleted.statusCode).toBe(200);
      expect(await db().select().from(smsInboundMessages).where(eq(smsInboundMessages.phone, phone))).toEqual(
        [],
      );
      expect(await isOptedOut(db(), phone)).toBe(true);
    });
  },
  () => ({
    publicApiUrl: PUBLIC_API_URL,
    webOrigins: [WEB_URL],
    systemNumber: twilio.phoneNumber,
    twilio: {
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: twilio.phoneNumber,
      baseUrl: twilio.url,
    },
    twilioWebhook: { accountSid: twilio.accountSid, authToken: twilio.authToken },
    metering: { freeMessages: 1, freeMessagesPerIp: 20, subscriptionDailyCap: 500 },
  }),
  { clock, ai: model },
);
