// Size of @wingmate/core-sdk as a browser would load it: minified ESM, gzipped, runtime dependencies left out
// (the app bundles those once for everyone). Prints one line and exits 0; the budget is a target, not a gate.
// The whole package: since it holds every flow's store, an app that imports a few of them (the package has no
// side effects) bundles less; the web's own budgets, per page and per route, are what people download.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const BUDGET_KB = 24;

const result = await build({
  entryPoints: [`${root}packages/core-sdk/src/index.ts`],
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2020',
  write: false,
  tsconfig: `${root}tsconfig.base.json`,
  external: ['axios', 'axios-retry', 'js-cookie', 'uuid', 'libphonenumber-js', 'libphonenumber-js/*'],
  logLevel: 'silent',
});

const code = result.outputFiles[0].contents;
const kb = (bytes) => (bytes / 1024).toFixed(1);
console.log(`core-sdk: ${kb(gzipSync(code, { level: 9 }).length)} KB min+gz (budget ${BUDGET_KB} KB)`);
