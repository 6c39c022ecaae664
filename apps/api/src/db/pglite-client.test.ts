import { migratedPgliteTemplate } from '../testing/pglite-template';
import { DrizzlePGlite, PREPARED_STATEMENTS } from './pglite-client';

// The API's PGlite client runs queries outside transactions as named prepared statements
// (docs/performance.md#what-changed): the answers, the errors and the transactions must be those of PGlite's own path.
describe('the PGlite client', () => {
  let client: DrizzlePGlite;
  beforeAll(async () => {
    // Started as a copy of the tests' migrated template, which spares the file PGlite's initdb (3-5 s); the app's
    // tables in it are left alone.
    client = new DrizzlePGlite(undefined, await migratedPgliteTemplate());
    await client.exec(`
      create table notes (
        id serial primary key,
        body text not null unique,
        tags text[] not null default '{}',
        meta jsonb,
        done boolean not null default false,
        at timestamptz
      )`);
  });
  afterAll(async () => {
    await client.close();
  });
  beforeEach(async () => {
    await client.exec('truncate notes restart identity');
  });

  it('binds each type of parameter and parses the rows, in both row modes', async () => {
    const inserted = await client.query<{ id: number }>(
      'insert into notes (body, tags, meta, done, at) values ($1, $2, $3, $4, $5) returning id',
      ['first', ['a', 'b'], { n: 1 }, true, '2026-01-02T03:04:05Z'],
    );
    expect(inserted.rows).toEqual([{ id: 1 }]);
    expect(inserted.affectedRows).toBe(1);
    await client.query('insert into notes (body) values ($1)', ['second']);

    const objects = await client.query('select body, tags, meta, done, at from notes where id = $1', [1]);
    // Timestamps stay the server's text, as drizzle's parsers keep them.
    expect(objects.rows).toEqual([
      { body: 'first', tags: ['a', 'b'], meta: { n: 1 }, done: true, at: '2026-01-02 03:04:05+00' },
    ]);
    expect(objects.fields.map((field) => field.name)).toEqual(['body', 'tags', 'meta', 'done', 'at']);
    const arrays = await client.query(
      'select id, meta from notes where body = $1 or $2::text is null order by id',
      ['none', null],
      { rowMode: 'array' },
    );
    expect(arrays.rows).toEqual([
      [1, { n: 1 }],
      [2, null],
    ]);
  });

  it('answers a statement again after its table changed under it', async () => {
    await client.query('insert into notes (body) values ($1)', ['kept']);
    expect((await client.query('select * from notes')).fields).toHaveLength(6);
    await client.exec('alter table notes add column extra text');
    try {
      const again = await client.query('select * from notes');
      expect(again.fields.map((field) => field.name)).toContain('extra');
      expect(again.rows).toHaveLength(1);
    } finally {
      await client.exec('alter table notes drop column extra');
    }
  });

  it("throws the database's error with its code and query, and the next query answers", async () => {
    await client.query('insert into notes (body) values ($1)', ['twice']);
    const insert = 'insert into notes (body) values ($1)';
    const error = await client.query(insert, ['twice']).then(
      () => undefined,
      (thrown: unknown) => thrown as { code?: string; query?: string; params?: unknown[] },
    );
    expect(error).toMatchObject({ code: '23505', query: insert, params: ['twice'] });
    // A value the parameter's type refuses fails at bind time, a bad text at parse time.
    await expect(client.query('select body from notes where id = $1', ['x1'])).rejects.toMatchObject({
      code: '22P02',
    });
    await expect(client.query('selec 1')).rejects.toMatchObject({ code: '42601' });
    expect((await client.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 1 }]);
  });

  it('keeps answering when more statements are used than it keeps prepared', async () => {
    const distinct = PREPARED_STATEMENTS + 5;
    for (let i = 0; i < distinct; i++) {
      const answer = await client.query<{ n: number }>(`select $1::int + ${i} as n`, [1]);
      expect(answer.rows).toEqual([{ n: 1 + i }]);
    }
    // The first ones were dropped to make room: they are prepared again.
    expect((await client.query('select $1::int + 0 as n', [41])).rows).toEqual([{ n: 41 }]);
  });

  it('runs transactions on their own: a rolled back write is not seen by the next query', async () => {
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into notes (body) values ($1)', ['rolled back']);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await client.transaction(async (tx) => {
      await tx.query('insert into notes (body) values ($1)', ['committed']);
    });
    expect((await client.query('select body from notes')).rows).toEqual([{ body: 'committed' }]);
  });

  it('serves concurrent queries one at a time, each with its own answer', async () => {
    await client.query('insert into notes (body) select $1 || g from generate_series(1, 20) g', ['n']);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client.query<{ body: string }>('select body from notes where id = $1', [i + 1]),
      ),
    );
    expect(answers.map((answer) => answer.rows[0]?.body)).toEqual(
      Array.from({ length: 20 }, (_, i) => `n${i + 1}`),
    );
  });
});
