#!/usr/bin/env node
// Closes `npm test` with the counts of every project's last test run (written by jest-results-reporter.cjs).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const total = { passed: 0, failed: 0, skipped: 0 };
const rows = [];
for (const group of ['packages', 'apps']) {
  for (const project of readdirSync(path.join(root, group)).sort()) {
    const file = path.join(root, group, project, '.test-results.json');
    if (!existsSync(file)) continue;
    const counts = JSON.parse(readFileSync(file, 'utf8'));
    rows.push(
      `  ${`${group}/${project}`.padEnd(26)} ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
    );
    for (const key of Object.keys(total)) total[key] += counts[key];
  }
}
console.log(`\n${rows.join('\n')}`);
console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
