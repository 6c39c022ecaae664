#!/usr/bin/env node
// Closes `npm test` with the counts and the Jest time of every project's last test run (written by
// jest-results-reporter.cjs), so a reader sees that nothing was dropped and where the minutes go.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const total = { passed: 0, failed: 0, skipped: 0 };
let seconds = 0;
const rows = [];
for (const group of ['packages', 'apps']) {
  for (const project of readdirSync(path.join(root, group)).sort()) {
    const file = path.join(root, group, project, '.test-results.json');
    if (!existsSync(file)) continue;
    const counts = JSON.parse(readFileSync(file, 'utf8'));
    const time = counts.seconds === undefined ? '' : ` in ${formatSeconds(counts.seconds)}`;
    rows.push(
      `  ${`${group}/${project}`.padEnd(26)} ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${time}`,
    );
    for (const key of Object.keys(total)) total[key] += counts[key];
    seconds += counts.seconds ?? 0;
  }
}
console.log(`\n${rows.join('\n')}`);
console.log(
  `  (Jest time of all projects: ${formatSeconds(seconds)}; the browser tests run beside the rest)`,
);
console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);

/** 754.2 -> "12 min 34 s"; under a minute, "41.3 s". */
function formatSeconds(value) {
  if (value < 59.95) return `${value.toFixed(1)} s`;
  // Rounded before it is split, so 2279.6 s reads "38 min 0 s", not "37 min 60 s".
  const whole = Math.round(value);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}
