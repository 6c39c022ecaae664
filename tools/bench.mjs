#!/usr/bin/env node
// `npm run bench`: runs every benchmark in tools/bench/ one after another (they share two cores, so never in
// parallel) and prints their figures. `npm run bench -- core-sdk` runs only the ones whose name matches.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = path.join(root, 'tools', 'bench');
const filter = process.argv[2];
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

const benches = readdirSync(benchDir)
  .filter((file) => /\.(mjs|ts)$/.test(file) && !file.endsWith('.d.ts'))
  .filter((file) => !filter || file.includes(filter))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n== ${file}`);
  const command = file.endsWith('.ts') ? tsx : process.execPath;
  const result = spawnSync(command, [path.join(benchDir, file)], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    failed++;
    console.error(`${file} failed (exit ${result.status ?? result.signal})`);
  }
}
process.exit(failed > 0 ? 1 : 0);
