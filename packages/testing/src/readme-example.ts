import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Each framework-agnostic package's README shows how the web binds its store with zustand
 * (conventions.md); the example is a real file, `examples/react-binding.tsx`, so it cannot rot. These tests check
 * that the README quotes the file word for word and that `examples/tsconfig.json` compiles it.
 */
export function describeReadmeExample(packageDir: string, compiled = 'compiles with tsc'): void {
  const read = (file: string) => readFileSync(join(packageDir, file), 'utf8');

  describe('the React binding example of the README (conventions.md: the web binds the stores with zustand)', () => {
    it('is quoted in README.md exactly as examples/react-binding.tsx holds it (lint directives aside)', () => {
      const example = read('examples/react-binding.tsx')
        .split('\n')
        .filter((line) => !line.startsWith('// eslint-disable'))
        .join('\n');
      expect(read('README.md')).toContain(example.trim());
    });

    it(
      compiled,
      () => {
        const tsc = require.resolve('typescript/bin/tsc');
        try {
          execFileSync(process.execPath, [tsc, '-p', join(packageDir, 'examples/tsconfig.json')], {
            stdio: 'pipe',
          });
        } catch (error) {
          throw new Error(
            `tsc -p examples failed:\n${String((error as { stdout?: Buffer }).stdout ?? error)}`,
          );
        }
      },
      180_000,
    );
  });
}
