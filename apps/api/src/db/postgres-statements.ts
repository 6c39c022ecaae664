import type { Pool, PoolClient } from 'pg';

/** How many statement texts get a name: drizzle's texts repeat, except those with lists of varying length. */
export const NAMED_STATEMENTS = 256;

/** A query as drizzle hands it to the driver: a config object, its values beside it. */
interface QueryConfig {
  readonly text?: unknown;
  readonly name?: unknown;
}

/**
 * Every statement with parameters runs as a named prepared statement on Postgres, named by its text
 * (docs/performance.md#statements-prepared-by-their-text): drizzle sends each query unnamed unless built with
 * `.prepare(name)`, so Postgres parsed and planned it again on every call, and a chat send's dozen statements paid
 * that a dozen times. The pg driver prepares a named statement once per connection and then only binds and
 * executes it. A text keeps its name for the life of the process; the first `NAMED_STATEMENTS` texts get one, later
 * ones run unnamed, so a connection holds a bounded number. Drizzle lists a table's columns in every statement, so a
 * migration adding a column does not change a prepared statement's result.
 */
export function prepareStatementsByText(pool: Pool): void {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= NAMED_STATEMENTS) return known;
    const name = `wm_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  pool.on('connect', (client: PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
      const text = withValues(values) ? unnamedText(config) : undefined;
      const name = text === undefined ? undefined : nameOf(text);
      const named =
        name === undefined
          ? config
          : { ...(typeof config === 'string' ? {} : (config as object)), text, name };
      return callback === undefined ? query(named, values) : query(named, values, callback);
    };
  });
}

/** A statement without values goes as one simple query, already the cheapest. */
function withValues(values: unknown): boolean {
  return Array.isArray(values) && values.length > 0;
}

/** The text of a query given as a string, or as a config object without a name of its own. */
function unnamedText(config: unknown): string | undefined {
  if (typeof config === 'string') return config;
  if (typeof config !== 'object' || config === null) return undefined;
  const { text, name } = config as QueryConfig;
  return typeof text === 'string' && name === undefined ? text : undefined;
}
