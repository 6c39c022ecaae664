#!/usr/bin/env node
// `npm test`: lint, typecheck and the tests of every project, the formatting and the docs' links, then the summary.
//
// The jobs start at once and share the machine (docs/testing.md, "Where the time goes"). The API's tests and the
// browser tests are the two longest tasks, and the browser tests spend much of their time waiting on pages and
// servers rather than on the CPU. In one Nx run, Nx starts every project's tasks in the order of the projects that
// depend on them, so these two started last and the machine was half idle while they finished. Each now runs in
// an Nx process of its own from the start; a third runs every other task, two at a time, and the formatting check
// runs beside them.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const nx = bin('nx');
const LONGEST = ['api', 'web-e2e'];
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
  ...LONGEST.map((project) => inOrder([nx, ['run', `${project}:test`, OUTPUT]])),
  inOrder(
    [
      nx,
      [
        'run-many',
        '-t',
        'lint',
        'typecheck',
        'test',
        `--exclude=${LONGEST.join(',')}`,
        '--parallel=2',
        OUTPUT,
      ],
    ],
    [nx, ['run-many', '-t', 'lint', 'typecheck', `--projects=${LONGEST.join(',')}`, '--parallel=2', OUTPUT]],
  ),
  inOrder(
    [bin('prettier'), ['--check', '.']],
    [process.execPath, [path.join(root, 'tools', 'check-links.mjs')]],
  ),
];

const failures = (await Promise.all(jobs)).filter((code) => code !== 0);
const summary = await run(process.execPath, [path.join(root, 'tools', 'test-summary.mjs')]);
process.exit(failures.length > 0 ? failures[0] : summary);
