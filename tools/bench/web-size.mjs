// What the web app ships, gzipped, against the budgets of docs/web.md#budgets: a production build of apps/web into a
// scratch folder, whose budget report (apps/web/build/report-budgets.ts, printed by every build) is the output.
// Exits 0: the budgets are targets, flagged when passed, not a gate.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = fileURLToPath(new URL('../../apps/web/', import.meta.url));
const outDir = mkdtempSync(path.join(tmpdir(), 'web-size-'));
try {
  const vite = path.join(webDir, 'node_modules', '.bin', 'vite');
  // `--logLevel error` leaves only the report on stdout: vite's own file table is not printed.
  const result = spawnSync(vite, ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: webDir,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) {
    throw new Error(
      `vite build failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`,
    );
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
