import type { Clock } from '@wingmate/runtime';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { webAppUrl, type Config } from '../../config';
import { recordInbound, type InboundText } from '../../services/sms/inbound';
import { SmsInboundHandling } from '../../services/sms/inbound-handling';
import { SmsWorker } from '../../workers/sms-inbound';

/** How often each instance looks for texts left pending (a retry due, or a worker that died). */
const SMS_POLL_MS = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The wingmate by text message (docs/product.md#a-wingmate-by-text-message). */
    smsInbox: SmsInbox;
  }
}

export interface SmsInbox {
  /** Stores a text Twilio delivered (once per `MessageSid`) and kicks the worker when it is new. */
  receive(text: InboundText): Promise<void>;
  /** Handles the stored texts; the webhook kicks it and the interval polls, tests run it. */
  readonly worker: SmsWorker;
}

export interface SmsOptions {
  readonly config: Config;
  readonly clock: Clock;
}

/** Inbound texts and their worker (after chat: a member's text is a chat message), running from start to close. */
export const smsPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
  async (app: FastifyInstance, { config, clock }: SmsOptions) => {
    const db = app.database.db;
    const handling = new SmsInboundHandling({
      db,
      chat: app.chat,
      keys: app.chatKeys,
      sender: app.auth.smsSender,
      clock,
      webUrl: webAppUrl(config),
    });
    const worker = new SmsWorker(db, handling, clock, app.log.child({ worker: 'sms' }));
    app.decorate('smsInbox', {
      worker,
      receive: async (text: InboundText) => {
        if (await recordInbound(db, text, new Date(clock.now()))) worker.kick();
      },
    });
    app.addHook('onClose', () => worker.stop());
    worker.start(SMS_POLL_MS);
  },
  { name: 'sms', dependencies: ['database', 'auth-services', 'chat'] },
);
