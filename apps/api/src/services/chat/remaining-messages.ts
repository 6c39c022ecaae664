import type { Clock } from '@wingmate/runtime';
import { and, eq, or, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../db/prepared-per-database';
import type { MeteringConfig } from '../../config';
import type { AppDatabase } from '../../db/database';
import { messageCounters } from '../../db/schema';
import { clientAddressKey } from '../shared/client-address';
import { membershipStandingQuery, standingOf } from '../memberships/membership-standing';
import type { Owner } from '../owner/owner';
import { accountFreeUsed, VISITOR_FREE_PERIOD, visitorFreeKey } from '../metering/free-messages';

/**
 * Messages left (the contract's `remaining_messages`): a visitor's free replies (its uid's, and its IP's for today,
 * whichever is fewer), or an account's (`accountRemainingMessages`).
 */
export async function remainingMessages(
  db: AppDatabase,
  limits: MeteringConfig,
  clock: Clock,
  owner: Owner,
  ip: string,
): Promise<number | null> {
  if (owner.kind === 'account') return accountRemainingMessages(db, limits.freeMessages, owner.userId);
  const day = new Date(clock.now()).toISOString().slice(0, 10);
  // The key metering counts under (an IPv6 address as its /64), or the count read would be another's.
  const ipKey = `ip:${clientAddressKey(ip)}`;
  const rows = await db
    .select()
    .from(messageCounters)
    .where(
      or(
        and(
          eq(messageCounters.key, visitorFreeKey(owner.uid)),
          eq(messageCounters.period, VISITOR_FREE_PERIOD),
        ),
        and(eq(messageCounters.key, ipKey), eq(messageCounters.period, day)),
      ),
    );
  const used = (key: string) => rows.find((row) => row.key === key)?.used ?? 0;
  return Math.max(
    0,
    Math.min(limits.freeMessages - used(visitorFreeKey(owner.uid)), limits.freeMessagesPerIp - used(ipKey)),
  );
}

/**
 * An account's `remaining_messages`: null while a subscription runs, else `accountStanding`'s messages.
 */
export async function accountRemainingMessages(
  db: AppDatabase,
  freeMessages: number,
  userId: number,
): Promise<number | null> {
  const standing = await accountStanding(db, freeMessages, userId);
  return standing.hasSubscription ? null : standing.messages;
}

/**
 * What an account has: what is left of its free messages plus its metered plans' messages
 * (docs/product.md#messages-and-metering), and whether a subscription runs. The address's daily cap of free replies is
 * not counted: it only decides, message by message, that the plans pay.
 */
export async function accountStanding(
  db: AppDatabase,
  freeMessages: number,
  userId: number,
): Promise<{ messages: number; hasSubscription: boolean }> {
  const [row] = await standingQueries(db).execute({ userId });
  const standing = standingOf(row);
  const freeLeft = Math.max(0, freeMessages - Number(row?.used ?? 0));
  return { messages: standing.remainingMessages + freeLeft, hasSubscription: standing.hasSubscription };
}

/**
 * The plans' and the free messages' reads in one prepared statement
 * (docs/performance.md#after-the-spend-in-one-statement).
 */
const standingQueries = preparedPerDatabase((db) => {
  const userId = sql.placeholder('userId');
  const plans = membershipStandingQuery(db, userId).as('plans');
  return db
    .select({
      remainingMessages: plans.remainingMessages,
      subscriptions: plans.subscriptions,
      used: accountFreeUsed(userId),
    })
    .from(plans)
    .prepare('account_standing');
});
