import type { AppDatabase } from '../../db/database';
import { notices } from '../../db/schema';
import type { Executor } from './payments';

/** The kind of notices about billing (`accounts/messages/`): a plan ended by the spending cap, and the like. */
export const BILLING_NOTICE_KIND = 'billing';

export async function sendBillingNotice(
  db: Executor | AppDatabase,
  userId: number,
  notice: { title: string; body: string; at: Date },
): Promise<void> {
  await db.insert(notices).values({
    userId,
    kind: BILLING_NOTICE_KIND,
    title: notice.title,
    body: notice.body,
    createdAt: notice.at,
  });
}
