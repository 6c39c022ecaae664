import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config';
import { DataDirectoryLockedError } from './db/data-lock';
import { loadRootEnvFile } from './env-file';
import { runPrimary, runServer, workerCount } from './server/cluster';

/**
 * Starts the API: one process, or on Postgres with more than one worker (`WEB_CONCURRENCY`, one per core in
 * production) a node:cluster primary and its workers. `npm run serve` runs this bundle with NODE_ENV=production.
 * The root `.env` is read first, under the real environment (docs/running.md#the-env-file); workers inherit it.
 */
async function main(): Promise<void> {
  loadRootEnvFile();
  const config = loadConfig();
  const workers = workerCount(config);
  if (cluster.isPrimary && workers > 1) await runPrimary(config, workers);
  else await runServer(config);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirectoryLockedError) {
    console.error(error.message);
  } else {
    console.error('The API server could not start:', error);
  }
  process.exit(1);
});
