import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { smsInboundMessages, users } from '../../db/schema';
import { normalizeUsPhoneNumber } from '../auth/phone-numbers';
import { keywordOfOptOutType, type SmsKeyword } from './keywords';
import { optIn, optOut } from './opt-outs';

export type SmsInboundRow = typeof smsInboundMessages.$inferSelect;

/** What the SMS worker did with a text (`sms_inbound_messages.outcome`). */
export type SmsOutcome =
  'reply' | 'out_of_messages' | 'invitation' | 'opt_out' | 'opt_in' | 'help' | 'ignored' | 'failed';

/** A text as Twilio's webhook delivered it, its signature already checked. */
export interface InboundText {
  readonly messageSid: string;
  readonly from: string;
  readonly body: string;
  readonly optOutType?: string;
}

/**
 * Stores a text once by its `MessageSid`: true when it is new (the worker then handles it), false for a retried
 * or replayed webhook, which changes nothing. A keyword Twilio already answered (`OptOutType`, Advanced Opt-Out)
 * is recorded here and now, in the same transaction, since nothing is left to send; its row is stored handled
 * and keeps no body.
 */
export async function recordInbound(db: AppDatabase, text: InboundText, now: Date): Promise<boolean> {
  const phone = normalizeUsPhoneNumber(text.from);
  const answeredByTwilio = phone ? keywordOfOptOutType(text.optOutType) : undefined;
  return db.transaction(async (tx) => {
    const userId = phone ? await verifiedMemberOf(tx, phone) : null;
    const [stored] = await tx
      .insert(smsInboundMessages)
      .values({
        messageSid: text.messageSid,
        phone: phone ?? text.from,
        userId,
        receivedAt: now,
        ...(answeredByTwilio
          ? { status: 'handled' as const, outcome: answeredByTwilio, body: null, handledAt: now }
          : { body: text.body }),
      })
      .onConflictDoNothing({ target: smsInboundMessages.messageSid })
      .returning({ id: smsInboundMessages.id });
    if (!stored) return false;
    if (phone && answeredByTwilio) await recordKeyword(tx, phone, answeredByTwilio, now);
    return true;
  });
}

/** The opt-out state a keyword sets; HELP changes none. */
export async function recordKeyword(
  db: AppDatabase,
  phone: string,
  keyword: SmsKeyword,
  now: Date,
): Promise<void> {
  if (keyword === 'opt_out') await optOut(db, phone, now);
  else if (keyword === 'opt_in') await optIn(db, phone);
}

/** The account whose verified phone this is, or null. */
async function verifiedMemberOf(db: AppDatabase, phone: string): Promise<number | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneNumber, phone), isNotNull(users.phoneVerifiedAt)));
  return user?.id ?? null;
}
