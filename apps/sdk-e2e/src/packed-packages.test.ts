import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { startTestApp, type TestApp } from '@wingmate/api/testing';
import { createClient, createSignUpStore, memoryStorage, type DerivedPlan } from '@wingmate/core-sdk';

// The published packages as someone outside the monorepo gets them: packed, installed from the tarballs into a
// project of their own, and core-sdk's README example run there with node, as JavaScript and as TypeScript
// compiled against the packages' own declarations (docs/running.md#releasing-the-packages).
const run = promisify(execFile);
const root = resolve(__dirname, '../../..');
const PUBLISHED = ['runtime', 'api-contract', 'core-sdk', 'ab-engine', 'tracking'];
const names = PUBLISHED.map((dir) => `@wingmate/${dir}`);
const README_EXAMPLE = '## Node example: sign in and list plans';
const README_BASE_URL = "baseURL: 'http://localhost:8000'";

interface LockedPackage {
  name?: string;
  version?: string;
  resolved?: string;
  integrity?: string;
  devDependencies?: Record<string, string>;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}
type Lockfile = {
  name?: string;
  lockfileVersion?: number;
  requires?: boolean;
  packages: Record<string, LockedPackage>;
};
type Packed = { name: string; filename: string; integrity: string };

/** The environment of a child: none of npm's per-run settings or Jest's Node options of this process. */
function outsideEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!/^npm_/i.test(key) && key !== 'NODE_OPTIONS' && key !== 'NODE_PATH') env[key] = value;
  return env;
}

async function inProject(dir: string, command: string, args: string[]): Promise<string> {
  const { stdout } = await run(command, args, { cwd: dir, env: outsideEnv(), maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/** Where npm would find `name` from the package at `from`, in the lockfile's layout. */
function locate(lock: Lockfile, from: string, name: string): string | undefined {
  for (let base = from; ;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

/**
 * The lockfile of a project that depends on the tarballs alone: the tarballs, and every outside package they need
 * at the version and place the workspace's lockfile holds. `npm ci` installs it from what the workspace's own
 * `npm ci` cached, with no network; a fresh resolution (`npm install` of the tarballs) would ask the registry for
 * the full package documents, which `npm ci` does not fetch.
 */
function outsideLockfile(lock: Lockfile, packed: Packed[], tarballsFolder: string): Lockfile {
  const spec = ({ filename }: Packed) => `file:../${tarballsFolder}/${filename}`;
  const packages: Record<string, LockedPackage> = {
    '': { dependencies: Object.fromEntries(packed.map((tarball) => [tarball.name, spec(tarball)])) },
  };
  // A package nested under a workspace folder sits under that package's folder in node_modules outside.
  const outside = (location: string) =>
    location.replace(/^packages\/([^/]+)\//, 'node_modules/@wingmate/$1/');
  const visit = (location: string) => {
    const { name: _name, devDependencies: _dev, ...entry } = lock.packages[location] ?? {};
    const optionalPeers = Object.entries(entry.peerDependenciesMeta ?? {})
      .filter(([, meta]) => meta.optional)
      .map(([name]) => name);
    const required = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers.includes(name)),
    ];
    for (const name of [...required, ...Object.keys(entry.optionalDependencies ?? {})]) {
      if (name.startsWith('@wingmate/')) continue;
      const found = locate(lock, location, name);
      if (!found) {
        if (required.includes(name))
          throw new Error(`${name}, needed by ${location}, is not in package-lock.json`);
        continue;
      }
      if (packages[outside(found)]) continue;
      packages[outside(found)] = lock.packages[found] ?? {};
      visit(found);
    }
    return entry;
  };
  for (const tarball of packed) {
    const entry = visit(`packages/${tarball.name.replace('@wingmate/', '')}`);
    packages[`node_modules/${tarball.name}`] = {
      ...entry,
      resolved: spec(tarball),
      integrity: tarball.integrity,
    };
  }
  return { name: 'outside', lockfileVersion: 3, requires: true, packages };
}

/** core-sdk's README example, as the README holds it, pointed at `baseURL`. */
async function readmeExample(baseURL: string): Promise<string> {
  const readme = await readFile(join(root, 'packages/core-sdk/README.md'), 'utf8');
  const section = readme.split(README_EXAMPLE)[1];
  const code = section?.match(/```ts\n([\s\S]*?)```/)?.[1];
  if (!code) throw new Error(`core-sdk's README has no ts block under "${README_EXAMPLE}"`);
  expect(code.split(README_BASE_URL)).toHaveLength(2);
  return code.replace(README_BASE_URL, `baseURL: '${baseURL}'`);
}

/** The account the example signs in with, read from the example itself. */
async function readmeCredentials(): Promise<{ email: string; password: string }> {
  const example = await readmeExample('');
  const [, email, password] =
    example.match(/loginEmail\(\{ email: '([^']+)', password: '([^']+)' \}\)/) ?? [];
  if (!email || !password) throw new Error("core-sdk's Node example no longer signs in with loginEmail");
  return { email, password };
}

/** The line the example prints for a plan. */
const planLine = (plan: DerivedPlan) =>
  `${plan.plan_type}: $${plan.periodPrice}/${plan.periodUnit}, $${plan.totalPrice} total ${plan.tags.join(', ')}${plan.isDisabled ? ' (unavailable)' : ''}`;

let project: string;
let tarballs: string;

beforeAll(async () => {
  for (const dir of PUBLISHED)
    if (!existsSync(join(root, 'packages', dir, 'dist/index.cjs')))
      throw new Error(
        `packages/${dir} is not built: npx nx run-many -t build --projects=${PUBLISHED.join(',')} (nx test sdk-e2e builds them first)`,
      );
  // The real path: os.tmpdir() may be a symbolic link, and Node reports resolved files by their real path.
  tarballs = await realpath(await mkdtemp(join(tmpdir(), 'wingmate-tarballs-')));
  project = await realpath(await mkdtemp(join(tmpdir(), 'wingmate-outside-')));
  const packed = JSON.parse(
    await inProject(root, 'npm', [
      'pack',
      ...PUBLISHED.map((dir) => `./packages/${dir}`),
      '--pack-destination',
      tarballs,
      '--json',
    ]),
  ) as Packed[];
  const lock = JSON.parse(await readFile(join(root, 'package-lock.json'), 'utf8')) as Lockfile;
  const outsideLock = outsideLockfile(lock, packed, basename(tarballs));
  await writeFile(
    join(project, 'package.json'),
    JSON.stringify({ type: 'module', dependencies: outsideLock.packages['']?.dependencies }, null, 2),
  );
  await writeFile(join(project, 'package-lock.json'), JSON.stringify(outsideLock, null, 2));
  await inProject(project, 'npm', ['ci', '--offline', '--no-audit', '--no-fund']);
});

afterAll(async () => {
  await Promise.all(
    [tarballs, project].filter(Boolean).map((dir) => rm(dir, { recursive: true, force: true })),
  );
});

it('loads both entries of each package, every file found inside the project', async () => {
  const list = JSON.stringify(names);
  const commonjs = `const names = ${list};
for (const name of names) require(name);
console.log(JSON.stringify(names.map((name) => require.resolve(name))));`;
  const esm = `import { fileURLToPath } from 'node:url';
const names = ${list};
await Promise.all(names.map((name) => import(name)));
console.log(JSON.stringify(names.map((name) => fileURLToPath(import.meta.resolve(name)))));`;
  const entries = async (type: string, code: string) =>
    JSON.parse(await inProject(project, process.execPath, [`--input-type=${type}`, '-e', code])) as string[];
  const installed = (file: string) => names.map((name) => join(project, 'node_modules', name, 'dist', file));
  expect(await entries('commonjs', commonjs)).toEqual(installed('index.cjs'));
  expect(await entries('module', esm)).toEqual(installed('index.mjs'));

  // Nothing of the workspace on the way: where Node looks, and where core-sdk's own dependencies come from.
  const lookup = `const fromSdk = require('node:module').createRequire(require.resolve('@wingmate/core-sdk'));
console.log(JSON.stringify([...require.resolve.paths('@wingmate/core-sdk'), ...['@wingmate/runtime', 'axios', 'zustand'].map((name) => fromSdk.resolve(name))]));`;
  const places = JSON.parse(await inProject(project, process.execPath, ['-e', lookup])) as string[];
  expect(places.filter((place) => place.startsWith(root))).toEqual([]);
  expect(places.slice(-3).filter((file) => !file.startsWith(join(project, 'node_modules')))).toEqual([]);
});

// The packages speak HTTP to the server; which database is under it is the journey's concern (it runs on both), so
// one server on PGlite serves the example here.
describe('core-sdk README example in a project outside the workspace', () => {
  let server: TestApp | undefined;
  let baseURL: string;
  let plans: DerivedPlan[];
  let email: string;

  beforeAll(async () => {
    server = await startTestApp('pglite');
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    baseURL = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const credentials = await readmeCredentials();
    email = credentials.email;
    const client = createClient({ baseURL, storage: memoryStorage() });
    await createSignUpStore(client).submit({ method: 'email', ...credentials, termsAccepted: true });
    plans = await client.plans.loadRegular();
    expect(plans.length).toBeGreaterThan(0);
  });
  afterAll(() => server?.close());

  const expectedOutput = () => [`signed in as ${email}`, ...plans.map(planLine)];

  it('runs as JavaScript with node', async () => {
    await writeFile(join(project, 'example.mjs'), await readmeExample(baseURL));
    const output = await inProject(project, process.execPath, ['example.mjs']);
    expect(output.trimEnd().split('\n')).toEqual(expectedOutput());
  });

  it("compiles as strict TypeScript against the packages' own declarations, then runs with node", async () => {
    await writeFile(join(project, 'example.ts'), await readmeExample(baseURL));
    await writeFile(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          // `console` from the DOM's lib: the project has no @types/node, and the example needs nothing else of it.
          lib: ['es2022', 'dom'],
          types: [],
          noEmitOnError: true,
          // The example is checked against the packages' declarations; checking the declarations themselves too
          // took 17 s more of CPU.
          skipLibCheck: true,
        },
        files: ['example.ts'],
      }),
    );
    const compiled = await inProject(project, join(root, 'node_modules/.bin/tsc'), [
      '-p',
      'tsconfig.json',
      '--listFiles',
    ]);
    // Nothing of the workspace but the compiler's own lib files: the declarations are the installed packages'.
    const read = compiled.split('\n').filter(Boolean);
    expect(
      read.filter((file) => !file.startsWith(project) && !file.includes('/typescript/lib/lib.')),
    ).toEqual([]);
    expect(read).toContain(join(project, 'node_modules/@wingmate/core-sdk/dist/index.d.mts'));
    const output = await inProject(project, process.execPath, ['example.js']);
    expect(output.trimEnd().split('\n')).toEqual(expectedOutput());
  });
});
