#!/usr/bin/env node
// `npm start`: the API (port 8000) and the web app (port 4200) together, on their embedded defaults
// (PGlite under ./data, console SMS and e-mail, the local payment provider, the offline AI).
// Ctrl-C stops both; if either one exits, the other is stopped too. Both run from the workspace sources (the API
// through tsx with its tsconfig's `paths`, the web through Vite's aliases), so nothing needs building first.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The root `.env` (PORT, WEB_PORT, VITE_API_SERVER... and every API variable), under the real environment, before
// the ports below are chosen; both children inherit it (docs/running.md#the-env-file). Started by a test, none.
const envFile = path.join(root, '.env');
if (process.env.JEST_WORKER_ID === undefined && existsSync(envFile)) process.loadEnvFile(envFile);
/** A package's command, installed in the workspace's own node_modules or hoisted to the root's. */
const bin = (name, workspace = '.') => {
  const candidates = [
    path.join(root, workspace, 'node_modules', '.bin', name),
    path.join(root, 'node_modules', '.bin', name),
  ];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`${name} is not installed: run npm ci first`);
  return found;
};
const apiPort = process.env.PORT ?? '8000';
const webPort = process.env.WEB_PORT ?? '4200';

const services = [
  {
    name: 'api',
    command: bin('tsx'),
    // The API's tsconfig extends tsconfig.base.json, whose `paths` map @wingmate/* to their sources.
    args: ['--tsconfig', 'apps/api/tsconfig.json', 'apps/api/src/main.ts'],
    cwd: root,
    env: {
      PORT: apiPort,
      // The web app calls the API from its own origin, so CORS must allow the port it was given.
      WEB_ORIGIN: process.env.WEB_ORIGIN ?? `http://localhost:${webPort},http://127.0.0.1:${webPort}`,
    },
    url: `http://localhost:${apiPort}/healthz`,
  },
  {
    name: 'web',
    command: bin('vite', 'apps/web'),
    args: ['--port', webPort, '--strictPort'],
    cwd: path.join(root, 'apps/web'),
    env: { VITE_API_SERVER: process.env.VITE_API_SERVER ?? `http://localhost:${apiPort}` },
    url: `http://localhost:${webPort}/`,
  },
];

const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/** The API logs JSON (pino) for machines; here a person reads them, so each becomes one short line. */
function readable(line) {
  if (!line.startsWith('{')) return line;
  try {
    const entry = JSON.parse(line);
    const level = (LEVELS[entry.level] ?? 'info').padEnd(5);
    if (entry.req) return `${level} --> ${entry.req.method} ${entry.req.url}`;
    if (entry.res) return `${level} <-- ${entry.res.statusCode} (${Math.round(entry.responseTime)} ms)`;
    const error = entry.err ? ` ${entry.err.type}: ${entry.err.message}` : '';
    return `${level} ${entry.msg ?? ''}${error}`;
  } catch {
    return line;
  }
}

let stopping = false;
const children = services.map((service) => {
  const child = spawn(service.command, service.args, {
    cwd: service.cwd,
    env: { ...process.env, ...service.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.on('error', (error) => {
    console.error(`[${service.name}] could not start: ${error.message}`);
    stop(1);
  });
  const prefix = `[${service.name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.on('data', (chunk) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(prefix + readable(line) + '\n');
    });
  }
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${prefix}exited (${signal ?? code}); stopping the others`);
      stop(code ?? 1);
    }
  });
  return child;
});

function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  const deadline = setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    process.exit(exitCode);
  }, 8000);
  Promise.all(
    children.map((child) => (child.exitCode === null ? new Promise((r) => child.on('exit', r)) : null)),
  ).then(() => {
    clearTimeout(deadline);
    process.exit(exitCode);
  });
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitUntilUp(url, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs && !stopping) {
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return false;
}

const up = await Promise.all(services.map((service) => waitUntilUp(service.url)));
if (up.every(Boolean)) {
  console.log('\n  Wingmate is running:');
  console.log(`    web  http://localhost:${webPort}/`);
  console.log(`    API  http://localhost:${apiPort}/  (health: http://localhost:${apiPort}/healthz)`);
  console.log('');
  console.log('  Development has no real SMS or e-mail: every PIN and e-mail code is printed in this');
  console.log(
    '  console (lines "SMS to …" and "E-mail to …") and kept in the database\'s outbox_messages table.',
  );
  console.log(
    `  First try: open http://localhost:${webPort}/signup, sign up with any US number (e.g. 201 555 0142)`,
  );
  console.log('  and type the PIN printed here. Test card: 4242 4242 4242 4242.');
  console.log('  Press Ctrl-C to stop both.\n');
} else if (!stopping) {
  console.error('The services did not come up in time; stopping.');
  stop(1);
}
