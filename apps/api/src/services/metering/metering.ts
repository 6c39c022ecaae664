import type { Clock } from '@wingmate/runtime';
import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { messageCounters, plans, userPlans, users } from '../../db/schema';
import { Problem } from '../../problem';
import { clientAddressKey } from '../shared/client-address';
import { visitorOwner } from '../owner/visitor-access';
import { lockVisitorForSpending } from '../owner/visitor-lock';
import {
  ACCOUNT_FREE_PERIOD,
  accountFreeKey,
  accountFreeMessagesUsed,
  VISITOR_FREE_PERIOD,
  visitorFreeKey,
} from './free-messages';

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
   * Spends one message, or throws 402 `no_messages`; everything it changes is in one transaction. `alongside`
   * runs in that transaction after the debit: what it changes commits with the debit, and if it throws, nothing
   * was spent.
   */
  spendMessage(sender: MessageSender, alongside?: (tx: AppDatabase) => Promise<void>): Promise<MessageDebit> {
    const day = new Date(this.clock.now()).toISOString().slice(0, 10);
    return this.db.transaction(async (tx) => {
      const debit =
        'userId' in sender
          ? await this.spendMember(tx, sender.userId, sender.ip, day)
          : await this.spendVisitor(tx, sender.uid, sender.ip, day);
      await alongside?.(tx);
      return debit;
    });
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

  /** A visitor's free message: one of its uid's and one of its address's for the day. */
  private async spendVisitor(tx: AppDatabase, uid: string, ip: string, day: string): Promise<MessageDebit> {
    // A sign-up linking this uid waits for this debit, and a debit after it sees the link: the uid's replies
    // then count in the account's pool, so a reply is never given by both.
    await lockVisitorForSpending(tx, uid);
    if ((await visitorOwner(tx, uid)) !== undefined) throw uidOfAnAccount();
    const uidSpent = await bump(tx, visitorFreeKey(uid), VISITOR_FREE_PERIOD, this.limits.freeMessages);
    const ipSpent = uidSpent && (await bump(tx, addressKey(ip), day, this.limits.freeMessagesPerIp));
    // Throwing rolls back the uid's count when only the IP's day was used up.
    if (!ipSpent) throw noMessages();
    return { kind: 'free', uid, ip, day };
  }

  /**
   * A member's message: the account's free messages first, then the subscription's daily fair use, then metered
   * plans oldest first. The user's row is locked for the transaction, so one account's concurrent messages are
   * counted one after another.
   */
  private async spendMember(tx: AppDatabase, userId: number, ip: string, day: string): Promise<MessageDebit> {
    await tx.execute(sql`select ${users.id} from ${users} where ${users.id} = ${userId} for update`);
    if (await this.spendAccountFree(tx, userId, ip, day)) return { kind: 'account-free', userId, ip, day };
    const [subscription] = await tx
      .select({ id: userPlans.id })
      .from(userPlans)
      .innerJoin(plans, eq(plans.id, userPlans.planId))
      .where(
        and(
          eq(userPlans.userId, userId),
          eq(userPlans.isActive, true),
          inArray(userPlans.status, ['active', 'trialing', 'canceled']),
          ne(plans.planType, 'metered'),
        ),
      )
      .limit(1);
    if (subscription && (await bump(tx, `user:${userId}`, day, this.limits.subscriptionDailyCap))) {
      return { kind: 'subscription', userId, day };
    }
    const [pack] = await tx
      .select({ id: userPlans.id })
      .from(userPlans)
      .innerJoin(plans, eq(plans.id, userPlans.planId))
      .where(
        and(
          eq(userPlans.userId, userId),
          eq(userPlans.isActive, true),
          eq(plans.planType, 'metered'),
          gt(userPlans.remainingMessages, 0),
        ),
      )
      .orderBy(asc(userPlans.createdAt), asc(userPlans.id))
      .limit(1);
    if (!pack) throw noMessages();
    const [spent] = await tx
      .update(userPlans)
      .set({ remainingMessages: sql`${userPlans.remainingMessages} - 1` })
      .where(and(eq(userPlans.id, pack.id), gt(userPlans.remainingMessages, 0)))
      .returning({ id: userPlans.id });
    if (!spent) throw noMessages();
    return { kind: 'plan', userPlanId: spent.id };
  }

  /**
   * One of the account's free messages, unless its pool is spent or the address has had its free replies for the
   * day: then the plans pay (docs/product.md#messages-and-metering).
   */
  private async spendAccountFree(tx: AppDatabase, userId: number, ip: string, day: string): Promise<boolean> {
    if ((await accountFreeMessagesUsed(tx, userId)) >= this.limits.freeMessages) return false;
    if (!(await bump(tx, addressKey(ip), day, this.limits.freeMessagesPerIp))) return false;
    return bump(tx, accountFreeKey(userId), ACCOUNT_FREE_PERIOD, this.limits.freeMessages);
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

/** Counts one use of `key` in `period` unless `limit` is reached; one statement, so races cannot pass the limit. */
async function bump(tx: AppDatabase, key: string, period: string, limit: number): Promise<boolean> {
  if (limit <= 0) return false;
  const rows = await tx
    .insert(messageCounters)
    .values({ key, period, used: 1 })
    .onConflictDoUpdate({
      target: [messageCounters.key, messageCounters.period],
      set: { used: sql`${messageCounters.used} + 1` },
      setWhere: sql`${messageCounters.used} < ${limit}`,
    })
    .returning({ used: messageCounters.used });
  return rows.length > 0;
}
