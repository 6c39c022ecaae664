#!/usr/bin/env node
// Throughput of the production start (`npm run serve`: the built bundle, NODE_ENV=production, one worker per core
// on Postgres, one on PGlite) on the two endpoints of the side-by-side benchmark (/work/shared/bench):
// `GET /auth/user/` (JWT check + one user-row read) and `GET /api/v1/memberships/plans/` (a page of plans, sent
// with a token), both with one account's token as the side-by-side benchmark sends them, and `GET /auth/user/` with
// the tokens of 50 accounts in turn (the user reads of one turn of the event loop share one query: with one
// account it reads one row, with many as many rows as accounts). autocannon on loopback, on PGlite and, when
// TEST_DATABASE_URL or BENCH_DATABASE_URL is set, on Postgres. Builds the API bundle first when it is missing.
//   node tools/bench/api-serve.mjs        BENCH_SECONDS=5 BENCH_CONNECTIONS=50 node tools/bench/api-serve.mjs
//   BENCH_CPU_PROF=/tmp/prof node tools/bench/api-serve.mjs   (writes each server's .cpuprofile there)
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withScratchPostgres } from './lib/scratch-postgres.mjs';
import { freePort, waitForHealth } from './lib/server-readiness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const apiDir = path.join(root, 'apps', 'api');
// BENCH_BUNDLE: another build of the API (a before/after comparison on the same machine and load).
const bundle = process.env.BENCH_BUNDLE
  ? path.resolve(process.env.BENCH_BUNDLE)
  : path.join(apiDir, 'dist', 'main.cjs');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const postgresServer = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const cpuProfileDir = process.env.BENCH_CPU_PROF;
const only = process.env.BENCH_ONLY; // "pglite" or "postgres"
const endpointFilter = process.env.BENCH_ENDPOINT; // a part of the path: "auth/user" or "plans"

/** `npm run serve`, started the way the script does it, on a fresh DATA_DIR. */
async function startServer(databaseUrl) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wingmate-bench-serve-'));
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    ALLOW_EMBEDDED_SERVICES: 'true',
    JWT_SECRET: process.env.JWT_SECRET ?? 'bench-only-secret-0123456789abcdef0123456789',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    // The sign-ups of the many-accounts case come from one address; the measured calls have no rate limit.
    RATE_LIMIT_MULTIPLIER: '100',
  };
  const nodeArgs = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
  const child = spawn(process.execPath, [...nodeArgs, bundle], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, child);
  return {
    base,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function post(base, url, body) {
  const response = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json().catch(() => undefined) };
}

/** The access tokens of `count` new accounts (e-mail sign-up answers with tokens). */
async function accessTokens(base, count) {
  const tokens = [];
  for (let i = 0; i < count; i++) {
    const email = `bench-many-${randomBytes(6).toString('hex')}@example.com`;
    const signUp = await post(base, '/register/email/', { email, password: 'Bench-pass-2026!' });
    if (!signUp.json?.access)
      throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.json)}`);
    tokens.push(signUp.json.access);
  }
  return tokens;
}

/** autocannon's request list: every request carries the next account's token, round the list. */
function eachAccountInTurn(tokens) {
  let next = 0;
  const setupRequest = (request) => {
    request.headers = { ...request.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` };
    return request;
  };
  return [{ method: 'GET', setupRequest }];
}

/**
 * CPU time (user + system, ms) used so far by a process and its descendants (the cluster's workers), from /proc:
 * CPU per request holds up on a busy machine where req/s does not. undefined off Linux.
 */
function cpuMillis(rootPid) {
  if (!existsSync('/proc/self/stat')) return undefined;
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8')
        .replace(/^.*\) /, '')
        .split(' ');
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone meanwhile
    }
  }
  const tree = new Set([rootPid]);
  for (let grown = true; grown;) {
    grown = false;
    for (const [pid, stat] of stats) {
      if (!tree.has(pid) && tree.has(stat.ppid)) {
        tree.add(pid);
        grown = true;
      }
    }
  }
  let ticks = 0;
  for (const pid of tree) ticks += stats.get(pid)?.ticks ?? 0;
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

function run(options, duration = seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function benchDatabase(label, databaseUrl) {
  const server = await startServer(databaseUrl);
  try {
    const [access] = await accessTokens(server.base, 1);
    const headers = { authorization: `Bearer ${access}` };
    const cases = [
      ['GET /auth/user/', async () => ({ url: `${server.base}/auth/user/`, headers })],
      [
        'GET /api/v1/memberships/plans/',
        async () => ({ url: `${server.base}/api/v1/memberships/plans/`, headers }),
      ],
      [
        'GET /auth/user/, 50 accounts',
        async () => ({
          url: `${server.base}/auth/user/`,
          requests: eachAccountInTurn(await accessTokens(server.base, 50)),
        }),
      ],
    ];
    for (const [name, optionsOf] of cases.filter(
      ([name]) => !endpointFilter || name.includes(endpointFilter),
    )) {
      const options = await optionsOf();
      if (warmupSeconds > 0) await run(options, warmupSeconds);
      const cpuBefore = cpuMillis(server.pid);
      const result = await run(options);
      const cpuAfter = cpuMillis(server.pid);
      const failures = result.non2xx + result.errors + result.timeouts;
      const cpuPerRequest =
        cpuBefore === undefined
          ? ''
          : `  cpu ${(((cpuAfter - cpuBefore) * 1000) / result.requests.total).toFixed(0).padStart(4)} µs/req`;
      console.log(
        `${label.padEnd(9)} ${name.padEnd(31)} ${result.requests.average.toFixed(0).padStart(6)} req/s` +
          `  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms` +
          cpuPerRequest +
          (failures > 0 ? `  (${failures} failed)` : ''),
      );
      if (failures > 0) process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

if (!existsSync(bundle)) {
  console.log('apps/api/dist/main.cjs is missing: building the API bundle (npx nx run api:build)');
  const build = spawnSync('npx', ['nx', 'run', 'api:build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

console.log(
  `production start (${path.relative(root, bundle)}, NODE_ENV=production), autocannon: ${connections} connections, ` +
    `${seconds} s per endpoint after ${warmupSeconds} s of warm-up, loopback, ${os.cpus().length} cores`,
);
if (only !== 'postgres') await benchDatabase('pglite', undefined);
if (only !== 'pglite') {
  if (postgresServer) await withScratchPostgres(postgresServer, (url) => benchDatabase('postgres', url));
  else console.log('postgres  skipped (set TEST_DATABASE_URL or BENCH_DATABASE_URL)');
}
