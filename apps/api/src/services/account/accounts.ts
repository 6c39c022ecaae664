import {
  errorCodes,
  type OperationBody,
  type OperationResponse,
  type operations,
  type User,
  type UserInfo,
} from '@wingmate/api-contract';
import { count, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { socialIdentities, users, visitorAccounts, type UserRow } from '../../db/schema';
import { linkVisitorToUser } from '../attribution/identity-stitching';
import { lockVisitorForLinking } from '../owner/visitor-lock';
import { moveVisitorData } from '../owner/move-visitor-data';
import { Problem } from '../../problem';
import { accountStanding } from '../chat/remaining-messages';

type UpdateUserBody = OperationBody<typeof operations.updateUser>;
/** The answer of `user/info/` to a visitor (the contract's VisitorInfo). */
type VisitorInfo = Extract<OperationResponse<typeof operations.getUserInfo>, { pk: null }>;

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
 * One user by id through one prepared statement per database (built once, and on Postgres parsed and planned once
 * per connection) instead of a query built and parsed each time; signed-in requests reach it through
 * `SignedInUserReads` when they arrive alone (docs/performance.md#what-changed).
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
  // Free replies the uid is being given right now finish first, and count in the account's pool.
  await lockVisitorForLinking(db, uid);
  await db.insert(visitorAccounts).values({ uid, userId }).onConflictDoNothing();
  // Its tracking parameters, conversions and A/B assignments follow (attribution's identity stitching).
  await linkVisitorToUser(db, uid, userId);
  // So do its chat history, dating bios, photos, reviews and questionnaire answers.
  await moveVisitorData(db, uid, userId);
}

/** The contract's User (docs/product.md#the-user). */
export function userJson(user: UserRow, systemNumber: string): User {
  return {
    pk: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    phone_number: user.phoneNumber,
    email: user.email,
    system_number: systemNumber,
    date_joined: user.dateJoined.toISOString(),
    has_password: user.passwordHash !== null,
    terms_accepted_at: user.termsAcceptedAt?.toISOString() ?? null,
  };
}

/**
 * The User plus the messages left (free and plans', `freeMessages` being the configured pool), whether a
 * subscription runs, and `is_member` (a verified phone, a verified e-mail or a social sign-in).
 */
export async function userInfoJson(
  db: AppDatabase,
  user: UserRow,
  systemNumber: string,
  freeMessages: number,
): Promise<UserInfo> {
  const standing = await accountStanding(db, freeMessages, user.id);
  return {
    ...userJson(user, systemNumber),
    remaining_messages: standing.messages,
    has_subscription: standing.hasSubscription,
    is_member: await isMember(db, user),
  };
}

/** `user/info/` of a visitor: its free messages left, and the fields of an account, empty. */
export function visitorInfoJson(systemNumber: string, remainingMessages: number): VisitorInfo {
  return {
    pk: null,
    first_name: '',
    last_name: '',
    phone_number: null,
    email: null,
    system_number: systemNumber,
    date_joined: null,
    has_password: false,
    terms_accepted_at: null,
    remaining_messages: remainingMessages,
    has_subscription: false,
    is_member: false,
  };
}

// Line breaks, tabs and other control characters have no place in a name shown on every screen.
const CONTROL_CHARACTERS = /\p{Cc}/u;

/** The account page's name change: each name trimmed; the length limit is the contract's (150). */
export async function updateNames(db: AppDatabase, user: UserRow, body: UpdateUserBody): Promise<UserRow> {
  const changes: { firstName?: string; lastName?: string } = {};
  const errors: Record<string, string[]> = {};
  for (const [field, key] of [
    ['first_name', 'firstName'],
    ['last_name', 'lastName'],
  ] as const) {
    const value = body[field]?.trim();
    if (value === undefined) continue;
    if (CONTROL_CHARACTERS.test(value)) errors[field] = ['Names cannot contain line breaks or tabs.'];
    else changes[key] = value;
  }
  if (Object.keys(errors).length > 0) throw Problem.fields(errors);
  if (Object.keys(changes).length === 0) return user;
  const [updated] = await db.update(users).set(changes).where(eq(users.id, user.id)).returning();
  if (!updated) throw Problem.notFound();
  return updated;
}

/**
 * Payments need a member (docs/product.md#accounts-and-signing-in): 403 `verification_required` for an account
 * with no verified phone or e-mail and no social sign-in, so nobody pays for messages they cannot use yet.
 */
export async function assertMayPay(db: AppDatabase, user: UserRow): Promise<void> {
  if (await isMember(db, user)) return;
  throw Problem.detail(
    403,
    'Verify your e-mail address or phone number before paying.',
    errorCodes.verificationRequired,
  );
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
