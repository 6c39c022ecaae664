// `node --test`: the citation check finds what it must (npm test runs it after the check itself).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { citationProblemsOf } from './citations.mjs';

const root = mkdtempSync(path.join(tmpdir(), 'citations-'));
after(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(path.join(root, 'docs'));
mkdirSync(path.join(root, 'apps'));
writeFileSync(
  path.join(root, 'docs', 'product.md'),
  '# The product\n\n## Plan lists\n\nEach list loads alone.\n',
);

/** The problems of a planted source file holding `lines`. */
function problemsOf(...lines) {
  writeFileSync(path.join(root, 'apps', 'planted.ts'), lines.join('\n'));
  return citationProblemsOf(root, 'apps/planted.ts');
}

// Written in pieces, so that this file itself cites nothing outside the repository, nor a heading that is not there.
const docs = ['docs', ''].join('/');
const spec = ['spec', '4'].join(' ');
const issue = ['issue', '37'].join(' ');
const design = ['screens', 'md'].join('.');

describe('citations in code', () => {
  it('accepts a docs path with a heading that exists', () => {
    assert.deepEqual(problemsOf('// Loaded once (docs/product.md#plan-lists).'), []);
  });

  it('finds a heading that does not exist, a file that does not exist, and a docs file without a heading', () => {
    const problems = problemsOf(
      `// ${docs}product.md#plan-listing`,
      `// ${docs}pricing.md#plans`,
      `it('loads (${docs}product.md)', () => {});`,
    );
    assert.equal(problems.length, 3);
    assert.match(problems[0], /^apps\/planted\.ts:1: docs\/product\.md#plan-listing names no heading there$/);
    assert.match(problems[1], /^apps\/planted\.ts:2: docs\/pricing\.md#plans does not exist$/);
    assert.match(problems[2], /^apps\/planted\.ts:3: docs\/product\.md names no heading/);
  });

  it('finds a spec section, a design file outside the repository and an issue', () => {
    const problems = problemsOf(`// (${spec}, "Plan lists")`, `// ${design}, "Routes"`, `// since ${issue}`);
    assert.deepEqual(
      problems.map((problem) => problem.split(': ')[0]),
      ['apps/planted.ts:1', 'apps/planted.ts:2', 'apps/planted.ts:3'],
    );
  });
});
