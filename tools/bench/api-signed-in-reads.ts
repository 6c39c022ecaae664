// The per-request read of the signed-in user (the token check, the user row and its session:
// docs/performance.md#the-session-in-the-user-read): 2,000 `GET /auth/user/` through `inject` (no sockets, so the
// figure is the API's own work and the database's), one at a time (a single-row read each) and 50 at a time with 50
// accounts (the batched read). Median of 3 rounds after a warm-up; on PGlite and, with TEST_DATABASE_URL or
// BENCH_DATABASE_URL, on a scratch Postgres database.
//   npx tsx tools/bench/api-signed-in-reads.ts
//   BENCH_REQUESTS=5000 npx tsx tools/bench/api-signed-in-reads.ts
import { performance } from 'node:perf_hooks';
import { signUpByEmail } from '../../apps/api/src/testing/sign-in';
import { startTestApp } from '../../apps/api/src/testing/test-app';
import type { TestDatabaseKind } from '../../apps/api/src/testing/test-database';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const ACCOUNTS = 50;
const ROUNDS = 3;
const postgresServer = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

interface Figure {
  readonly ms: number;
  readonly cpuMicros: number;
}

async function measure(send: () => Promise<void>): Promise<Figure> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await send();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - start, cpuMicros: (used.user + used.system) / REQUESTS };
}

function median(figures: Figure[]): Figure {
  const middle = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return { ms: middle(figures.map((f) => f.ms)), cpuMicros: middle(figures.map((f) => f.cpuMicros)) };
}

async function benchDatabase(kind: TestDatabaseKind): Promise<void> {
  if (kind === 'postgres') process.env.TEST_DATABASE_URL = postgresServer;
  const testApp = await startTestApp(kind);
  try {
    const { app } = testApp;
    const accounts = [];
    for (let i = 0; i < ACCOUNTS; i++) accounts.push(await signUpByEmail(app));
    const getUser = async (access: string) => {
      const response = await app.inject({
        method: 'GET',
        url: '/auth/user/',
        headers: { authorization: `Bearer ${access}` },
      });
      if (response.statusCode !== 200) throw new Error(`GET /auth/user/ answered ${response.statusCode}`);
    };
    const oneAtATime = async () => {
      for (let i = 0; i < REQUESTS; i++) await getUser(accounts[0]!.access);
    };
    const fiftyAtATime = async () => {
      for (let i = 0; i < REQUESTS; i += ACCOUNTS) {
        await Promise.all(accounts.map((account) => getUser(account.access)));
      }
    };
    for (const [name, send] of [
      ['one at a time, 1 account ', oneAtATime],
      ['50 at a time, 50 accounts', fiftyAtATime],
    ] as const) {
      await send();
      const rounds: Figure[] = [];
      for (let round = 0; round < ROUNDS; round++) rounds.push(await measure(send));
      const { ms, cpuMicros } = median(rounds);
      console.log(
        `${kind.padEnd(8)} ${name} ${REQUESTS} requests ${ms.toFixed(0).padStart(6)} ms` +
          `  ${((REQUESTS / ms) * 1000).toFixed(0).padStart(6)} req/s  ${cpuMicros.toFixed(0).padStart(4)} µs CPU each`,
      );
    }
  } finally {
    await testApp.close();
  }
}

async function main(): Promise<void> {
  await benchDatabase('pglite');
  if (postgresServer) await benchDatabase('postgres');
  else console.log('postgres skipped (set TEST_DATABASE_URL or BENCH_DATABASE_URL)');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
