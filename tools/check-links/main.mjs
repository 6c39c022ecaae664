#!/usr/bin/env node
// `npm test` runs this (`npm run check-links` alone): the README files and docs/ link only inside the repository,
// and code, tests and tools cite only the repository's docs, by path and heading.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { citationProblemsOf, sourceFiles } from './citations.mjs';
import { documents, linkProblemsOf } from './docs-links.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const docs = documents(root);
const sources = sourceFiles(root);
const anchorsByDoc = new Map();
const problems = [
  ...docs.flatMap((file) => linkProblemsOf(root, file)),
  ...sources.flatMap((file) => citationProblemsOf(root, file, anchorsByDoc)),
];
if (problems.length > 0) {
  console.error(`Links and citations: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Links and citations: ${docs.length} documents and ${sources.length} source files checked; every link and citation resolves inside the repository.`,
);
