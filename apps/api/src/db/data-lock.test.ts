import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migratedPgliteDirectory } from '../testing/pglite-template';
import { openDatabase } from './database';

// Two processes on one DATA_DIR both accepted sign-ups, and the second one's were lost: the lock keeps it to one.

/** Another process with the PGlite directory open, as a second `npm start` on the same DATA_DIR would have it. */
async function holdInAnotherProcess(dir: string): Promise<ChildProcess> {
  const script = `
    import { openDatabase } from ${JSON.stringify(path.join(__dirname, 'database.ts'))};
    await openDatabase({
      pgliteDir: ${JSON.stringify(dir)},
      migrationsFolder: ${JSON.stringify(path.join(__dirname, 'migrations'))},
    });
    process.stdout.write('open\\n');
    setInterval(() => {}, 1000);
  `;
  const file = path.join(path.dirname(dir), 'holder.mts');
  await writeFile(file, script);
  // node itself with tsx's loader (not the tsx command, which would run the script in a child of its own).
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: path.resolve(__dirname, '../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('open') && resolve());
    child.once('exit', (code) => reject(new Error(`the holder exited (${code}) before opening`)));
  });
  return child;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) =>
    child.exitCode !== null ? resolve() : child.once('exit', () => resolve()),
  );
}

describe('the PGlite data lock (one process on DATA_DIR/db: docs/decisions.md#production-start-and-throughput)', () => {
  let firstStart: string;
  let root: string;
  let dir: string;
  // One migrated directory for the file, unpacked from the tests' template, and a copy of it for each test: what is
  // tested is the lock beside the directory, and initdb on disk with the migrations was most of the file's time.
  beforeAll(async () => {
    firstStart = path.join(await mkdtemp(path.join(tmpdir(), 'wingmate-lock-first-')), 'db');
    await migratedPgliteDirectory(firstStart);
  });
  afterAll(async () => {
    await rm(path.dirname(firstStart), { recursive: true, force: true });
  });
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'wingmate-lock-'));
    dir = path.join(root, 'db');
    await cp(firstStart, dir, { recursive: true });
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('refuses a second process on the same directory and names the one that holds it', async () => {
    const holder = await holdInAnotherProcess(dir);
    try {
      await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(
        new RegExp(`in use by another Wingmate server \\(pid ${holder.pid} `),
      );
    } finally {
      holder.kill('SIGTERM');
      await exited(holder);
    }
  });

  it('takes over a lock whose process is gone', async () => {
    const holder = await holdInAnotherProcess(dir);
    holder.kill('SIGKILL'); // no chance to remove its lock file
    await exited(holder);
    expect(existsSync(`${dir}.lock`)).toBe(true);
    const database = await openDatabase({ pgliteDir: dir });
    await database.ping();
    await database.close();
  });

  it('refuses a second open of the same directory within one process', async () => {
    const first = await openDatabase({ pgliteDir: dir });
    try {
      await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(/in use by another Wingmate server/);
    } finally {
      await first.close();
    }
  });

  it('releases the lock on close, so the next start opens the same data', async () => {
    const first = await openDatabase({ pgliteDir: dir });
    await first.db.execute(sql`create table kept (note text)`);
    await first.db.execute(sql`insert into kept values ('written before the restart')`);
    await first.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const second = await openDatabase({ pgliteDir: dir });
    try {
      const kept = await second.db.execute(sql`select note from kept`);
      expect((kept as { rows: unknown[] }).rows).toEqual([{ note: 'written before the restart' }]);
    } finally {
      await second.close();
    }
  });
});
