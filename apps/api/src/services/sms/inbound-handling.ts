import type { Clock } from '@wingmate/runtime';
import type { SmsSender } from '../../adapters/messaging/ports';
import type { AppDatabase } from '../../db/database';
import { Problem } from '../../problem';
import type { ChatService } from '../chat/chat-service';
import { normalizeUsPhoneNumber } from '../auth/phone-numbers';
import type { IdempotencyKeys } from '../shared/idempotency-keys';
import { claimDailyNotice, releaseDailyNotice, type DailyNoticeKind } from './daily-notices';
import { recordKeyword, type SmsInboundRow, type SmsOutcome } from './inbound';
import { keywordOf } from './keywords';
import { isOptedOut, smsPhoneHash } from './opt-outs';
import { fitSegments } from './segments';
import { smsTexts } from './texts';

export interface SmsHandlingDependencies {
  readonly db: AppDatabase;
  readonly chat: ChatService;
  /** The chat's idempotency keys: a text's reply is keyed by its `MessageSid`. */
  readonly keys: IdempotencyKeys;
  readonly sender: SmsSender;
  readonly clock: Clock;
  /** The web app's public address, for the sign-up and pricing links. */
  readonly webUrl: string;
}

/** The answer a member's text got, kept under its key so a retry texts it again without a second charge. */
interface StoredReply {
  readonly reply: string;
}

/**
 * What the wingmate does with one stored text (docs/product.md#a-wingmate-by-text-message), in this order: a number
 * outside the US is ignored; a keyword sets the opt-out state and is confirmed; an opted-out number gets nothing but the answers to START
 * and HELP;
 * a member's text is a chat message, answered by text; an unknown number is invited to sign up, once a day. A
 * failure the worker should retry throws; `lastAttempt` turns a failing model into one "try again" text.
 */
export class SmsInboundHandling {
  constructor(private readonly deps: SmsHandlingDependencies) {}

  async handle(row: SmsInboundRow, { lastAttempt }: { lastAttempt: boolean }): Promise<SmsOutcome> {
    const phone = normalizeUsPhoneNumber(row.phone);
    const body = row.body ?? '';
    if (!phone) return 'ignored';
    const keyword = keywordOf(body);
    const optedOut = await isOptedOut(this.deps.db, phone);
    // HELP is answered even after STOP, as carriers require; a repeated STOP is not confirmed twice.
    if (keyword === 'opt_in' || keyword === 'help' || (keyword && !optedOut)) {
      await recordKeyword(this.deps.db, phone, keyword, this.now());
      await this.deps.sender.send(phone, this.keywordText(keyword));
      return keyword;
    }
    if (optedOut || body.trim() === '') return 'ignored';
    if (row.userId === null) return this.notice(phone, 'invitation', smsTexts.invitation(this.deps.webUrl));
    return this.replyToMember(row, row.userId, phone, body, lastAttempt);
  }

  private keywordText(keyword: 'opt_out' | 'opt_in' | 'help'): string {
    switch (keyword) {
      case 'opt_out':
        return smsTexts.optOut();
      case 'opt_in':
        return smsTexts.optIn();
      case 'help':
        return smsTexts.help(this.deps.webUrl);
    }
  }

  /**
   * The text is the member's chat message, metered and stored as the web chat's are. Its reply is kept under the
   * idempotency key `sms:<MessageSid>` with the exchange, so a retry (the reply's text failed to go, or the worker
   * stopped after the reply) texts the kept reply again and never charges or stores a second time.
   */
  private async replyToMember(
    row: SmsInboundRow,
    userId: number,
    phone: string,
    body: string,
    lastAttempt: boolean,
  ): Promise<SmsOutcome> {
    const { chat, keys, sender } = this.deps;
    const claim = await keys.claim(`sms:${row.messageSid}`, {
      caller: `user:${userId}`,
      operation: 'receiveTwilioSms',
      request: { messageSid: row.messageSid },
    });
    let reply: string;
    if (claim.kind === 'replay') {
      reply = (claim.answer.body as StoredReply).reply;
    } else {
      try {
        const exchange = await chat.send({
          owner: { kind: 'account', userId, uid: null },
          ip: smsAddress(phone),
          body,
          // The key is done in the transaction that stores the exchange: stored means kept, never twice.
          onStored: (tx, stored) =>
            claim.complete({ status: 201, body: { reply: stored.body } satisfies StoredReply }, tx),
        });
        reply = exchange.reply.body;
      } catch (error) {
        await claim.release();
        if (error instanceof Problem && error.statusCode === 402) {
          return this.notice(phone, 'out_of_messages', smsTexts.outOfMessages(this.deps.webUrl));
        }
        if (lastAttempt && isModelFailure(error)) {
          await sender.send(phone, smsTexts.tryAgain());
          return 'failed';
        }
        throw error;
      }
    }
    await sender.send(phone, fitSegments(reply));
    return 'reply';
  }

  /** A notice sent at most once a UTC day per number; later texts that day get nothing. */
  private async notice(phone: string, kind: DailyNoticeKind, text: string): Promise<SmsOutcome> {
    const now = this.now();
    if (!(await claimDailyNotice(this.deps.db, kind, phone, now))) return 'ignored';
    try {
      await this.deps.sender.send(phone, text);
    } catch (error) {
      await releaseDailyNotice(this.deps.db, kind, phone, now);
      throw error;
    }
    return kind;
  }

  private now(): Date {
    return new Date(this.deps.clock.now());
  }
}

/**
 * The address the chat's per-address limits count a text under (free messages a day per address): the sender's
 * number, not one shared "SMS" address, which would pool every texting member's allowance into one. Its hash, as
 * the opt-outs keep it, so the day's counter holds no phone number.
 */
function smsAddress(phone: string): string {
  return `sms:${smsPhoneHash(phone)}`;
}

/** The model failed or timed out (the chat's 502 and 504): worth another try later. */
function isModelFailure(error: unknown): boolean {
  return error instanceof Problem && (error.statusCode === 502 || error.statusCode === 504);
}
