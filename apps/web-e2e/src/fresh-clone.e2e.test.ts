import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { chromiumAvailable, launchChromium } from './support/browser';
import { freePort } from './support/free-port';

const run = promisify(execFile);
const REPOSITORY = path.resolve(__dirname, '../../..');
const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

/**
 * The README's first command on a fresh clone, as a newcomer runs it: `npm ci && npm start`, with nothing built
 * before. A dev server answers HTML even when the app fails to compile, so the proof is the page itself in
 * Chromium: its heading, no console error, and an API call answered. It clones the committed HEAD, so on CI (a
 * clean clone of main) it checks exactly what lands.
 *
 * The install is this repository's own, hard-linked into the clone: `npm ci` from the same lockfile writes the very
 * same files, and `.ci/run` runs that `npm ci` on its fresh clone and fails on any warning it prints (engines,
 * install scripts). npm's record of the install proves the copied tree is exactly the lockfile's; caches (Vite's) are left out,
 * so nothing built comes along (docs/testing.md#where-the-time-goes).
 */
describeInBrowser('a fresh clone: npm ci && npm start', () => {
  let clone: string;
  let browser: Browser | undefined;
  let started: StartedProduct | undefined;

  beforeAll(async () => {
    clone = await mkdtemp(path.join(tmpdir(), 'wingmate-clone-'));
    await run('git', ['clone', '--quiet', REPOSITORY, clone]);
    await copyInstalledModules(REPOSITORY, clone);
    started = await npmStart(clone);
    browser = await launchChromium({ fullBrowser: true });
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await started?.stop();
    if (clone) await rm(clone, { recursive: true, force: true });
  }, 60_000);

  it("holds exactly the lockfile's packages, with one copy of axios", async () => {
    // npm's record of what it installed (`node_modules/.package-lock.json`) against the lockfile: nothing extra or
    // of another version, and every package that is not optional (another platform's build) is there.
    const locked = (await readJson<Lockfile>(path.join(clone, 'package-lock.json'))).packages;
    const installed = (await readJson<Lockfile>(path.join(clone, 'node_modules', '.package-lock.json')))
      .packages;
    const differing = Object.entries(installed)
      .filter(([location, entry]) => locked[location]?.version !== entry.version)
      .map(([location]) => location);
    expect(differing).toEqual([]);
    const missing = Object.entries(locked)
      .filter(([location, entry]) => location.includes('node_modules/') && !entry.optional)
      .filter(([location]) => !(location in installed))
      .map(([location]) => location);
    expect(missing).toEqual([]);
    const { stdout } = await run('npm', ['ls', 'axios', '--all', '--json'], {
      cwd: clone,
      env: cleanEnvironment(),
    });
    expect(versionsOf(JSON.parse(stdout) as DependencyTree, 'axios').size).toBe(1);
  });

  it('serves the web app, which renders its heading and reaches the API with no console error', async () => {
    const page = await browser!.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    });
    const apiAnswer = page.waitForResponse((response) => response.url().startsWith(started!.apiUrl), {
      timeout: 60_000,
    });
    await page.goto(started!.webUrl);
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
    expect((await apiAnswer).status()).toBe(200);
    await page.locator('[data-health="ok"]').waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('tells the newcomer where development PINs and codes are, and how to sign in first', () => {
    expect(started!.output).toContain('outbox_messages');
    expect(started!.output).toMatch(/SMS to/);
    expect(started!.output).toMatch(/First try:/);
  });

  it('starts without a warning from either process', () => {
    const warnings = started!.output.split('\n').filter((line) => /\bwarn(ing)?\b/i.test(line));
    expect(warnings).toEqual([]);
  });
});

interface Lockfile {
  packages: Record<string, { version?: string; optional?: boolean }>;
}

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, 'utf8')) as T;
}

/**
 * The installed modules of `from` in `to`, hard-linked: the root's and each workspace's `node_modules`, without
 * the dot-folders tools write caches into (`.vite`, `.cache`); `.bin` and npm's `.package-lock.json` stay.
 */
async function copyInstalledModules(from: string, to: string): Promise<void> {
  const manifest = JSON.parse(await readFile(path.join(from, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  const folders = ['.'];
  for (const pattern of manifest.workspaces) {
    const parent = pattern.replace(/\/\*$/, '');
    for (const name of await readdir(path.join(from, parent))) folders.push(path.join(parent, name));
  }
  for (const folder of folders) {
    const modules = path.join(from, folder, 'node_modules');
    if (!existsSync(modules)) continue;
    await mkdir(path.join(to, folder, 'node_modules'), { recursive: true });
    for (const entry of await readdir(modules)) {
      if (entry.startsWith('.') && entry !== '.bin' && entry !== '.package-lock.json') continue;
      await run('cp', ['-a', '--link', path.join(modules, entry), path.join(to, folder, 'node_modules')]);
    }
  }
}

interface StartedProduct {
  readonly apiUrl: string;
  readonly webUrl: string;
  readonly output: string;
  stop(): Promise<void>;
}

/** `npm start` on free ports, resolved once it prints that both parts are up; stopped as Ctrl-C does. */
async function npmStart(directory: string): Promise<StartedProduct> {
  const apiPort = await freePort();
  const webPort = await freePort();
  const child = spawn('npm', ['start'], {
    cwd: directory,
    env: { ...cleanEnvironment(), PORT: String(apiPort), WEB_PORT: String(webPort) },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Press Ctrl-C to stop both.')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`npm start exited (${code}) before it was up:\n${output}`)),
    );
  });
  return {
    apiUrl: `http://localhost:${apiPort}`,
    webUrl: `http://localhost:${webPort}/`,
    get output() {
      return output;
    },
    stop: () => stopGroup(child),
  };
}

/** Ctrl-C reaches the whole process group, as in a terminal. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid!, 'SIGINT');
  await exited;
}

/** The environment of a newcomer's shell: no test runner flags, no database or port of this test run. */
function cleanEnvironment(): NodeJS.ProcessEnv {
  const environment = { ...process.env };
  for (const name of ['NODE_OPTIONS', 'DATABASE_URL', 'TEST_DATABASE_URL', 'PORT', 'WEB_PORT', 'DATA_DIR']) {
    delete environment[name];
  }
  return environment;
}

interface DependencyTree {
  readonly version?: string;
  readonly dependencies?: Record<string, DependencyTree>;
}

function versionsOf(tree: DependencyTree, name: string, found = new Set<string>()): Set<string> {
  for (const [dependency, subtree] of Object.entries(tree.dependencies ?? {})) {
    if (dependency === name && subtree.version) found.add(subtree.version);
    versionsOf(subtree, name, found);
  }
  return found;
}
