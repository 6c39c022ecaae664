import cluster, { type Worker } from 'node:cluster';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Config } from '../config';

/** How long a shutdown may take (in-flight requests finishing) before the process is stopped anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;
/** Set in a worker's environment: its slot (0..n-1), kept when a dead worker is replaced. */
const SLOT_ENV = 'WINGMATE_WORKER_SLOT';

/**
 * Worker processes of a start: `WEB_CONCURRENCY`, else one per core in production and one elsewhere; always one
 * on PGlite, which takes a single process (docs/decisions.md#production-start-and-throughput).
 */
export function workerCount(config: Config): number {
  if (!config.databaseUrl) return 1;
  if (config.serve.workers > 0) return config.serve.workers;
  return config.env === 'production' ? os.availableParallelism() : 1;
}

/**
 * The configuration a start runs with: in production the built web app (`apps/web/dist`, beside the bundle's
 * `apps/api/dist`) is served unless WEB_APP_DIR says otherwise; in a cluster only the first worker runs the
 * local payment provider's renewal job, the one job not written for several instances.
 */
export function startConfig(config: Config, slot: number): Config {
  const builtWebApp = path.resolve(__dirname, '..', '..', 'web', 'dist');
  const webAppDir =
    config.serve.webAppDir !== undefined
      ? path.resolve(config.serve.webAppDir)
      : config.env === 'production' && existsSync(path.join(builtWebApp, 'index.html'))
        ? builtWebApp
        : undefined;
  return {
    ...config,
    serve: { ...config.serve, webAppDir },
    payments: slot === 0 ? config.payments : { ...config.payments, renewalIntervalMs: 0 },
  };
}

/** One server process: the only one, or a worker of the cluster. Stops gracefully (close-with-grace). */
export async function runServer(config: Config): Promise<FastifyInstance> {
  const slot = cluster.isWorker ? Number(process.env[SLOT_ENV] ?? 0) : 0;
  const app = await buildApp(startConfig(config, slot));
  if (cluster.isWorker) {
    // Which process answered: the cluster's test (and an operator) can see the load spread.
    const worker = String(process.pid);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('x-worker', worker);
    });
  }
  // Drains on SIGTERM/SIGINT, on an uncaught error, and at the primary's word: /readyz answers 503 first, so
  // load balancers stop sending traffic while app.close() lets in-flight requests finish.
  let reason = 'shutdown';
  const grace = closeWithGrace(
    { delay: SHUTDOWN_TIMEOUT_MS, logger: graceLogger(app.log) },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'uncaught error: draining and closing');
      else app.log.info(`${signal ?? reason}: draining and closing`);
      app.draining = true;
      await app.close();
    },
  );
  if (cluster.isWorker) {
    // The primary's word (a shutdown of the whole cluster), and the primary going away without one.
    const closeFor = (why: string) => {
      if (app.draining) return;
      reason = why;
      grace.close();
    };
    process.on('message', (message) => message === 'shutdown' && closeFor('shutdown'));
    process.on('disconnect', () => closeFor('primary gone'));
  }
  const address = await app.listen({ host: config.host, port: config.port });
  if (!cluster.isWorker) {
    app.log.info(`Wingmate API on ${address} (one process, database: ${app.database.driver})`);
  }
  return app;
}

/**
 * The cluster's primary: prepares the database once (migrations and first-start seeds, so workers do not race
 * on them), forks the workers, replaces one that dies, and on SIGTERM/SIGINT has every worker drain and close
 * before it exits. Workers share the listening port through node:cluster.
 */
export async function runPrimary(config: Config, workers: number): Promise<void> {
  const base = startConfig(config, -1);
  const prepared = await buildApp({
    ...base,
    serve: { ...base.serve, webAppDir: undefined },
    conversions: { ...base.conversions, workerIntervalMs: 0 },
  });
  await prepared.ready();
  const log = prepared.log;
  await prepared.close();

  let stopping = false;
  let lastWorkerGone = () => {};
  const workersGone = new Promise<void>((resolve) => (lastWorkerGone = resolve));
  const slots = new Map<Worker, number>();
  const listening = new Set<number>();
  const fork = (slot: number) => {
    const worker = cluster.fork({ [SLOT_ENV]: String(slot) });
    slots.set(worker, slot);
    worker.on('listening', (address) => {
      listening.add(slot);
      if (listening.size === workers) {
        const host = address.address && address.address !== '::' ? address.address : 'localhost';
        log.info(
          `Wingmate API on http://${host.includes(':') ? `[${host}]` : host}:${address.port} ` +
            `(${workers} workers, database: postgres)`,
        );
      }
    });
  };

  // On SIGTERM/SIGINT every worker drains and closes; the primary exits once the last one is gone, or after the
  // workers' own shutdown timeout (plus a second) with the stragglers killed.
  const grace = closeWithGrace(
    {
      delay: SHUTDOWN_TIMEOUT_MS + 1000,
      logger: graceLogger(log),
      onTimeout: () => {
        for (const worker of slots.keys()) worker.process.kill('SIGKILL');
      },
    },
    async ({ signal, err }) => {
      stopping = true;
      if (err) log.error({ err }, 'uncaught error in the primary: every worker drains and closes');
      else log.info(`${signal ?? 'shutdown'} received: every worker drains and closes`);
      for (const worker of slots.keys()) if (worker.isConnected()) worker.send('shutdown');
      if (slots.size > 0) await workersGone;
    },
  );
  cluster.on('exit', (worker, code, signal) => {
    const slot = slots.get(worker) ?? 0;
    slots.delete(worker);
    // A worker that closed by itself (a SIGTERM to the whole process group) is part of a shutdown, not a crash.
    if (stopping || code === 0) {
      if (slots.size > 0) return;
      lastWorkerGone();
      if (!stopping) grace.close();
      return;
    }
    log.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    listening.delete(slot);
    fork(slot);
  });
  for (let slot = 0; slot < workers; slot++) fork(slot);
}

/** close-with-grace reports its own trouble (a second signal, a timeout) through the app's logger. */
function graceLogger(log: FastifyBaseLogger): { error: (message: unknown) => void } {
  return { error: (message) => log.error(message instanceof Error ? { err: message } : String(message)) };
}
