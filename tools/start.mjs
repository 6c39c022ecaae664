#!/usr/bin/env node
// `npm start`: the API (port 8000) and the web app (port 4200) together, on their embedded defaults
// (PGlite under ./data, console SMS and e-mail, the local payment provider, the offline AI).
// Ctrl-C stops both; if either one exits, the other is stopped too.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const apiPort = process.env.PORT ?? '8000';
const webPort = process.env.WEB_PORT ?? '4200';

const services = [
  {
    name: 'api',
    command: bin('tsx'),
    args: ['apps/api/src/main.ts'],
    cwd: root,
    env: { PORT: apiPort },
    url: `http://localhost:${apiPort}/healthz`,
  },
  {
    name: 'web',
    command: bin('vite'),
    args: ['--port', webPort, '--strictPort'],
    cwd: path.join(root, 'apps/web'),
    env: { VITE_API_SERVER: process.env.VITE_API_SERVER ?? `http://localhost:${apiPort}` },
    url: `http://localhost:${webPort}/`,
  },
];

let stopping = false;
const children = services.map((service) => {
  const child = spawn(service.command, service.args, {
    cwd: service.cwd,
    env: { ...process.env, ...service.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${service.name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.on('data', (chunk) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(prefix + line + '\n');
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
  Promise.all(children.map((child) => (child.exitCode === null ? new Promise((r) => child.on('exit', r)) : null))).then(
    () => {
      clearTimeout(deadline);
      process.exit(exitCode);
    },
  );
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
  console.log('  Press Ctrl-C to stop both.\n');
} else if (!stopping) {
  console.error('The services did not come up in time; stopping.');
  stop(1);
}
