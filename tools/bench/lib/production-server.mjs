// The production start for a benchmark, as `npm run serve` runs it (the built bundle, NODE_ENV=production: one
// process on PGlite, a cluster primary with one worker per core on Postgres), on a fresh DATA_DIR and a free port;
// and what a benchmark reads of its processes in /proc (Linux only).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHealth } from './server-readiness.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The bundle to run: BENCH_BUNDLE (another build, for a before/after comparison), else the API's own build. */
export const bundle = process.env.BENCH_BUNDLE
  ? path.resolve(process.env.BENCH_BUNDLE)
  : path.join(root, 'apps', 'api', 'dist', 'main.cjs');

/** Builds the API bundle when it is missing (exits with the build's status if that fails). */
export function ensureBundle() {
  if (existsSync(bundle)) return;
  console.log('apps/api/dist/main.cjs is missing: building the API bundle (npx nx run api:build)');
  const build = spawnSync('npx', ['nx', 'run', 'api:build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/**
 * Starts the bundle with `env` over the production defaults on `dataDir` (else a fresh DATA_DIR, removed by
 * `stop()`) and `port` (else a free one); `stop()` ends it and resolves to when it stopped (undefined if it had already exited). With
 * `probeMemory`, every process of the server loads lib/memory-probe.cjs and `liveMemory()` reads what each holds
 * after a full collection; with `cpuProfileDir`, each writes its `node --cpu-prof` profile there when it stops.
 */
export async function startProductionServer({
  databaseUrl,
  env = {},
  probeMemory = false,
  cpuProfileDir,
  dataDir: givenDataDir,
  port: givenPort,
}) {
  const dataDir = givenDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'wingmate-bench-serve-'));
  const memoryDir = path.join(dataDir, 'bench-memory');
  const port = givenPort ?? (await freePort());
  const nodeArgs = [
    ...(probeMemory
      ? ['--expose-gc', '--require', path.join(root, 'tools', 'bench', 'lib', 'memory-probe.cjs')]
      : []),
    ...(cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : []),
  ];
  if (probeMemory) mkdirSync(memoryDir);
  const child = spawn(process.execPath, [...nodeArgs, bundle], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      ALLOW_EMBEDDED_SERVICES: 'true',
      JWT_SECRET: process.env.JWT_SECRET ?? 'bench-only-secret-0123456789abcdef0123456789',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      ...env,
      BENCH_MEMORY_DIR: memoryDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, child);
  return {
    base,
    pid: child.pid,
    /** Heap used and memory outside the heap (buffers, ArrayBuffers), in bytes, summed over the processes. */
    liveMemory: async () => {
      const pids = processTree(child.pid);
      rmSync(memoryDir, { recursive: true, force: true });
      mkdirSync(memoryDir);
      for (const pid of pids) process.kill(pid, 'SIGWINCH');
      const deadline = Date.now() + 30_000;
      while (readdirSync(memoryDir).filter((file) => file.endsWith('.json')).length < pids.length) {
        if (Date.now() > deadline) throw new Error('the server did not report its memory in 30 s');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const usages = pids.map((pid) => JSON.parse(readFileSync(path.join(memoryDir, `${pid}.json`), 'utf8')));
      return {
        heapUsed: usages.reduce((sum, usage) => sum + usage.heapUsed, 0),
        external: usages.reduce((sum, usage) => sum + usage.external, 0),
      };
    },
    stop: async () => {
      let stoppedAt;
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
        stoppedAt = Date.now();
      }
      if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
      return stoppedAt;
    },
  };
}

/** The ids of a process and its descendants (a cluster's workers) that are alive now. */
export function processTree(rootPid) {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      parents.set(Number(entry), Number(procStat(entry)[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = new Set([rootPid]);
  for (let grown = true; grown;) {
    grown = false;
    for (const [pid, parent] of parents) {
      if (!tree.has(pid) && tree.has(parent)) {
        tree.add(pid);
        grown = true;
      }
    }
  }
  return [...tree];
}

/** The fields of /proc/<pid>/stat after the command's name: [state, ppid, ...]. */
function procStat(pid) {
  return readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
}

/**
 * CPU time (user + system, ms) the processes have used so far, with the time of the children they have waited for
 * (a Postgres backend that exited): CPU per request holds up on a busy machine where req/s does not.
 */
export function cpuMillis(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = procStat(pid);
      ticks += fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
    } catch {
      // gone meanwhile
    }
  }
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/** A line of /proc/<pid>/status in kB (`VmRSS`, `VmHWM`...), summed over the processes. */
export function statusKb(pids, field) {
  let kb = 0;
  for (const pid of pids) {
    try {
      const line = readFileSync(`/proc/${pid}/status`, 'utf8')
        .split('\n')
        .find((text) => text.startsWith(`${field}:`));
      kb += Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb;
}

/** The soft limit on open files of a process, from /proc/<pid>/limits. */
export function openFilesLimit(pid) {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((text) => text.startsWith('Max open files'));
  return line?.split(/\s{2,}/)[1];
}
