// `node --test`: the dependency check finds an unused and an undeclared dependency, and sees the uses an import
// scan alone misses (npm test runs it after the check itself).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { ALLOW_LIST, dependencyProblemsOf } from './check-dependencies.mjs';

const roots = [];
after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

// Written in pieces, so that this file itself imports nothing its project does not declare.
const fromPackage = (name) => ['from', `'${name}'`].join(' ');
const requirePackage = (name) => ['require', `('${name}')`].join('');

/**
 * A workspace with one project, `packages/planted`, holding `files` and declaring `manifest`'s dependencies; the
 * root declares `tools`.
 */
function workspace(manifest, files, tools = {}) {
  const root = mkdtempSync(path.join(tmpdir(), 'check-dependencies-'));
  roots.push(root);
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('package.json', JSON.stringify({ workspaces: ['packages/*'], devDependencies: tools }));
  write('packages/planted/package.json', JSON.stringify({ name: '@planted/app', ...manifest }));
  for (const [file, text] of Object.entries(files)) write(path.join('packages/planted', file), text);
  return root;
}

describe('the dependency check', () => {
  it('finds a declared dependency nothing uses and an imported package nothing declares', () => {
    const root = workspace(
      { dependencies: { 'left-pad': '^1.0.0', 'is-odd': '^3.0.0' } },
      {
        'src/index.ts': `import pad ${fromPackage('left-pad')};\nimport even ${fromPackage('is-even')};\nexport { pad, even };\n`,
      },
    );
    const { problems } = dependencyProblemsOf(root);
    assert.deepEqual(
      problems.map(({ project, dependency, kind }) => `${kind} ${project} ${dependency}`).sort(),
      ['undeclared packages/planted is-even', 'unused packages/planted is-odd'],
    );
  });

  it('counts configs, scripts, type packages, tsconfig types, requires and the root tools as uses', () => {
    const root = workspace(
      {
        scripts: { build: 'tsup && jest' },
        dependencies: { 'left-pad': '^1.0.0', zod: '^4.0.0' },
        devDependencies: {
          tsup: '^8.0.0',
          'ts-jest': '^29.0.0',
          '@types/left-pad': '^1.0.0',
          '@types/node': '^20.0.0',
          vitest: '^3.0.0',
        },
      },
      {
        'src/index.ts': `export { default } ${fromPackage('left-pad/sub')};\nconst z = ${requirePackage('zod')};\n`,
        'jest.config.cjs': `module.exports = { transform: { x: ['ts-jest', {}] } };\n`,
        'src/index.test.ts': `import fs ${fromPackage('node:fs')};\nimport { expect } ${fromPackage('@jest/globals')};\n`,
        'tsconfig.json': JSON.stringify({ compilerOptions: { types: ['vitest/globals'] } }),
      },
      { jest: '^30.0.0' },
    );
    // `@jest/globals` is undeclared: jest, which the root declares, does not declare it for its users either.
    assert.deepEqual(
      dependencyProblemsOf(root).problems.map(({ dependency, kind }) => `${kind} ${dependency}`),
      ['undeclared @jest/globals'],
    );
  });

  it("reads source folders named screenshots and createRequire's requires; skips the project's own screenshots", () => {
    const root = workspace(
      { dependencies: { 'left-pad': '^1.0.0', 'is-odd': '^3.0.0' } },
      {
        'src/screenshots/read.ts': `const pad = ${['createRequire', '(__filename)', "('left-pad')"].join('')};\n`,
        'screenshots/notes.ts': `import odd ${fromPackage('is-odd')};\n`,
      },
    );
    assert.deepEqual(
      dependencyProblemsOf(root).problems.map(({ dependency, kind }) => `${kind} ${dependency}`),
      ['unused is-odd'],
    );
  });

  it('takes an allow-listed problem out, and reports an entry that no longer matches one', () => {
    const root = workspace({ dependencies: { 'left-pad': '^1.0.0' } }, { 'src/index.ts': 'export {};\n' });
    mkdirSync(path.join(root, 'tools'));
    writeFileSync(
      path.join(root, ALLOW_LIST),
      JSON.stringify([
        {
          project: 'packages/planted',
          dependency: 'left-pad',
          kind: 'unused',
          reason: 'loaded by name at run time',
        },
        { project: 'packages/planted', dependency: 'is-odd', kind: 'unused', reason: 'gone since' },
      ]),
    );
    const { problems, stale } = dependencyProblemsOf(root);
    assert.deepEqual(problems, []);
    assert.deepEqual(
      stale.map(({ dependency }) => dependency),
      ['is-odd'],
    );
  });
});
