// For scripts that import the API's modules (its db module, its schema) under tsx.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The API's modules import the workspace packages by their tsconfig path aliases, which tsx reads from the API's
 * tsconfig: a script started without it runs itself again with it, and this process exits with that run's status.
 */
export function runWithApiPaths(): void {
  if (process.env['TSX_TSCONFIG_PATH']) return;
  const rerun = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(root, 'apps', 'api', 'tsconfig.json') },
    stdio: 'inherit',
  });
  process.exit(rerun.status ?? 1);
}
