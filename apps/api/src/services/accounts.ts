import type { User, UserInfo } from '@wingmate/api-contract';
import { count, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/database';
import { socialIdentities, users, visitorAccounts, type UserRow } from '../db/schema';
import { linkVisitorToUser } from './attribution/identity-stitching';
import { moveVisitorData } from './profile/move-visitor-data';
import { membershipStanding } from './membership-standing';

export function userByPhone(db: AppDatabase, phoneNumber: string): Promise<UserRow | undefined> {
  return first(db.select().from(users).where(eq(users.phoneNumber, phoneNumber)));
}

/** E-mail addresses are one account whatever their case. */
export function userByEmail(db: AppDatabase, email: string): Promise<UserRow | undefined> {
  return first(
    db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`),
  );
}

/**
 * Every authenticated request reads its user: one prepared statement per database (built once, and on Postgres
 * parsed and planned once per connection) instead of a query built and parsed each time (docs/performance.md).
 */
export async function userById(db: AppDatabase, id: number): Promise<UserRow | undefined> {
  let query = userByIdQueries.get(db);
  if (!query) {
    query = db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('user_by_id');
    userByIdQueries.set(db, query);
  }
  const [row] = await query.execute({ id });
  return row;
}

const userByIdQueries = new WeakMap<AppDatabase, { execute(values: { id: number }): Promise<UserRow[]> }>();

/** Links the visitor's uid to the account; a uid already linked stays with its first account. */
export async function linkVisitor(
  db: AppDatabase,
  uid: string | undefined | null,
  userId: number,
): Promise<void> {
  if (!uid) return;
  await db.insert(visitorAccounts).values({ uid, userId }).onConflictDoNothing();
  // Its tracking parameters, conversions and A/B assignments follow (attribution's identity stitching).
  await linkVisitorToUser(db, uid, userId);
  // So do its chat history, dating bios, photos, reviews and questionnaire answers.
  await moveVisitorData(db, uid, userId);
}

/** The contract's User (decisions.md, "Auth"). */
export function userJson(user: UserRow, systemNumber: string): User {
  return {
    pk: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    phone_number: user.phoneNumber,
    email: user.email,
    system_number: systemNumber,
    date_joined: user.dateJoined.toISOString(),
  };
}

/** The User plus plan standing and `is_member` (a verified phone, a verified e-mail or a social sign-in). */
export async function userInfoJson(db: AppDatabase, user: UserRow, systemNumber: string): Promise<UserInfo> {
  const standing = await membershipStanding(db, user.id);
  return {
    ...userJson(user, systemNumber),
    remaining_messages: standing.remainingMessages,
    has_subscription: standing.hasSubscription,
    is_member: await isMember(db, user),
  };
}

async function isMember(db: AppDatabase, user: UserRow): Promise<boolean> {
  if (user.phoneVerifiedAt || user.emailVerifiedAt) return true;
  const [row] = await db
    .select({ identities: count() })
    .from(socialIdentities)
    .where(eq(socialIdentities.userId, user.id));
  return (row?.identities ?? 0) > 0;
}

async function first<T>(query: Promise<T[]>): Promise<T | undefined> {
  const [row] = await query;
  return row;
}
