import type { AppDatabase } from './database';

/**
 * A statement built once per database and prepared (drizzle's `.prepare(name)`), so a hot read neither builds its
 * SQL again on every call nor, on Postgres, has it parsed and planned again
 * (docs/performance.md#after-the-spend-in-one-statement). Inside a transaction the transaction's handle is a
 * database of its own: the statement is built for it again, and collected with it.
 */
export function preparedPerDatabase<Prepared>(
  build: (db: AppDatabase) => Prepared,
): (db: AppDatabase) => Prepared {
  const built = new WeakMap<AppDatabase, Prepared>();
  return (db) => {
    let prepared = built.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      built.set(db, prepared);
    }
    return prepared;
  };
}
