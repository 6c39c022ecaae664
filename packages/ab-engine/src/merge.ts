/** Test name -> variant value. */
export type Assignments = Readonly<Record<string, string>>;

/** Whether the test has a value; own keys only, so a test named like an Object method is not mistaken. */
export function hasValue(assignments: Assignments, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(assignments, name);
}

export interface AbTestAssignment {
  readonly name: string;
  readonly value: string;
}

export interface MergedAssignments {
  /** Stored values merged with the server's; the server wins (docs/product.md#ab-test-assignments). */
  readonly effective: Assignments;
  /** Stored values the server lacks: they are created on the server from the stored one. */
  readonly toCreate: readonly AbTestAssignment[];
}

/**
 * The merge of stored and server assignments (docs/product.md#ab-test-assignments), as a pure function:
 * stored only -> kept and created on the server; server only -> taken; both -> the server's value;
 * neither -> left out (the engine assigns it by hash).
 */
export function mergeAssignments(stored: Assignments, server: Assignments): MergedAssignments {
  const effective: Record<string, string> = { ...stored, ...server };
  const toCreate = Object.entries(stored)
    .filter(([name]) => !hasValue(server, name))
    .map(([name, value]) => ({ name, value }));
  return { effective, toCreate };
}

/** The server's list of `{name, value}` pairs as a record; a later pair for one name wins. */
export function toAssignments(list: readonly AbTestAssignment[]): Assignments {
  return Object.fromEntries(list.map(({ name, value }) => [name, value]));
}
