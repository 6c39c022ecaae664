#!/usr/bin/env node
// Throughput of the API's auth path: an authenticated `GET /auth/user/` (JWT check + user load) and a password
// `POST /auth/login/` (argon2id + a new refresh family), 10 s each with autocannon on loopback, on PGlite and,
// when TEST_DATABASE_URL or BENCH_DATABASE_URL is set, on Postgres. The server runs in a child process (tsx),
// so the load generator does not share its event loop; rate limits are off there (RATE_LIMITS=false).
//   node tools/bench/api-auth.mjs            BENCH_SECONDS=3 node tools/bench/api-auth.mjs
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const apiDir = path.join(root, 'apps', 'api');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const postgresServer = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const PHONE = '+12015550123';
const PASSWORD = 'violet-harbor-42';

// Runs in the child: builds the server, signs a user up through the console outbox (register, PIN, verify),
// gives it a password (its own token is the proof), then listens and reports where.
const serverScript = (apiSrc) => `
import { buildApp, loadConfig } from ${JSON.stringify(path.join(apiSrc, 'index.ts'))};
import { MessageOutbox } from ${JSON.stringify(path.join(apiSrc, 'adapters', 'messaging', 'outbox.ts'))};
import { withScratchPostgres } from './lib/scratch-postgres.mjs';

const app = await buildApp(loadConfig(process.env));
const post = (url, payload, headers = {}) => app.inject({ method: 'POST', url, payload, headers });
await post('/register/', { phone_number: ${JSON.stringify(PHONE)}, first_name: 'Bench' });
const sms = await new MessageOutbox(app.database.db).latest(${JSON.stringify(PHONE)}, 'sms');
const code = sms?.body.match(/\\b(\\d{6})\\b/)?.[1];
const verified = await post('/verify/', { phone_number: ${JSON.stringify(PHONE)}, code });
if (verified.statusCode !== 200) throw new Error('sign-up failed: ' + verified.body);
const { access } = verified.json();
const reset = await post(
  '/auth/reset-password/confirm/',
  { phone_number: ${JSON.stringify(PHONE)}, new_password: ${JSON.stringify(PASSWORD)} },
  { authorization: 'Bearer ' + access },
);
if (reset.statusCode !== 200) throw new Error('password not set: ' + reset.body);
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(JSON.stringify({ address, access }) + '\\n');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
`;

async function startServer(databaseUrl) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wingmate-bench-'));
  const script = path.join(dir, 'server.mts');
  writeFileSync(script, serverScript(path.join(apiDir, 'src')));
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'false',
    DATA_DIR: path.join(dir, 'data'),
    DATABASE_URL: databaseUrl ?? '',
  };
  const child = spawn(tsx, [script], { cwd: apiDir, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const line = output.split('\n').find((candidate) => candidate.startsWith('{"address"'));
      if (line) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`the API exited (${code}) before listening`)));
  });
  return {
    ...ready,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration: seconds, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function benchDatabase(label, databaseUrl) {
  const server = await startServer(databaseUrl);
  try {
    const cases = [
      {
        name: 'GET /auth/user/ (JWT)',
        options: {
          url: `${server.address}/auth/user/`,
          headers: { authorization: `Bearer ${server.access}` },
        },
      },
      {
        name: 'POST /auth/login/ (argon2id)',
        options: {
          url: `${server.address}/auth/login/`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone_number: PHONE, password: PASSWORD }),
        },
      },
    ];
    for (const { name, options } of cases) {
      const result = await run(options);
      const failures = result.non2xx + result.errors + result.timeouts;
      console.log(
        `${label.padEnd(9)} ${name.padEnd(30)} ${result.requests.average.toFixed(0).padStart(6)} req/s` +
          `  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms` +
          (failures > 0 ? `  (${failures} failed)` : ''),
      );
      if (failures > 0) process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

console.log(`autocannon: ${connections} connections, ${seconds} s per case, loopback`);
await benchDatabase('pglite', undefined);
if (postgresServer) await withScratchPostgres(postgresServer, (url) => benchDatabase('postgres', url));
else console.log('postgres  skipped (set TEST_DATABASE_URL or BENCH_DATABASE_URL)');
