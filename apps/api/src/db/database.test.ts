import { Pool } from 'pg';
import { createScratchDatabase, testDatabaseKinds, type ScratchDatabase } from '../testing/test-database';
import { openDatabase, type Database, type DatabaseLog } from './database';

const onPostgres = testDatabaseKinds().includes('postgres');

(onPostgres ? describe : describe.skip)('the Postgres pool', () => {
  let scratch: ScratchDatabase;
  let database: Database | undefined;
  beforeEach(async () => {
    scratch = await createScratchDatabase();
  });
  afterEach(async () => {
    await database?.close();
    await scratch.drop();
  });

  it('logs an idle connection the server ends, and answers the next query on a new one', async () => {
    const logged: { fields: { err: unknown }; message: string }[] = [];
    let reported = () => {};
    const report = new Promise<void>((resolve) => (reported = resolve));
    const log: DatabaseLog = {
      error: (fields, message) => {
        logged.push({ fields, message });
        reported();
      },
    };
    database = await openDatabase({ databaseUrl: scratch.url, log });
    await database.ping();
    const admin = new Pool({ connectionString: scratch.url, max: 1 });
    try {
      // The server ends every other session of this database: the pool's idle client loses its connection.
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
    } finally {
      await admin.end();
    }
    await report;
    expect(logged).toHaveLength(1);
    expect(logged[0]!.message).toMatch(/idle database connection failed/);
    expect(logged[0]!.fields.err).toBeInstanceOf(Error);
    await expect(database.ping()).resolves.toBeUndefined();
  });
});
