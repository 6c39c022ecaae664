import {
  messages,
  parse,
  PGlite,
  protocol,
  types,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

/** The type parsers drizzle hands PGlite with every query: dates, times and intervals stay the server's text. */
const keepText = (value: string) => value;
const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: keepText,
  [types.TIMESTAMPTZ]: keepText,
  [types.INTERVAL]: keepText,
  [types.DATE]: keepText,
  1231: keepText, // numeric[]
  1115: keepText, // timestamp[]
  1185: keepText, // timestamptz[]
  1187: keepText, // interval[]
  1182: keepText, // date[]
};

/** How many statements stay prepared: drizzle's texts repeat, except those with lists of varying length. */
export const PREPARED_STATEMENTS = 256;

/** A statement prepared in the engine's session: its parameters' types and its result's columns. */
interface PreparedStatement {
  readonly name: string;
  readonly parameterTypes: readonly number[];
  /** Absent for statements that return no rows (an insert without `returning`). */
  readonly rowDescription: messages.RowDescriptionMessage | undefined;
}

/** Postgres' feature_not_supported: "cached plan must not change result type", after a table's columns changed. */
const CACHED_PLAN_CHANGED = '0A000';
/** invalid_sql_statement_name: the statement is gone (a `DEALLOCATE ALL`). */
const STATEMENT_GONE = '26000';

/**
 * The PGlite client the API runs on (docs/performance.md#what-changed):
 *
 * - drizzle's parsers are set once: PGlite copies its whole parser table into a new object for every query that
 *   brings parsers of its own, as drizzle's do; queries go without them, and the result is the same.
 * - a query outside a transaction runs as a named prepared statement, parsed and planned once per text: PGlite's
 *   `query` makes six calls into the engine (parse, describe, bind, describe, execute, sync), and the engine parses
 *   and plans the text every time, three quarters of the cost of a one-row read; now each run is one call (bind,
 *   execute, sync). Queries inside a transaction keep PGlite's own path.
 */
export class DrizzlePGlite extends PGlite {
  private readonly statements = new Map<string, PreparedStatement>();
  private statementCount = 0;

  /**
   * `dataDir` absent = in memory. `startFrom` is a data directory as `dumpDataDir` writes it, which an in-memory
   * database starts as (instead of running initdb).
   */
  constructor(dataDir?: string, startFrom?: Blob) {
    // One options object: PGlite's (dataDir, options) form drops the options when dataDir is undefined (in memory).
    super({ dataDir, loadDataDir: startFrom, parsers: DRIZZLE_PARSERS });
  }

  override async query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const own = options?.parsers ? { ...options, parsers: undefined } : options;
    // A blob (COPY) or caller-given types or serializers take PGlite's own path.
    if (own?.blob || own?.paramTypes || own?.serializers) return super.query<T>(query, params, own);
    await this._checkReady();
    return this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(async () => {
        try {
          return await this.runPrepared<T>(query, params ?? [], own);
        } catch (error) {
          if (!(error instanceof messages.DatabaseError) || !isStaleStatement(error)) throw error;
          // The table changed under the statement (a migration): prepare it again, once.
          await this.deallocate(query);
          return this.runPrepared<T>(query, params ?? [], own);
        } finally {
          await this.syncToFs();
        }
      }),
    );
  }

  override async close(): Promise<void> {
    this.statements.clear();
    await super.close();
  }

  private async runPrepared<T>(
    query: string,
    params: readonly unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const statement = this.statements.get(query) ?? (await this.prepareStatement(query, params));
    // Most recently used last: the first entry is the one to drop when the map is full.
    this.statements.delete(query);
    this.statements.set(query, statement);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serialize = this.serializers[statement.parameterTypes[i] ?? 0];
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a type without a serializer goes as String()'s text, as it did
      return serialize ? serialize(param) : String(param);
    });
    const result = await this.run(
      query,
      params,
      options,
      protocol.serialize.bind({ statement: statement.name, values }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    );
    const described = statement.rowDescription ? [statement.rowDescription, ...result] : result;
    return parse.parseResults(described, this.parsers, options)[0] as Results<T>;
  }

  private async prepareStatement(query: string, params: readonly unknown[]): Promise<PreparedStatement> {
    const name = `wm_${++this.statementCount}`;
    const described = await this.run(
      query,
      params,
      undefined,
      protocol.serialize.parse({ name, text: query }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    );
    const statement: PreparedStatement = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.find(
        (message): message is messages.RowDescriptionMessage => message.name === 'rowDescription',
      ),
    };
    if (this.statements.size >= PREPARED_STATEMENTS) {
      const [oldest] = this.statements.keys();
      if (oldest !== undefined) await this.deallocate(oldest);
    }
    this.statements.set(query, statement);
    return statement;
  }

  /** Drops a statement here and in the engine. */
  private async deallocate(query: string): Promise<void> {
    const statement = this.statements.get(query);
    if (!statement) return;
    this.statements.delete(query);
    await this.run(
      query,
      [],
      undefined,
      protocol.serialize.close({ type: 'S', name: statement.name }),
      protocol.serialize.sync(),
    );
  }

  /** One call into the engine with several protocol messages ending in a sync; an error names its query. */
  private async run(
    query: string,
    params: readonly unknown[],
    options: QueryOptions | undefined,
    ...parts: Uint8Array[]
  ): Promise<messages.BackendMessage[]> {
    try {
      return await this.execProtocolStream(concat(parts), { syncToFs: false, onNotice: options?.onNotice });
    } catch (error) {
      if (error instanceof messages.DatabaseError) {
        // As PGlite's own query does (its makePGliteError): the failing query travels with the error.
        Object.assign(error, { query, params, queryOptions: options });
      }
      throw error;
    }
  }
}

function isStaleStatement(error: messages.DatabaseError): boolean {
  return (
    error.code === STATEMENT_GONE ||
    (error.code === CACHED_PLAN_CHANGED && /cached plan must not change result type/.test(error.message))
  );
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
