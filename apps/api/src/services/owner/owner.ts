import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../../db/database';
import { Problem } from '../../problem';
import { visitorOwner } from './visitor-access';

/**
 * Whose data a call reads and writes: the signed-in account, else the visitor known by its uid
 * (docs/decisions.md#chat-bio-and-profile-appsapi).
 */
export type Owner =
  | { readonly kind: 'account'; readonly userId: number; readonly uid: string | null }
  | { readonly kind: 'visitor'; readonly uid: string };

/**
 * A uid that belongs to an account needs that account's token (403 otherwise). A signed-in caller always works
 * on the account's data, whatever uid it sends, so a known uid never opens someone else's data.
 * `uidField` names the missing field when neither a token nor a uid was sent (`uid`, or mobile's `unqiue_id`).
 */
export async function resolveOwner(
  db: AppDatabase,
  userId: number | null,
  uid: string | undefined,
  uidField = 'uid',
): Promise<Owner> {
  if (uid !== undefined) {
    const linkedTo = await visitorOwner(db, uid);
    if (linkedTo !== undefined && linkedTo !== userId) {
      throw Problem.detail(403, 'This visitor id belongs to an account; sign in to that account to use it.');
    }
  }
  if (userId !== null) return { kind: 'account', userId, uid: uid ?? null };
  if (uid === undefined) throw Problem.field(uidField, 'This field is required.');
  return { kind: 'visitor', uid };
}

/** The rows an owner holds: the account's, or a visitor's rows not yet moved to an account. */
export function ownedBy(owner: Owner, columns: { userId: PgColumn; uid: PgColumn }): SQL {
  return owner.kind === 'account'
    ? eq(columns.userId, owner.userId)
    : (and(eq(columns.uid, owner.uid), isNull(columns.userId)) as SQL);
}

/** `ownedBy` in a prepared statement: the owner's id (the user's, or the visitor's uid) is the placeholder `owner`. */
export function ownedByPlaceholder(kind: Owner['kind'], columns: { userId: PgColumn; uid: PgColumn }): SQL {
  return kind === 'account'
    ? eq(columns.userId, sql.placeholder('owner'))
    : (and(eq(columns.uid, sql.placeholder('owner')), isNull(columns.userId)) as SQL);
}

/** The value of `ownedByPlaceholder`'s placeholder. */
export function ownerPlaceholder(owner: Owner): number | string {
  return owner.kind === 'account' ? owner.userId : owner.uid;
}

/** The owner columns of a new row. */
export function ownerColumns(owner: Owner): { userId: number | null; uid: string | null } {
  return owner.kind === 'account'
    ? { userId: owner.userId, uid: owner.uid }
    : { userId: null, uid: owner.uid };
}
