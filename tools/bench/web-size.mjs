// What the web app ships, gzipped (level 9), against the budgets of screens.md: the JavaScript `/` needs for its
// first paint (the entry, which holds the landing, and its static imports), what it fetches right after (the client
// and stores), each lazy route's own JavaScript (over the entry and the services every page loads), and the CSS.
// Builds apps/web with a manifest into a scratch folder, or reads WEB_DIST (a build made with `--manifest`).
// Prints a table and exits 0: the budgets are targets, flagged when passed, not a gate.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../../', import.meta.url));
const webDir = path.join(root, 'apps', 'web');
const BUDGET_KB = { home: 120, route: 50, css: 20 };

function buildWithManifest() {
  const outDir = mkdtempSync(path.join(tmpdir(), 'web-size-'));
  const vite = path.join(webDir, 'node_modules', '.bin', 'vite');
  const result = spawnSync(
    vite,
    ['build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: webDir,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (result.status !== 0) {
    throw new Error(
      `vite build failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`,
    );
  }
  return outDir;
}

const given = process.env.WEB_DIST;
const dist = given ?? buildWithManifest();
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`${manifestPath} is missing: build with \`vite build --manifest\`, or leave WEB_DIST unset`);
  process.exit(1);
}
/** @type {Record<string, {file: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], css?: string[], src?: string}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const gzipCache = new Map();
const gzipped = (file) => {
  if (!gzipCache.has(file))
    gzipCache.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
};
/** The chunk and everything it imports statically: what the browser must fetch before running it. */
const closure = (keys, seen = new Set()) => {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
};
const jsBytes = (keys) => [...keys].reduce((sum, key) => sum + gzipped(manifest[key].file), 0);
const without = (keys, loaded) => new Set([...keys].filter((key) => !loaded.has(key)));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('the manifest has no entry');
const entry = closure([entryKey]);
// The landing is part of the entry (apps/web/src/frame/routes.tsx).
const home = closure([entryKey]);
const servicesKey = Object.keys(manifest).find((key) => key.endsWith('stores/web-services.ts'));
const services = servicesKey ? without(closure([servicesKey]), home) : new Set();
// Every page loads the entry and the services chunk (routes wait for it), so a route's own JavaScript is the rest.
const everyPage = closure([entryKey, ...(servicesKey ? [servicesKey] : [])]);
const routeKeys = Object.keys(manifest)
  .filter((key) => manifest[key].isDynamicEntry && /routes\/.+\.tsx$/.test(key))
  .sort();
const cssFiles = new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []));
const css = [...cssFiles].reduce((sum, file) => sum + gzipped(file), 0);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const line = (label, bytes, budget) =>
  `  ${label.padEnd(46)} ${kb(bytes).padStart(9)}${budget ? `  (budget ${budget} KB)` : ''}${
    budget && bytes > budget * 1024 ? '  OVER BUDGET' : ''
  }`;

console.log('web app, gzipped JavaScript and CSS (screens.md budgets):');
console.log(line('/ first paint (entry + imports)', jsBytes(home), BUDGET_KB.home));
console.log(line('/ after first paint (client and stores)', jsBytes(services)));
console.log(line('CSS', css, BUDGET_KB.css));
// The budget is a route's (screens.md: "each lazy route"); a part a page loads on demand (the chat's Markdown, the
// phone dialog's libphonenumber, Stripe's form) is printed without one.
const isRoute = (key) => /route\.tsx$/.test(key);
for (const key of routeKeys) {
  const label = `${isRoute(key) ? 'lazy' : 'on demand'} ${key.replace(/^src\//, '')}`;
  const bytes = jsBytes(without(closure([key]), everyPage));
  console.log(line(label, bytes, isRoute(key) ? BUDGET_KB.route : undefined));
}
if (!given) rmSync(dist, { recursive: true, force: true });
