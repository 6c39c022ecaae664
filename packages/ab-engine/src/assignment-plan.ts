import { hasValue, mergeAssignments, type AbTestAssignment, type Assignments } from './merge';
import { pickVariant } from './pick-variant';
import { isVariantOf, type AbTestsConfig } from './tests-config';

export interface AssignmentPlanInput {
  readonly uid: string;
  /** The tests of the visitor's group. */
  readonly names: readonly string[];
  readonly tests: AbTestsConfig;
  readonly stored: Assignments;
  /** The server's assignments, or null when the server could not be asked. */
  readonly server: Assignments | null;
  readonly autoAssign: boolean;
}

export interface AssignmentPlan {
  /** The group's effective assignments. */
  readonly assignments: Assignments;
  /** Everything to keep in storage: valid stored values of any group, overwritten by the group's assignments. */
  readonly toStore: Assignments;
  readonly toCreate: readonly AbTestAssignment[];
}

const only = (assignments: Assignments, keep: (name: string, value: string) => boolean): Assignments =>
  Object.fromEntries(Object.entries(assignments).filter(([name, value]) => keep(name, value)));

/**
 * One load's outcome. Stored values that are no variant of a configured test are dropped (a renamed variant must
 * not be created on the server, which would answer 400). Without a server answer nothing is created, since the
 * server may hold other values; the next load creates what is still missing there (the "stored only" rule).
 */
export function planAssignments(input: AssignmentPlanInput): AssignmentPlan {
  const { uid, names, tests, server, autoAssign } = input;
  const inGroup = (name: string) => names.includes(name);
  const stored = only(input.stored, (name, value) => isVariantOf(tests[name], value));
  const merged = server
    ? mergeAssignments(only(stored, inGroup), only(server, inGroup))
    : { effective: only(stored, inGroup), toCreate: [] };

  const assignments: Record<string, string> = { ...merged.effective };
  const toCreate = [...merged.toCreate];
  if (autoAssign) {
    for (const name of names.filter((name) => !hasValue(assignments, name))) {
      const test = tests[name];
      if (!test) continue; // a name the test definitions do not know gets no variant
      const value = pickVariant(uid, test);
      assignments[name] = value;
      if (server) toCreate.push({ name, value });
    }
  }
  return { assignments, toStore: { ...stored, ...assignments }, toCreate };
}
