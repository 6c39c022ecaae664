#!/usr/bin/env node
// `npm test`: the check of every project (its typecheck and lint on one program, tools/check-project.mjs) and its
// tests, the formatting, the docs' links and the declared dependencies, then the summary.
//
// The jobs start at once and share the machine (docs/testing.md#where-the-time-goes). The two longest tasks, the
// browser tests and the API's tests, each run in an Nx process of their own from the start: in one Nx run, Nx
// starts every project's tasks in the order of the projects that depend on them, so they started last and finished
// alone on a half-idle machine. A third process runs every other task two at a time, and the formatting check runs
// beside them.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const nx = bin('nx');
const BROWSER = 'web-e2e';
const API = 'api';
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
    [nx, ['run-many', '-t', 'check', `--projects=${BROWSER}`, OUTPUT]],
  ),
  inOrder([nx, ['run', `${API}:test`, OUTPUT]]),
  // The API's check after the other projects' tasks, which end long before the API's tests.
  inOrder(
    [nx, ['run-many', '-t', 'check', 'test', `--exclude=${BROWSER},${API}`, '--parallel=2', OUTPUT]],
    [nx, ['run-many', '-t', 'check', `--projects=${API}`, OUTPUT]],
  ),
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
