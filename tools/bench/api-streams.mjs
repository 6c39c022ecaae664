#!/usr/bin/env node
// Streams at scale (docs/performance.md#streams-at-scale): BENCH_STREAMS (1,000) streamed chats open at once on
// the production start (`npm run serve`: the built bundle, NODE_ENV=production), each from a visitor of its own
// (`POST /api/v1/chat/stream/` with a uid and an Idempotency-Key, as the web sends it), with the free messages
// raised for the run and the rate limits scaled by RATE_LIMIT_MULTIPLIER so every send still pays their checks.
// The model is an OpenAI-compatible server in a child process (lib/stamping-llm.mjs) that holds every reply until
// all the streams have reached it, then writes a word every 60 ms (20 words), each stream's first word at a random
// moment within one reply's length (BENCH_FIRST_WORDS_WITHIN_MS), and stamps it. Open files are limited to 65,536
// (or the hard limit, if lower) for this process, the model and the server, as a deployment raises them
// (`ulimit -n`, systemd's LimitNOFILE). Measured per stream: completed (`done` with the whole reply) or not, and
// the time its first `token` event reached this client minus the model's stamp of its first word; of the server's
// processes: the heap used and the memory outside it after a full GC (lib/memory-probe.cjs) before the streams
// open and once all are open (held at the model), RSS then and at its peak while they stream, and CPU time.
// On PGlite and, when TEST_DATABASE_URL or BENCH_DATABASE_URL is set, on Postgres (a scratch database).
//   node tools/bench/api-streams.mjs        BENCH_STREAMS=50 node tools/bench/api-streams.mjs
//   BENCH_ONLY=pglite|postgres; BENCH_BUNDLE=path/main.cjs measures another build and BENCH_CPU_PROF=dir writes the
//   server's CPU profiles, as in api-serve.mjs.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  bundle,
  cpuMillis,
  ensureBundle,
  openFilesLimit,
  processTree,
  root,
  startProductionServer,
  statusKb,
} from './lib/production-server.mjs';
import { withScratchPostgres } from './lib/scratch-postgres.mjs';

const OPEN_FILES = 65536;
const streamCount = Number(process.env.BENCH_STREAMS ?? 1000);
const WARM_UP_STREAMS = 10;
const WORD_MS = 60;
const REPLY =
  'Ask about the last concert they loved and why it stayed with them, then share a favourite of yours too.';
const REPLY_WORDS = REPLY.split(' ').length;
// When the first words come: by default spread over one reply's length, as when streams start at the pace that
// keeps this many open; BENCH_FIRST_WORDS_WITHIN_MS=60 makes them all start within one word's interval.
const firstWordsWithinMs = Number(process.env.BENCH_FIRST_WORDS_WITHIN_MS ?? REPLY_WORDS * WORD_MS);
const TARGET_P99_MS = 100;
const postgresServer = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const only = process.env.BENCH_ONLY; // "pglite" or "postgres"
const runId = randomBytes(4).toString('hex');

// Wall-clock milliseconds with sub-millisecond precision, the clock the model's stamps use too.
const now = () => performance.timeOrigin + performance.now();

/** Runs this script again under the raised limit: the model and the server, its children, inherit it. */
function rerunWithOpenFilesRaised() {
  const script = fileURLToPath(import.meta.url);
  const rerun = spawnSync(
    'bash',
    [
      '-c',
      // Up to the hard limit where that is lower (a container without CAP_SYS_RESOURCE may not raise it).
      `{ ulimit -n ${OPEN_FILES} || ulimit -n "$(ulimit -Hn)"; } 2>/dev/null && exec "$0" "$@"`,
      process.execPath,
      script,
      ...process.argv.slice(2),
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, BENCH_STREAMS_OPEN_FILES_RAISED: 'true' } },
  );
  process.exit(rerun.status ?? 1);
}

/** The model server (lib/stamping-llm.mjs) in a child process, and its IPC calls. */
async function startModel() {
  const child = spawn(process.execPath, [path.join(root, 'tools', 'bench', 'lib', 'stamping-llm.mjs')], {
    cwd: root,
    env: { ...process.env, STAMPING_LLM_REPLY: REPLY, STAMPING_LLM_WORD_MS: String(WORD_MS) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let onArrived = () => {};
  let onStamps = () => {};
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bench model exited (${code})`)));
    child.on('message', (message) => {
      if (message.type === 'listening') resolve(message.port);
      else if (message.type === 'arrived') onArrived();
      else if (message.type === 'stamps') onStamps(message);
    });
  });
  return {
    pid: child.pid,
    baseUrl: `http://127.0.0.1:${port}/v1`,
    /** Calls `listener` for every request that reaches the model from now on. */
    onArrival: (listener) => (onArrived = listener),
    release: (withinMs) => child.send({ type: 'release', withinMs }),
    stamps: () =>
      new Promise((resolve) => {
        onStamps = (message) => resolve({ stamps: new Map(message.stamps), ended: message.ended });
        child.send({ type: 'stamps' });
      }),
    stop: () => child.disconnect(),
  };
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/**
 * One streamed chat of a new visitor, tagged with `id` for the model. Resolves (never rejects) with the status, the
 * moment the first `token` event arrived, the `done` exchange, or what went wrong.
 */
function openStream(base, id) {
  const body = JSON.stringify({
    uid: `bench-${runId}-${id}`,
    body: `They said they love jazz. What do I answer? [bench-stream:${id}]`,
  });
  return new Promise((resolve) => {
    const result = { id, status: undefined, firstTokenAt: undefined, done: undefined, error: undefined };
    const request = http.request(
      `${base}/api/v1/chat/stream/`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'idempotency-key': randomUUID(),
        },
      },
      (response) => {
        result.status = response.statusCode;
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (text) => {
          buffer += text;
          if (response.statusCode !== 200) return;
          const blocks = buffer.split('\n\n');
          buffer = blocks.pop() ?? '';
          for (const block of blocks) {
            const event = /^event: (\w+)$/m.exec(block)?.[1];
            if (event === 'token') result.firstTokenAt ??= now();
            else if (event === 'done') result.done = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null');
            else if (event === 'error') result.error = /^data: (.*)$/m.exec(block)?.[1];
          }
        });
        response.on('end', () => {
          if (response.statusCode !== 200) result.error = `${response.statusCode} ${buffer}`;
          resolve(result);
        });
        response.on('error', (error) => {
          result.error ??= error.message;
          resolve(result);
        });
      },
    );
    request.setTimeout(300_000, () => request.destroy(new Error('no answer in 300 s')));
    request.on('error', (error) => {
      result.error ??= error.message;
      resolve(result);
    });
    request.end(body);
  });
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Opens `count` streams at once; once every one has reached the model (or failed before it), reads the server's
 * memory and releases the model's words. Resolves when all have ended.
 */
async function round(server, model, prefix, count) {
  let arrived = 0;
  let settled = 0;
  let released = false;
  let markAllOpen;
  const allOpen = new Promise((resolve) => (markAllOpen = resolve));
  const check = () => {
    if (!released && arrived + settled >= count) markAllOpen();
  };
  model.onArrival(() => {
    arrived++;
    check();
  });
  const started = now();
  const results = Array.from({ length: count }, (_, i) =>
    openStream(server.base, `${prefix}${i}`).then((result) => {
      if (!released) settled++;
      check();
      return result;
    }),
  );
  await allOpen;
  const openedAt = now();
  const openLive = await server.liveMemory();
  const openRssKb = statusKb(processTree(server.pid), 'VmRSS');
  released = true;
  model.release(firstWordsWithinMs);
  let peakRssKb = openRssKb;
  const sampler = setInterval(() => {
    peakRssKb = Math.max(peakRssKb, statusKb(processTree(server.pid), 'VmRSS'));
  }, 100);
  const outcomes = await Promise.all(results);
  clearInterval(sampler);
  return {
    outcomes,
    reachedModel: arrived,
    openMs: openedAt - started,
    totalMs: now() - started,
    openRssKb,
    openLive,
    peakRssKb,
  };
}

const completed = (outcome) =>
  outcome.status === 200 && !outcome.error && outcome.done?.reply?.body === REPLY;

async function benchDatabase(label, databaseUrl, model) {
  const server = await startProductionServer({
    databaseUrl,
    probeMemory: true,
    cpuProfileDir: process.env.BENCH_CPU_PROF,
    env: {
      LLM_BASE_URL: model.baseUrl,
      LLM_API_KEY: 'bench-key',
      LLM_MODEL: 'bench-model',
      // The model holds every reply until all the streams have reached it: that wait is part of each call.
      LLM_TIMEOUT_MS: '300000',
      FREE_MESSAGES: '1000000000',
      FREE_MESSAGES_PER_IP: '1000000000',
      // Every send comes from this one address.
      RATE_LIMIT_MULTIPLIER: '10000',
    },
  });
  try {
    // A few streams first, so the code paths are compiled and the pools open before the baseline is read.
    const warmUp = await round(server, model, `${label}-warm-`, WARM_UP_STREAMS);
    const warmFailures = warmUp.outcomes.filter((outcome) => !completed(outcome));
    if (warmFailures.length > 0)
      throw new Error(`warm-up streams failed: ${JSON.stringify(warmFailures.slice(0, 3))}`);
    const pids = processTree(server.pid);
    const baseLive = await server.liveMemory();
    const baseRssKb = statusKb(pids, 'VmRSS');
    const cpuBefore = cpuMillis(pids);
    const endedBefore = (await model.stamps()).ended;
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const run = await round(server, model, `${label}-`, streamCount);
    loop.disable();
    const cpu = cpuMillis(processTree(server.pid)) - cpuBefore;
    const { stamps, ended } = await model.stamps();

    const done = run.outcomes.filter(completed);
    const delays = done
      .filter((outcome) => stamps.has(outcome.id) && outcome.firstTokenAt !== undefined)
      .map((outcome) => outcome.firstTokenAt - stamps.get(outcome.id))
      .sort((a, b) => a - b);
    const ms = (value) => `${value.toFixed(1)} ms`;
    const perStreamKb = (kb) => ((kb - baseRssKb) / streamCount).toFixed(1);
    const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
    const p99 = percentile(delays, 99);
    console.log(
      `${label.padEnd(9)} streams completed ${done.length} / ${streamCount} (reached the model ${run.reachedModel}, ` +
        `replies written whole ${ended - endedBefore})`,
    );
    if (delays.length > 0)
      console.log(
        `${''.padEnd(9)} first token, client minus model: p50 ${ms(percentile(delays, 50))}, p95 ` +
          `${ms(percentile(delays, 95))}, p99 ${ms(p99)}, max ${ms(delays.at(-1))} ` +
          `(p99 within ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS ? 'met' : 'NOT met'})`,
      );
    console.log(
      `${''.padEnd(9)} all open after ${(run.openMs / 1000).toFixed(1)} s, all ended after ` +
        `${(run.totalMs / 1000).toFixed(1)} s; server CPU ${(cpu / streamCount).toFixed(1)} ms a stream`,
    );
    const liveKb = (live) => (live.heapUsed + live.external) / 1024;
    console.log(
      `${''.padEnd(9)} server memory a stream, all open: heap used ` +
        `${((run.openLive.heapUsed - baseLive.heapUsed) / 1024 / streamCount).toFixed(1)} KB + outside the heap ` +
        `${((run.openLive.external - baseLive.external) / 1024 / streamCount).toFixed(1)} KB (after a full GC; ` +
        `${mb(liveKb(baseLive))} before, ${mb(liveKb(run.openLive))} with all open)`,
    );
    console.log(
      `${''.padEnd(9)} server RSS ${mb(baseRssKb)} before, ${mb(run.openRssKb)} with all open ` +
        `(${perStreamKb(run.openRssKb)} KB a stream), ${mb(run.peakRssKb)} at the peak while streaming ` +
        `(${perStreamKb(run.peakRssKb)} KB a stream); ${pids.length} process(es)`,
    );
    console.log(
      `${''.padEnd(9)} this client's event-loop delay p99 ${ms(loop.percentile(99) / 1e6)}, max ` +
        `${ms(loop.max / 1e6)}; open files limit: server ${openFilesLimit(server.pid)}, client ` +
        `${openFilesLimit(process.pid)}, model ${openFilesLimit(model.pid)}`,
    );
    const failures = run.outcomes.filter((outcome) => !completed(outcome));
    for (const failure of failures.slice(0, 5))
      console.log(
        `${''.padEnd(9)} failed: ${failure.id} ${failure.status ?? '-'} ${failure.error ?? 'incomplete'}`,
      );
    if (failures.length > 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

if (process.env.BENCH_STREAMS_OPEN_FILES_RAISED !== 'true') rerunWithOpenFilesRaised();
ensureBundle();
const [one, five, fifteen] = os.loadavg().map((load) => load.toFixed(2));
console.log(
  `production start (${path.relative(root, bundle)}, NODE_ENV=production), ${streamCount} streamed chats at once ` +
    `(after ${WARM_UP_STREAMS} to warm up), ${REPLY_WORDS} words ${WORD_MS} ms apart, the first words within ` +
    `${firstWordsWithinMs} ms, ` +
    `${os.cpus().length} cores, load average ${one} ${five} ${fifteen}`,
);
const model = await startModel();
try {
  if (only !== 'postgres') await benchDatabase('pglite', undefined, model);
  if (only !== 'pglite') {
    if (postgresServer)
      await withScratchPostgres(postgresServer, (url) => benchDatabase('postgres', url, model));
    else console.log('postgres  skipped (set TEST_DATABASE_URL or BENCH_DATABASE_URL)');
  }
} finally {
  model.stop();
}
