import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const packageDir = join(__dirname, '..');
const read = (file: string) => readFileSync(join(packageDir, file), 'utf8');

describe('the React binding example of the README (conventions.md: the web binds engine.store with zustand)', () => {
  it('is quoted in README.md exactly as examples/react-binding.tsx holds it (lint directives aside)', () => {
    const example = read('examples/react-binding.tsx')
      .split('\n')
      .filter((line) => !line.startsWith('// eslint-disable'))
      .join('\n');
    expect(read('README.md')).toContain(example.trim());
  });

  it('compiles with tsc', () => {
    const tsc = require.resolve('typescript/bin/tsc');
    try {
      execFileSync(process.execPath, [tsc, '-p', join(packageDir, 'examples/tsconfig.json')], {
        stdio: 'pipe',
      });
    } catch (error) {
      throw new Error(`tsc -p examples failed:\n${String((error as { stdout?: Buffer }).stdout ?? error)}`);
    }
  }, 180_000);
});
