import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { visitorAccounts } from '../../db/schema';
import { Problem } from '../../problem';

/** The account a visitor uid signed up or in with, if any. */
export async function visitorOwner(db: AppDatabase, uid: string): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: visitorAccounts.userId })
    .from(visitorAccounts)
    .where(eq(visitorAccounts.uid, uid));
  return row?.userId;
}

/**
 * docs/decisions.md#chat-bio-and-profile-appsapi: a uid that belongs to an account needs that account's token, so an
 * anonymous caller cannot read or change a member's data by knowing their uid (403).
 */
export async function assertVisitorAccess(
  db: AppDatabase,
  uid: string,
  userId: number | null,
): Promise<void> {
  if (userId !== null) return;
  if ((await visitorOwner(db, uid)) !== undefined) {
    throw Problem.detail(403, 'This visitor id belongs to an account; sign in to use it.');
  }
}
