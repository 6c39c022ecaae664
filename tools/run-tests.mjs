#!/usr/bin/env node
// `npm test`: lint, typecheck and the tests of every project, the formatting, the docs' links and the declared
// dependencies, then the summary.
//
// The jobs start at once and share the machine (docs/testing.md#where-the-time-goes). The browser tests spend
// much of their time waiting on pages and servers rather than on the CPU. In one Nx run, Nx starts every project's
// tasks in the order of the projects that depend on them, so they started last and finished alone on a half-idle
// machine. They now run in an Nx process of their own from the start, beside the one that runs every other task
// two at a time, and the formatting check runs beside both. (The API's tests in a third process of their own, from
// the start too, measured no faster, and slowed the API's early files by as much as 2.6 times.)
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const nx = bin('nx');
const BROWSER = 'web-e2e';
// Each line of output starts with its task's project, so the jobs' lines can be told apart.
const OUTPUT = '--output-style=stream';

/** Runs one command in the repository's root, its output on ours; resolves to its exit code. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs the commands one after another, each even when an earlier one failed; resolves to the first failure. */
async function inOrder(...commands) {
  let failed = 0;
  for (const [command, args] of commands) {
    const code = await run(command, args);
    if (failed === 0) failed = code;
  }
  return failed;
}

const jobs = [
  inOrder(
    [nx, ['run', `${BROWSER}:test`, OUTPUT]],
    [nx, ['run-many', '-t', 'lint', 'typecheck', `--projects=${BROWSER}`, OUTPUT]],
  ),
  inOrder([
    nx,
    ['run-many', '-t', 'lint', 'typecheck', 'test', `--exclude=${BROWSER}`, '--parallel=2', OUTPUT],
  ]),
  inOrder(
    [bin('prettier'), ['--check', '.']],
    [process.execPath, [path.join(root, 'tools', 'check-links', 'main.mjs')]],
    [process.execPath, ['--test', path.join(root, 'tools', 'check-links', 'citations.test.mjs')]],
    [process.execPath, [path.join(root, 'tools', 'check-dependencies.mjs')]],
    [process.execPath, ['--test', path.join(root, 'tools', 'check-dependencies.test.mjs')]],
  ),
];

const failures = (await Promise.all(jobs)).filter((code) => code !== 0);
const summary = await run(process.execPath, [path.join(root, 'tools', 'test-summary.mjs')]);
process.exit(failures.length > 0 ? failures[0] : summary);
