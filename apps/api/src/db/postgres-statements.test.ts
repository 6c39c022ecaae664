import { Pool } from 'pg';
import { createScratchDatabase, testDatabaseKinds, type ScratchDatabase } from '../testing/test-database';
import { NAMED_STATEMENTS, prepareStatementsByText } from './postgres-statements';

const onPostgres = testDatabaseKinds().includes('postgres');

(onPostgres ? describe : describe.skip)('statements prepared by their text on Postgres', () => {
  let scratch: ScratchDatabase;
  let pool: Pool;
  beforeEach(async () => {
    scratch = await createScratchDatabase();
    // One connection: every query below runs in the same session, whose prepared statements it reads.
    pool = new Pool({ connectionString: scratch.url, max: 1 });
    prepareStatementsByText(pool);
  });
  afterEach(async () => {
    await pool.end();
    await scratch.drop();
  });

  const prepared = async () =>
    (
      await pool.query<{ name: string; statement: string }>(
        'select name, statement from pg_prepared_statements',
      )
    ).rows;

  it('prepares a statement with values once and runs it by name after', async () => {
    const text = 'select $1::int + 1 as next';
    const first = await pool.query({ text }, [1]);
    const second = await pool.query({ text, rowMode: 'array' }, [41]);
    expect(first.rows).toEqual([{ next: 2 }]);
    expect(second.rows).toEqual([[42]]);
    expect(await prepared()).toEqual([{ name: 'wm_1', statement: text }]);
  });

  it('gives each text its own name and leaves statements without values and named ones alone', async () => {
    await pool.query({ text: 'select $1::text as a' }, ['x']);
    await pool.query({ text: 'select $1::text as b' }, ['y']);
    await pool.query({ text: 'select 1 as plain' });
    await pool.query({ text: 'select $1::int as mine', name: 'mine' }, [3]);
    const rows = await prepared();
    expect(rows.map((row) => [row.name, row.statement]).sort()).toEqual([
      ['mine', 'select $1::int as mine'],
      ['wm_1', 'select $1::text as a'],
      ['wm_2', 'select $1::text as b'],
    ]);
  });

  it('names only the first texts, and still answers the ones after them', async () => {
    for (let n = 0; n <= NAMED_STATEMENTS; n += 1) {
      const { rows } = await pool.query({ text: `select $1::int + ${n} as sum` }, [1]);
      expect(rows).toEqual([{ sum: n + 1 }]);
    }
    const rows = await prepared();
    expect(rows).toHaveLength(NAMED_STATEMENTS);
    expect(rows.map((row) => row.statement)).not.toContain(`select $1::int + ${NAMED_STATEMENTS} as sum`);
  });

  it('names a text given as a string, and keeps the callback form of the driver', async () => {
    const sum = await new Promise<number>((resolve, reject) =>
      pool.query<{ twice: number }>('select $1::int * 2 as twice', [21], (error, result) =>
        error ? reject(error) : resolve(result.rows[0]!.twice),
      ),
    );
    expect(sum).toBe(42);
    expect(await prepared()).toHaveLength(1);
  });
});
