import {
  abTestGroups,
  isKnownAbTestValue,
  type AbTestAssignment,
  type AbTestGroup,
  type CreateAbtestBody,
} from '@wingmate/api-contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { abtestAssignments } from '../../db/schema';
import { Problem } from '../../problem';

/** Whose assignments: the signed-in account's, else the visitor uid's (docs/decisions.md#attribution-and-ab). */
export type AbTestOwner = { readonly userId: number } | { readonly uid: string };

export function abTestOwner(userId: number | null, uid: string | undefined): AbTestOwner {
  if (userId !== null) return { userId };
  if (!uid) throw Problem.field('uid', 'This field is required.');
  return { uid };
}

/**
 * The owner's assignments, in test order; with a group, only that group's tests (docs/product.md#ab-test-assignments).
 */
export async function listAbTestAssignments(
  db: AppDatabase,
  owner: AbTestOwner,
  group: AbTestGroup | undefined,
): Promise<AbTestAssignment[]> {
  const rows = await db
    .select({ name: abtestAssignments.name, value: abtestAssignments.value })
    .from(abtestAssignments)
    .where(ownedBy(owner))
    .orderBy(abtestAssignments.id);
  const wanted: readonly string[] | undefined = group ? abTestGroups[group] : undefined;
  return rows.filter((row) => !wanted || wanted.includes(row.name));
}

/**
 * Stores one assignment; a test that already has a value for this owner is 409 EXISTED_ABTEST
 * (docs/product.md#ab-test-assignments).
 */
export async function createAbTestAssignment(
  db: AppDatabase,
  owner: AbTestOwner,
  body: CreateAbtestBody,
): Promise<AbTestAssignment> {
  if (body.group && !(abTestGroups[body.group] as readonly string[]).includes(body.name)) {
    throw Problem.field('name', `${body.name} is not a test of the ${body.group} group.`);
  }
  if (!isKnownAbTestValue(body.name, body.value)) {
    throw Problem.field('value', `"${body.value}" is not a valid choice for ${body.name}.`);
  }
  const [inserted] = await db
    .insert(abtestAssignments)
    .values({
      name: body.name,
      value: body.value,
      uid: 'uid' in owner ? owner.uid : body.uid,
      userId: 'userId' in owner ? owner.userId : null,
    })
    .onConflictDoNothing()
    .returning({ name: abtestAssignments.name, value: abtestAssignments.value });
  if (!inserted) throw Problem.detail(409, `${body.name} already has a value.`, 'EXISTED_ABTEST');
  return inserted;
}

/**
 * Moves a visitor's assignments to the account that signed in with its uid. The account's own assignments win:
 * the visitor's value for a test the account already has is dropped.
 */
export async function moveVisitorAbTests(db: AppDatabase, uid: string, userId: number): Promise<void> {
  const accountTests = db
    .select({ name: abtestAssignments.name })
    .from(abtestAssignments)
    .where(eq(abtestAssignments.userId, userId));
  await db
    .delete(abtestAssignments)
    .where(
      and(
        eq(abtestAssignments.uid, uid),
        isNull(abtestAssignments.userId),
        inArray(abtestAssignments.name, accountTests),
      ),
    );
  await db
    .update(abtestAssignments)
    .set({ userId })
    .where(and(eq(abtestAssignments.uid, uid), isNull(abtestAssignments.userId)));
}

function ownedBy(owner: AbTestOwner) {
  return 'userId' in owner
    ? eq(abtestAssignments.userId, owner.userId)
    : and(eq(abtestAssignments.uid, owner.uid), isNull(abtestAssignments.userId));
}
