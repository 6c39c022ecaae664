import type { Clock } from '@wingmate/core-sdk';
import { and, eq, or } from 'drizzle-orm';
import type { MeteringConfig } from '../../config';
import type { AppDatabase } from '../../db/database';
import { messageCounters } from '../../db/schema';
import { clientAddressKey } from '../shared/client-address';
import { membershipStanding } from '../memberships/membership-standing';
import type { Owner } from '../owner/owner';

/**
 * Messages left after a reply (the contract's `remaining_messages`): a visitor's free replies (its uid's, and its
 * IP's for today, whichever is fewer), a member's metered plans' sum, or null while a subscription runs.
 */
export async function remainingMessages(
  db: AppDatabase,
  limits: MeteringConfig,
  clock: Clock,
  owner: Owner,
  ip: string,
): Promise<number | null> {
  if (owner.kind === 'account') {
    const standing = await membershipStanding(db, owner.userId);
    return standing.hasSubscription ? null : standing.remainingMessages;
  }
  const day = new Date(clock.now()).toISOString().slice(0, 10);
  // The key metering counts under (an IPv6 address as its /64), or the count read would be another's.
  const ipKey = `ip:${clientAddressKey(ip)}`;
  const rows = await db
    .select()
    .from(messageCounters)
    .where(
      or(
        and(eq(messageCounters.key, `uid:${owner.uid}`), eq(messageCounters.period, 'all')),
        and(eq(messageCounters.key, ipKey), eq(messageCounters.period, day)),
      ),
    );
  const used = (key: string) => rows.find((row) => row.key === key)?.used ?? 0;
  return Math.max(
    0,
    Math.min(limits.freeMessages - used(`uid:${owner.uid}`), limits.freeMessagesPerIp - used(ipKey)),
  );
}
