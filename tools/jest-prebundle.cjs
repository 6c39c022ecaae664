// Jest loads every module of a test file's graph afresh for each file: a resolution, a read and a compile in its
// sandbox per module. The API's graph is over 2,000 modules, a third of them typebox's 679 and most of the rest
// Stripe's and OpenAI's SDKs, which cost most of an API test file's own start (docs/testing.md#where-the-time-goes).
// As Vite pre-bundles dependencies for its dev server, this bundles each listed dependency into one CommonJS file
// with esbuild, once per version, and maps its imports there: one module in place of hundreds, the same code.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { buildSync, version: esbuildVersion } = require('esbuild');

const workspaceRoot = path.resolve(__dirname, '..');
const CACHE_DIR = path.join(workspaceRoot, 'node_modules', '.cache', 'wingmate-jest-prebundle');

/**
 * The dependencies bundled, each with the entry points the workspace imports ('' is the package itself). The
 * entries of one package share one bundle, so a class or symbol of the package is one value whichever entry it
 * came through.
 */
const PREBUNDLED = [
  {
    name: 'typebox',
    entries: ['', 'compile', 'error', 'format', 'guard', 'schema', 'system', 'type', 'value'],
  },
  { name: 'stripe', entries: [''] },
  { name: 'openai', entries: [''] },
  {
    name: 'drizzle-orm',
    entries: ['', 'pg-core', 'pglite', 'pglite/migrator', 'node-postgres', 'node-postgres/migrator'],
  },
  { name: 'libphonenumber-js', entries: ['', 'min'] },
  { name: 'jose', entries: [''] },
  { name: 'nodemailer', entries: [''] },
  // Fastify with the validator and serializer compilers, ajv and the rest it alone uses (about 300 modules).
  { name: 'fastify', entries: [''], withDependencies: true },
  { name: '@fastify/ajv-compiler', entries: [''], withDependencies: true },
  { name: '@fastify/fast-json-stringify-compiler', entries: [''], withDependencies: true },
  { name: 'uuid', entries: [''] },
  // The web's tests: Testing Library's queries with aria-query and the rest they alone use, and user-event.
  { name: '@testing-library/dom', entries: [''], withDependencies: true },
  { name: '@testing-library/user-event', entries: [''] },
];

/**
 * Inside Jest's sandbox every lookup of a global goes through the context's global object, which costs many times a
 * local variable's (docs/testing.md#where-the-time-goes): drizzle's `is`, run on every part of every query it builds,
 * was 6.4 % of the samples of ten API files. esbuild's `inject` makes each bundle read these built-ins once, into
 * variables of its own scope, and rewrites its uses of the globals to them (renaming any declaration of the same
 * name, as for any other clash). Only built-ins no test replaces: timers, `Date`, `process` and `console`, which fake
 * timers and the console guard swap, stay global.
 */
const BUILT_INS = [
  'Object',
  'Array',
  'Symbol',
  'Reflect',
  'Promise',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'Math',
  'JSON',
  'String',
  'Number',
  'Boolean',
  'BigInt',
  'Error',
  'TypeError',
  'RangeError',
  'SyntaxError',
  'RegExp',
  'Function',
  'Proxy',
  'ArrayBuffer',
  'DataView',
  'Uint8Array',
];
const BUILT_INS_MODULE = BUILT_INS.map(
  (name) => `const ${name}_ = globalThis.${name};\nexport { ${name}_ as ${name} };\n`,
).join('');

/** Jest's `moduleNameMapper` entries for the project at `rootDir`: each entry's import served from its bundle. */
function prebundledModules(rootDir) {
  const mapper = {};
  for (const dependency of PREBUNDLED) {
    const resolved = resolveEntries(dependency, rootDir);
    if (!resolved) continue; // not a dependency this project can import
    const dir = ensureBundle(dependency, resolved);
    for (const [index, entry] of dependency.entries.entries()) {
      const specifier = entry ? `${dependency.name}/${entry}` : dependency.name;
      mapper[`^${escapeRegExp(specifier)}$`] = path.join(dir, `entry-${index}.cjs`);
    }
  }
  return mapper;
}

/** Each entry's file as Node's `require` finds it from `rootDir`, or undefined when the package is not there. */
function resolveEntries({ name, entries }, rootDir) {
  try {
    return entries.map((entry) => require.resolve(entry ? `${name}/${entry}` : name, { paths: [rootDir] }));
  } catch {
    return undefined;
  }
}

/** The folder of the dependency's bundle and one small module per entry, made when not made yet. */
function ensureBundle({ name, withDependencies = false }, files) {
  const key = crypto
    .createHash('sha256')
    .update(esbuildVersion)
    .update(fs.readFileSync(__filename))
    .update(JSON.stringify({ files, withDependencies }))
    .update(packageVersion(files[0], name))
    .digest('hex')
    .slice(0, 16);
  const dir = path.join(CACHE_DIR, `${name.replace('/', '+')}-${key}`);
  if (fs.existsSync(path.join(dir, 'ready'))) return dir;
  // Jest processes started at once may make it together: each in a folder of its own, the first rename wins.
  const building = `${dir}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.mkdirSync(building, { recursive: true });
  fs.writeFileSync(path.join(building, 'built-ins.mjs'), BUILT_INS_MODULE);
  // `require` of an ES module gives its namespace marked `__esModule`, as Jest's transform of it would.
  const source = files
    .map((file, index) => `exports.e${index} = require(${JSON.stringify(file)});`)
    .join('\n');
  buildSync({
    stdin: { contents: source, resolveDir: building, loader: 'js' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'es2022',
    // As the transform's output (tools/jest-transform.cjs): `import()` becomes a `require` Jest's registry serves.
    supported: { 'dynamic-import': false },
    // Only the package's own files, unless it is bundled with its dependencies: another package it imports stays one
    // module Jest loads for every importer.
    ...(withDependencies ? {} : { packages: 'external' }),
    // The built-ins read once into the bundle's scope (above).
    inject: [path.join(building, 'built-ins.mjs')],
    outfile: path.join(building, 'bundle.cjs'),
    logLevel: 'silent',
  });
  for (const index of files.keys()) {
    fs.writeFileSync(path.join(building, `entry-${index}.cjs`), entryModule(index));
  }
  // The bundle's folder stands in for the package: what looks up its name and version beside its entry finds them.
  const manifest = { name, version: packageVersion(files[0], name), private: true };
  fs.writeFileSync(path.join(building, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.writeFileSync(path.join(building, 'ready'), '');
  try {
    fs.renameSync(building, dir);
  } catch {
    fs.rmSync(building, { recursive: true, force: true }); // another process made it first
  }
  return dir;
}

/** An entry: the value `require` gives of it, as the bundle holds it. */
function entryModule(index) {
  return `module.exports = require('./bundle.cjs').e${index};\n`;
}

function packageVersion(file, name) {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const json = JSON.parse(fs.readFileSync(manifest, 'utf8'));
      if (json.name === name && json.version) return json.version;
    }
  }
  return 'unknown';
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

module.exports = { prebundledModules };
