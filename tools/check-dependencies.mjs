#!/usr/bin/env node
// Every project of the workspace declares exactly what it imports (docs/decisions.md#workspace): a dependency no
// file, config or script of its project uses is unused; a package a project imports without declaring it is
// undeclared, and only resolves because npm hoisted someone else's copy. `npm run lint` and `npm test` run this;
// docs/testing.md#the-dependency-check says what it reads.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The allow-list, beside this file: `{ project, dependency, kind: 'unused' | 'undeclared', reason }` entries. */
export const ALLOW_LIST = 'tools/check-dependencies.allow.json';

const CODE = /\.(?:[cm]?[jt]sx?)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage', '.nx', '.git']);
// The browser tests' screenshots (`E2E_SCREENSHOTS=1`) sit in a project's own `screenshots` folder; a source
// folder of that name deeper down (the API's screenshot imports) is code.
const SKIPPED_PROJECT_FOLDERS = new Set(['screenshots']);
// Configs name their packages as plain strings (a Jest transform, an ESLint plugin): there, any string that is a
// declared dependency's name counts as a use of it.
const CONFIG =
  /(?:^|[./-])config\.[cm]?[jt]s$|^jest\.[\w.-]+\.cjs$|^eslint\.config\.[cm]?js$|^tsup\.[\w.-]+\.ts$/;
const BUILTINS = new Set(builtinModules);

/** The package a bare specifier names (`@scope/name/sub` gives `@scope/name`), or undefined for anything else. */
export function packageOf(specifier) {
  if (!specifier || /^[./#~\0]/.test(specifier) || /^[a-z][\w+.-]*:/i.test(specifier)) return undefined;
  if (specifier.includes('<') || specifier.includes('$') || /\s/.test(specifier)) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  if (BUILTINS.has(name) || (specifier.startsWith('@') && parts.length < 2)) return undefined;
  return /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(name) ? name : undefined;
}

/** Whether a specifier names one of Node's own modules (`fs`, `node:fs`): those need `@types/node`. */
function isBuiltin(specifier) {
  return specifier.startsWith('node:') || BUILTINS.has(specifier.split('/')[0]);
}

/** The module specifiers a file of code or CSS imports, requires, mocks or references. */
export function specifiersOf(text, file) {
  const found = [];
  const patterns = file.endsWith('.css')
    ? [/@(?:import|plugin|reference)\s+['"]([^'"\n]+)['"]/g, /url\(\s*['"]?([^'")\s]+)['"]?\s*\)/g]
    : [
        // import and export declarations with `from`, bare imports, dynamic `import()` and `import type`
        /(?:^|[^\w$.])(?:from|import)\s*\(?\s*['"]([^'"\n]+)['"]/g,
        // `require`, `require.resolve`, a require made on the spot by `createRequire`, and Jest's
        // module calls (`jest.mock`, `jest.requireActual`...)
        /(?:^|[^\w$])(?:require(?:\.resolve)?|createRequire\([^()]*\)|jest\.(?:mock|unmock|doMock|requireActual|requireMock))\s*\(\s*['"]([^'"\n]+)['"]/g,
        /\/\/\/\s*<reference\s+types=['"]([^'"\n]+)['"]/g,
      ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) found.push(match[1]);
  }
  return found;
}

/** The string literals of a config file, each a candidate package name. */
function stringsOf(text) {
  return [...text.matchAll(/['"`]([^'"`\n]+)['"`]/g)].map((match) => match[1]);
}

/** `@types/scope__name` types `@scope/name`; `@types/name` types `name`. */
function typedPackageOf(typesPackage) {
  const name = typesPackage.slice('@types/'.length);
  return name.includes('__') ? `@${name.replace('__', '/')}` : name;
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Every file under `folder` outside node_modules, builds and other projects' folders, relative to `folder`. */
function filesUnder(folder, excluded, prefix = '') {
  const files = [];
  for (const entry of readdirSync(path.join(folder, prefix), { withFileTypes: true })) {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) {
      if (SKIPPED_FOLDERS.has(entry.name) || excluded.has(relative)) continue;
      if (prefix === '' && SKIPPED_PROJECT_FOLDERS.has(entry.name)) continue;
      files.push(...filesUnder(folder, excluded, relative));
    } else if (entry.isFile()) {
      files.push(relative);
    }
  }
  return files;
}

/** The workspace's projects: the root, then each folder a `workspaces` pattern of the root's package.json matches. */
function projectsOf(root) {
  const manifest = readJson(path.join(root, 'package.json'));
  const folders = [];
  for (const pattern of manifest.workspaces ?? []) {
    const [parent, star] = pattern.split('/');
    if (star !== '*') {
      if (existsSync(path.join(root, pattern, 'package.json'))) folders.push(pattern);
      continue;
    }
    if (!existsSync(path.join(root, parent))) continue;
    for (const entry of readdirSync(path.join(root, parent), { withFileTypes: true })) {
      const folder = `${parent}/${entry.name}`;
      if (entry.isDirectory() && existsSync(path.join(root, folder, 'package.json'))) folders.push(folder);
    }
  }
  return [
    { folder: '.', manifest },
    ...folders
      .sort()
      .map((folder) => ({ folder, manifest: readJson(path.join(root, folder, 'package.json')) })),
  ];
}

/** The installed package.json of a dependency as the project resolves it, or an empty one when not installed. */
function installedManifestOf(root, folder, dependency) {
  for (const base of [path.join(root, folder), root]) {
    const installed = path.join(base, 'node_modules', dependency, 'package.json');
    if (existsSync(installed)) return readJson(installed);
  }
  return {};
}

/** The commands each declared dependency installs (`tsc` is typescript's), read from the installed packages. */
function commandsOf(root, folder, dependencies) {
  const commands = new Map();
  for (const dependency of dependencies) {
    const unscoped = dependency.split('/').pop();
    commands.set(unscoped, dependency);
    const { bin } = installedManifestOf(root, folder, dependency);
    const names = typeof bin === 'string' ? [unscoped] : Object.keys(bin ?? {});
    for (const name of names) commands.set(name, dependency);
  }
  return commands;
}

/**
 * Adds to `used` the declared dependencies that a used one asks for as a peer (`@testing-library/react` asks for
 * `@testing-library/dom`): the project declares them for that package, never imports them itself.
 */
function addPeers(root, folder, declared, used) {
  const pending = [...used].filter((dependency) => declared.has(dependency));
  while (pending.length > 0) {
    const { peerDependencies = {} } = installedManifestOf(root, folder, pending.pop());
    for (const peer of Object.keys(peerDependencies)) {
      if (declared.has(peer) && !used.has(peer)) {
        used.add(peer);
        pending.push(peer);
      }
    }
  }
}

/** What one project's files, configs and scripts use: imported packages, and the declared names otherwise seen. */
function usesOf(root, project, otherFolders, dependencies) {
  const folder = path.join(root, project.folder);
  const excluded = new Set(
    otherFolders.filter((other) => project.folder === '.' || other.startsWith(`${project.folder}/`)),
  );
  const imported = new Map(); // package -> the first file importing it
  const mentioned = new Set(); // declared dependencies named by configs, tsconfig types and scripts
  let usesNode = false;
  for (const file of filesUnder(folder, excluded)) {
    const name = path.basename(file);
    const shown = path.posix.join(project.folder, file.split(path.sep).join('/'));
    if (/^tsconfig[\w.-]*\.json$/.test(name)) {
      const { compilerOptions = {} } = readJson(path.join(folder, file));
      for (const type of compilerOptions.types ?? []) {
        if (type === 'node') usesNode = true;
        const typed = packageOf(type);
        if (typed) mentioned.add(typed);
      }
      continue;
    }
    if (!CODE.test(name) && !name.endsWith('.css')) continue;
    const text = readFileSync(path.join(folder, file), 'utf8');
    for (const specifier of specifiersOf(text, name)) {
      if (isBuiltin(specifier)) usesNode = true;
      const used = packageOf(specifier);
      if (used && !imported.has(used)) imported.set(used, shown);
    }
    if (CONFIG.test(name) || name === 'jest.preset.cjs') {
      for (const string of stringsOf(text)) {
        const named = packageOf(string);
        if (named && dependencies.has(named)) mentioned.add(named);
      }
    }
  }
  const commands = commandsOf(root, project.folder, dependencies);
  for (const script of Object.values(project.manifest.scripts ?? {})) {
    for (const word of script.split(/[\s;&|()]+/)) {
      if (commands.has(word)) mentioned.add(commands.get(word));
    }
  }
  if (usesNode) mentioned.add('node');
  return { imported, mentioned };
}

function declaredOf(manifest) {
  return new Set(
    ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((field) =>
      Object.keys(manifest[field] ?? {}),
    ),
  );
}

/**
 * The unused and undeclared dependencies of every project under `root`, less the allow-list's entries; also the
 * allow-list's entries that no longer match a problem, so the list cannot outlive its reasons.
 */
export function dependencyProblemsOf(root) {
  const projects = projectsOf(root);
  const folders = projects.map((project) => project.folder).filter((folder) => folder !== '.');
  // The root's devDependencies are the workspace's tools (Jest, ESLint, TypeScript, tsup): every project may use them.
  const workspaceTools = declaredOf(projects[0].manifest);
  const seen = projects.map((project) => {
    const declared = declaredOf(project.manifest);
    const known = new Set([...declared, ...workspaceTools]);
    return { project, declared, ...usesOf(root, project, folders, known) };
  });
  const everywhere = new Set(seen.flatMap(({ imported, mentioned }) => [...imported.keys(), ...mentioned]));

  const problems = [];
  for (const { project, declared, imported, mentioned } of seen) {
    const isRoot = project.folder === '.';
    const used = isRoot ? new Set(everywhere) : new Set([...imported.keys(), ...mentioned]);
    addPeers(root, project.folder, declared, used);
    for (const dependency of declared) {
      const typed = dependency.startsWith('@types/') ? typedPackageOf(dependency) : undefined;
      if (used.has(dependency) || (typed && used.has(typed))) continue;
      problems.push({ project: project.folder, dependency, kind: 'unused' });
    }
    for (const [dependency, file] of imported) {
      if (
        declared.has(dependency) ||
        workspaceTools.has(dependency) ||
        dependency === project.manifest.name
      ) {
        continue;
      }
      problems.push({ project: project.folder, dependency, kind: 'undeclared', file });
    }
  }

  const allowFile = path.join(root, ALLOW_LIST);
  const allowed = existsSync(allowFile) ? readJson(allowFile) : [];
  const key = ({ project, dependency, kind }) => `${kind} ${project} ${dependency}`;
  const allowedKeys = new Set(allowed.map(key));
  const problemKeys = new Set(problems.map(key));
  const stale = allowed.filter((entry) => !problemKeys.has(key(entry)) || !entry.reason?.trim());
  return { problems: problems.filter((problem) => !allowedKeys.has(key(problem))), stale };
}

function describe({ project, dependency, kind, file }) {
  return kind === 'unused'
    ? `${project}/package.json: ${dependency} is declared but nothing in ${project} imports it or names it in a config or script`
    : `${file}: imports ${dependency}, which ${project}/package.json does not declare`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { problems, stale } = dependencyProblemsOf(root);
  for (const problem of problems) console.error(describe(problem));
  for (const entry of stale) {
    console.error(
      `${ALLOW_LIST}: ${entry.kind} ${entry.project} ${entry.dependency} ` +
        (entry.reason?.trim() ? 'no longer matches a problem: remove it' : 'has no reason'),
    );
  }
  if (problems.length + stale.length > 0) {
    console.error(
      `Dependency check: ${problems.length + stale.length} problem(s) (docs/testing.md#the-dependency-check).`,
    );
    process.exit(1);
  }
  console.log(`Dependency check: every project declares exactly what it uses (${ALLOW_LIST} aside).`);
}
