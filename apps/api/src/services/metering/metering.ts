import type { Clock } from '@wingmate/runtime';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import type { ReadAlong } from '../../db/read-along';
import { messageCounters, userPlans } from '../../db/schema';
import { Problem } from '../../problem';
import { clientAddressKey } from '../shared/client-address';
import { postgresErrorCode } from '../../db/postgres-errors';
import { ACCOUNT_FREE_PERIOD, accountFreeKey, VISITOR_FREE_PERIOD, visitorFreeKey } from './free-messages';

export interface MeteringLimits {
  /** Free replies of a person, ever: a visitor's uid, or an account's pool (free-messages.ts; FREE_MESSAGES, 5). */
  readonly freeMessages: number;
  /** Free replies from one IP a day, whatever the uid (FREE_MESSAGES_PER_IP, 20). */
  readonly freeMessagesPerIp: number;
  /** Fair use of a subscription, messages a day (SUBSCRIPTION_DAILY_CAP, 500). */
  readonly subscriptionDailyCap: number;
}

/** Who sends a message: a signed-in account pays; a visitor spends its free replies. */
export type MessageSender =
  { readonly userId: number; readonly ip: string } | { readonly uid: string; readonly ip: string };

/** What one message cost, kept by the caller to refund it if the reply fails. */
export type MessageDebit =
  | { readonly kind: 'free'; readonly uid: string; readonly ip: string; readonly day: string }
  | { readonly kind: 'account-free'; readonly userId: number; readonly ip: string; readonly day: string }
  | { readonly kind: 'subscription'; readonly userId: number; readonly day: string }
  | { readonly kind: 'plan'; readonly userPlanId: number };

/** A spend's debit, and the sender's messages left after it (null while a subscription runs). */
export interface SpentMessage {
  readonly debit: MessageDebit;
  readonly messagesLeft: number | null;
}

/** `wm_spend_message`'s answer. */
interface SpendRow extends Record<string, unknown> {
  readonly spent: 'free' | 'account-free' | 'subscription' | 'plan';
  readonly user_plan_id: number | null;
  readonly messages_left: number | null;
}

/** The SQLSTATEs `wm_spend_message` raises: nothing to spend, and a visitor uid that belongs to an account. */
const NO_MESSAGES_RAISED = 'WM402';
const UID_OF_AN_ACCOUNT_RAISED = 'WM403';

export function noMessages(): Problem {
  return Problem.detail(402, 'No messages remaining.', 'no_messages');
}

/**
 * Message metering for chat. The chat call debits before asking the AI and refunds when the AI fails, so
 * concurrent messages can never spend more than there is and a failed reply costs nothing.
 */
export class Metering {
  constructor(
    private readonly db: AppDatabase,
    private readonly limits: MeteringLimits,
    private readonly clock: Clock,
  ) {}

  /**
   * Spends one message, or throws 402 `no_messages`: a visitor's free reply (one of its uid's and one of its
   * address's for the day), or a member's (the account's free messages first, then the subscription's daily fair use,
   * then metered plans oldest first). One statement, the database's `wm_spend_message`
   * (docs/decisions.md#a-message-spent-in-one-statement), which locks what the steps read: a visitor's uid against a
   * sign-up linking it, a member's row against the account's other messages. `alongside` runs in one transaction
   * with the debit, after it: what it changes commits with the debit, and if it throws, nothing was spent.
   */
  async spendMessage(
    sender: MessageSender,
    alongside?: (tx: AppDatabase) => Promise<void>,
  ): Promise<SpentMessage> {
    const { row: _row, ...spent } = await this.spend(sender, undefined, alongside);
    return spent;
  }

  /**
   * `spendMessage`, reading `along` in the same statement, after the spend: one round trip for a send's spend and
   * the read it needs next (docs/performance.md#the-prompt-read-with-the-spend). The read sees what was committed
   * when the statement began, as a read just before the spend would; nothing is read when nothing was spent.
   */
  async spendMessageReading<R>(
    sender: MessageSender,
    along: ReadAlong<R>,
    alongside?: (tx: AppDatabase) => Promise<void>,
  ): Promise<SpentMessage & { readonly read: R }> {
    const { row, ...spent } = await this.spend(sender, along.columns, alongside);
    return { ...spent, read: along.valueOf(row) };
  }

  private async spend(
    sender: MessageSender,
    columns: SQL | undefined,
    alongside: ((tx: AppDatabase) => Promise<void>) | undefined,
  ): Promise<SpentMessage & { readonly row: SpendRow }> {
    const day = new Date(this.clock.now()).toISOString().slice(0, 10);
    const spend = async (db: AppDatabase) => {
      const row = await this.spendStatement(db, sender, day, columns);
      return { ...spentMessage(sender, day, row), row };
    };
    if (!alongside) return spend(this.db);
    return this.db.transaction(async (tx) => {
      const spent = await spend(tx);
      await alongside(tx);
      return spent;
    });
  }

  private async spendStatement(
    db: AppDatabase,
    sender: MessageSender,
    day: string,
    columns: SQL | undefined,
  ): Promise<SpendRow> {
    const { freeMessages, freeMessagesPerIp, subscriptionDailyCap } = this.limits;
    try {
      const accountId = 'userId' in sender ? sender.userId : null;
      const visitorUid = 'uid' in sender ? sender.uid : null;
      const read = columns ? sql`, ${columns}` : sql``;
      const answer: unknown = await db.execute(
        sql`select spent, user_plan_id, messages_left${read} from wm_spend_message(${accountId}::integer, ${visitorUid}::text, ${addressKey(sender.ip)}, ${day}, ${freeMessages}::integer, ${freeMessagesPerIp}::integer, ${subscriptionDailyCap}::integer)`,
      );
      // Both drivers answer a raw statement's rows as `rows`.
      const { rows } = answer as { rows: SpendRow[] };
      const [row] = rows;
      if (!row) throw new Error('wm_spend_message answered no row');
      return row;
    } catch (error) {
      const code = postgresErrorCode(error);
      if (code === NO_MESSAGES_RAISED) throw noMessages();
      if (code === UID_OF_AN_ACCOUNT_RAISED) throw uidOfAnAccount();
      throw error;
    }
  }

  /** Gives back a message whose reply failed. */
  async refundMessage(debit: MessageDebit): Promise<void> {
    if (debit.kind === 'plan') {
      await this.db
        .update(userPlans)
        .set({ remainingMessages: sql`${userPlans.remainingMessages} + 1` })
        .where(eq(userPlans.id, debit.userPlanId));
      return;
    }
    const keys = refundedCounters(debit);
    await this.db.transaction(async (tx) => {
      for (const { key, period } of keys) {
        await tx
          .update(messageCounters)
          .set({ used: sql`greatest(${messageCounters.used} - 1, 0)` })
          .where(and(eq(messageCounters.key, key), eq(messageCounters.period, period)));
      }
    });
  }
}

function spentMessage(sender: MessageSender, day: string, row: SpendRow): SpentMessage {
  const messagesLeft = row.messages_left === null ? null : Number(row.messages_left);
  return { debit: debitOf(sender, day, row), messagesLeft };
}

function debitOf(sender: MessageSender, day: string, row: SpendRow): MessageDebit {
  const { ip } = sender;
  if ('uid' in sender) return { kind: 'free', uid: sender.uid, ip, day };
  const { userId } = sender;
  switch (row.spent) {
    case 'account-free':
      return { kind: 'account-free', userId, ip, day };
    case 'subscription':
      return { kind: 'subscription', userId, day };
    case 'plan':
      return { kind: 'plan', userPlanId: Number(row.user_plan_id) };
    case 'free':
      throw new Error("wm_spend_message spent a visitor's free message for an account");
  }
}

/** The counters a refund gives one back to. */
function refundedCounters(debit: Exclude<MessageDebit, { kind: 'plan' }>): { key: string; period: string }[] {
  switch (debit.kind) {
    case 'free':
      return [
        { key: visitorFreeKey(debit.uid), period: VISITOR_FREE_PERIOD },
        { key: addressKey(debit.ip), period: debit.day },
      ];
    case 'account-free':
      return [
        { key: accountFreeKey(debit.userId), period: ACCOUNT_FREE_PERIOD },
        { key: addressKey(debit.ip), period: debit.day },
      ];
    case 'subscription':
      return [{ key: `user:${debit.userId}`, period: debit.day }];
  }
}

/** The key of an address's free replies of a day (an IPv6 address counts as its /64). */
function addressKey(ip: string): string {
  return `ip:${clientAddressKey(ip)}`;
}

function uidOfAnAccount(): Problem {
  return Problem.detail(403, 'This visitor id belongs to an account; sign in to that account to use it.');
}
