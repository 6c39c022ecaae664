import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository root, where the product's one `.env` lives: three folders up from both `apps/api/src` (tsx) and
 * `apps/api/dist` (the production bundle), whatever the working directory.
 */
export const REPOSITORY_ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * Loads `dir/.env` into `process.env` with Node's own parser when the file is there (no file, no error); a
 * variable already set in the real environment wins over the file's line (docs/running.md#the-env-file).
 * Returns the file read, if any.
 */
export function loadEnvFile(dir: string): string | undefined {
  const file = path.join(dir, '.env');
  if (!existsSync(file)) return undefined;
  process.loadEnvFile(file);
  return file;
}

/**
 * The start's read of the root `.env`. A server started by a test (cluster.test.ts, the browser suites) inherits
 * Jest's `JEST_WORKER_ID` and reads no file: tests run on the values they set, never on a developer's `.env`.
 */
export function loadRootEnvFile(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.JEST_WORKER_ID !== undefined) return undefined;
  return loadEnvFile(REPOSITORY_ROOT);
}
