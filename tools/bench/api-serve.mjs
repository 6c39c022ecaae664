#!/usr/bin/env node
// Throughput of the production start (`npm run serve`: the built bundle, NODE_ENV=production, one worker per core
// on Postgres, one on PGlite) on the two endpoints of the side-by-side benchmark (/work/shared/bench):
// `GET /auth/user/` (JWT check + one user-row read) and `GET /api/v1/memberships/plans/` (a page of plans, sent
// with a token), both with one account's token as the side-by-side benchmark sends them, and `GET /auth/user/` with
// the tokens of 50 accounts in turn (the user reads of one turn of the event loop share one query: with one
// account it reads one row, with many as many rows as accounts). Then the side-by-side benchmark's mixed case:
// MIXED_ACCOUNTS (default 1,000) members set up before the timed runs (signed up by e-mail, verified with the code
// the outbox holds, the cheapest message pack bought with the local provider's test card), every request from a
// random one: 40 % `GET /auth/user/`, 20 % plans, 20 % `GET /api/v1/mobile/new_ai_history/`, 10 %
// `POST /api/v1/chat/` (a short message, not streamed), 10 % `GET /api/v1/user/info/`; then chat-only (the
// `POST /api/v1/chat/` of the mix alone) and each other endpoint of the mix alone for BENCH_PART_SECONDS
// (default 5). autocannon on loopback, on PGlite and, when TEST_DATABASE_URL or BENCH_DATABASE_URL is set, on
// Postgres. Prints req/s, p50, p99, non-2xx answers and CPU per request: the server's process tree and, on a
// Postgres server on this machine, the postmaster's. Builds the API bundle first when it is missing.
//   node tools/bench/api-serve.mjs        BENCH_SECONDS=5 BENCH_CONNECTIONS=50 node tools/bench/api-serve.mjs
//   BENCH_ENDPOINT=mixed MIXED_ACCOUNTS=100 node tools/bench/api-serve.mjs   (the mixed cases only)
//   BENCH_CPU_PROF=/tmp/prof node tools/bench/api-serve.mjs   (writes each server's .cpuprofile there, and prints
//   each timed run's window in them for tools/bench/profile/top-costs.mjs)
//   BENCH_LIMITS=production: the mixed cases' timed runs on a server with the production rate limits (no
//   RATE_LIMIT_MULTIPLIER), each account sending from an address of its own (X-Forwarded-For, TRUST_PROXY=1), so
//   a chat send pays the limits as a deployment counts them: call by call, not in leases
import autocannon from 'autocannon';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeMembersWithMessages, signUps, verificationCodes } from './lib/members.mjs';
import { localPostmasterPid, withScratchPostgres } from './lib/scratch-postgres.mjs';
import {
  bundle,
  cpuMillis,
  ensureBundle,
  processTree,
  root,
  startProductionServer,
} from './lib/production-server.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const partSeconds = Number(process.env.BENCH_PART_SECONDS ?? 5);
const mixedAccounts = Number(process.env.MIXED_ACCOUNTS ?? 1000);
const postgresServer = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const cpuProfileDir = process.env.BENCH_CPU_PROF;
const only = process.env.BENCH_ONLY; // "pglite" or "postgres"
const productionLimits = process.env.BENCH_LIMITS === 'production';
// A part of a case's name: "auth/user" or "plans" (the cases before the mix), "mixed" (the mixed case, chat-only and
// the mix's parts, which a filter starting with "mixed" or "chat" selects: their set-up takes a while), "chat".
const endpointFilter = process.env.BENCH_ENDPOINT;
const selected = (name) => !endpointFilter || name.includes(endpointFilter);
const selectedInMix = (name) => !endpointFilter || (/^(mixed|chat)/.test(endpointFilter) && selected(name));

/**
 * `npm run serve`, started the way the script does it, on `dataDir`, with the benchmark's limits, or with
 * `production` the production rate limits behind one proxy hop (each account's requests then carry an address).
 */
async function startServer(databaseUrl, dataDir, { production = false } = {}) {
  const server = await startProductionServer({
    databaseUrl,
    dataDir,
    cpuProfileDir,
    // The sign-ups and chat sends of the mixed case come from one address: every limit 10,000 times higher, still
    // counted as in production, as the side-by-side benchmark sets it; the reads measured have no rate limit.
    env: production
      ? { TRUST_PROXY: '1', FREE_MESSAGES_PER_IP: '100000' }
      : { RATE_LIMIT_MULTIPLIER: '10000', FREE_MESSAGES_PER_IP: '100000' },
  });
  /** The timed runs of this process, for their window in its CPU profile. */
  return { ...server, runs: [] };
}

/** Stops the server; with BENCH_CPU_PROF, prints where each timed run sits in the profiles it wrote. */
async function stopServer(server) {
  const stoppedAt = await server.stop();
  if (!cpuProfileDir || stoppedAt === undefined) return;
  for (const run of server.runs) {
    const from = ((stoppedAt - run.started) / 1000).toFixed(1);
    const until = ((stoppedAt - run.ended) / 1000).toFixed(1);
    console.log(
      `  profile of pid ${server.pid} and its workers: ${run.name} from ${from} s to ${until} s before the end ` +
        `(top-costs.mjs FILE 25 ${from} ${until})`,
    );
  }
}

/** The access tokens of `count` new accounts. */
async function accessTokens(base, count) {
  return (await signUps(base, count)).map((account) => account.access);
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

// The mix of the side-by-side benchmark's mixed.lua, by weight, and its chat messages.
const MIX = [
  { weight: 4, method: 'GET', path: '/auth/user/' },
  { weight: 2, method: 'GET', path: '/api/v1/memberships/plans/' },
  { weight: 2, method: 'GET', path: '/api/v1/mobile/new_ai_history/' },
  { weight: 1, method: 'POST', path: '/api/v1/chat/' },
  { weight: 1, method: 'GET', path: '/api/v1/user/info/' },
];
const CHAT_BODIES = [
  'Any idea what I could answer to her joke about pineapple pizza?',
  'She likes hiking. What should I ask her first?',
  'How do I suggest a coffee date without sounding pushy?',
  'He said he loves old films. Any good opener?',
];

/** autocannon's request list: every request from a random account, its kind drawn by weight from `kinds`. */
function randomAccountRequests(tokens, kinds) {
  const draws = kinds.flatMap((kind) => Array.from({ length: kind.weight }, () => kind));
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const setupRequest = (request) => {
    const account = Math.floor(Math.random() * tokens.length);
    const kind = pick(draws);
    const chat = kind.method === 'POST';
    return {
      ...request,
      method: kind.method,
      path: kind.path,
      headers: {
        ...request.headers,
        authorization: `Bearer ${tokens[account]}`,
        ...(productionLimits && { 'x-forwarded-for': addressOf(account) }),
        ...(chat && { 'content-type': 'application/json' }),
      },
      body: chat ? JSON.stringify({ body: CHAT_BODIES[account % CHAT_BODIES.length] }) : '',
    };
  };
  return [{ setupRequest }];
}

/** An address of the account's own (10.0.0.0/8), for the production limits' runs. */
function addressOf(account) {
  return `10.${(account >> 16) & 255}.${(account >> 8) & 255}.${account & 255}`;
}

/** CPU time (ms) used so far by a process and its descendants (a cluster's workers, a postmaster's backends). */
function treeCpuMillis(rootPid) {
  if (rootPid === undefined || !existsSync('/proc/self/stat')) return undefined;
  return cpuMillis(processTree(rootPid));
}

function run(options, duration = seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const microsPerRequest = (before, after, requests) =>
  before === undefined ? undefined : ((after - before) * 1000) / requests;

/** One case: a warm-up, then the timed run, printed as one line; marks the run failed on any error or non-2xx. */
async function measure(
  label,
  name,
  server,
  postgresPid,
  options,
  { duration = seconds, warmup = warmupSeconds } = {},
) {
  if (warmup > 0) await run(options, warmup);
  const serverBefore = treeCpuMillis(server.pid);
  const postgresBefore = treeCpuMillis(postgresPid);
  const started = Date.now();
  const result = await run(options, duration);
  server.runs.push({ name, started, ended: Date.now() });
  const serverCpu = microsPerRequest(serverBefore, treeCpuMillis(server.pid), result.requests.total);
  const postgresCpu = microsPerRequest(postgresBefore, treeCpuMillis(postgresPid), result.requests.total);
  const micros = (value) => value.toFixed(0).padStart(4);
  const cpu =
    serverCpu === undefined
      ? ''
      : postgresCpu === undefined
        ? `  cpu ${micros(serverCpu)} µs/req`
        : `  cpu ${micros(serverCpu + postgresCpu)} µs/req (server ${micros(serverCpu)} + postgres ${micros(postgresCpu)})`;
  const errors = result.errors + result.timeouts;
  console.log(
    `${label.padEnd(9)} ${name.padEnd(36)} ${result.requests.average.toFixed(0).padStart(6)} req/s` +
      `  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms` +
      `  non-2xx ${String(result.non2xx).padStart(5)}` +
      cpu +
      (errors > 0 ? `  (${errors} errors)` : ''),
  );
  if (result.non2xx + errors > 0) process.exitCode = 1;
}

async function benchDatabase(label, databaseUrl) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wingmate-bench-serve-'));
  const postgresPid = databaseUrl ? await localPostmasterPid(databaseUrl) : undefined;
  let server = await startServer(databaseUrl, dataDir);
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
    for (const [name, optionsOf] of cases.filter(([name]) => selected(name))) {
      await measure(label, name, server, postgresPid, await optionsOf());
    }

    const mixedCase = `mixed, ${mixedAccounts} accounts`;
    const chatOnly = 'mixed: chat-only (POST /api/v1/chat/)';
    const parts = MIX.filter((kind) => kind.method === 'GET').map((kind) => ({
      name: `mixed: ${kind.path} alone`,
      kind,
    }));
    if (![mixedCase, chatOnly, ...parts.map((part) => part.name)].some(selectedInMix)) return;
    const started = Date.now();
    const accounts = await signUps(server.base, mixedAccounts);
    // PGlite takes one process: the codes are read with the server stopped, then it starts again on the same data.
    await stopServer(server);
    const codes = verificationCodes(dataDir, databaseUrl);
    server = await startServer(databaseUrl, dataDir);
    // Two messages a second of the timed runs each: 1,000 accounts hold more sends than the server answers.
    const note = await makeMembersWithMessages(server.base, accounts, codes, 2 * (warmupSeconds + seconds));
    console.log(
      `${label.padEnd(9)} set-up of the mixed cases: ${note}, ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    if (productionLimits) {
      await stopServer(server);
      server = await startServer(databaseUrl, dataDir, { production: true });
      console.log(`${label.padEnd(9)} the timed runs below: production rate limits, an address per account`);
    }
    const tokens = accounts.map((account) => account.access);
    const url = server.base;
    if (selectedInMix(mixedCase))
      await measure(label, mixedCase, server, postgresPid, {
        url,
        requests: randomAccountRequests(tokens, MIX),
      });
    if (selectedInMix(chatOnly)) {
      const chat = MIX.filter((kind) => kind.method === 'POST');
      await measure(label, chatOnly, server, postgresPid, {
        url,
        requests: randomAccountRequests(tokens, chat),
      });
    }
    // Each other endpoint of the mix alone, briefly, on a server the runs above warmed: its CPU per request.
    for (const part of parts.filter((part) => selectedInMix(part.name))) {
      await measure(
        label,
        part.name,
        server,
        postgresPid,
        { url, requests: randomAccountRequests(tokens, [part.kind]) },
        { duration: partSeconds, warmup: 1 },
      );
    }
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

ensureBundle();

console.log(
  `production start (${path.relative(root, bundle)}, NODE_ENV=production), autocannon: ${connections} connections, ` +
    `${seconds} s per case after ${warmupSeconds} s of warm-up (the mix's parts ${partSeconds} s after 1 s), ` +
    `loopback, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
);
if (only !== 'postgres') await benchDatabase('pglite', undefined);
if (only !== 'pglite') {
  if (postgresServer) await withScratchPostgres(postgresServer, (url) => benchDatabase('postgres', url));
  else console.log('postgres  skipped (set TEST_DATABASE_URL or BENCH_DATABASE_URL)');
}
