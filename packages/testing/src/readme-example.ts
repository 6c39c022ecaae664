import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const EXAMPLE = 'examples/react-binding.tsx';

/**
 * Each framework-agnostic package's README shows how the web binds its store with zustand
 * (docs/decisions.md#the-sdk-surface-the-web-app-binds-to); the example is a real file, `examples/react-binding.tsx`,
 * so it cannot rot. These tests check that the README quotes the file word for word and that the package's own
 * `tsconfig.json` takes it in, so the package's `typecheck` target compiles it with the sources (one compiler run,
 * not a second one inside Jest).
 */
export function describeReadmeExample(packageDir: string): void {
  const read = (file: string) => readFileSync(join(packageDir, file), 'utf8');

  describe('the React binding example of the README (docs/decisions.md#the-sdk-surface-the-web-app-binds-to: the web binds the stores with zustand)', () => {
    it(`is quoted in README.md exactly as ${EXAMPLE} holds it (lint directives aside)`, () => {
      const example = read(EXAMPLE)
        .split('\n')
        .filter((line) => !line.startsWith('// eslint-disable'))
        .join('\n');
      expect(read('README.md')).toContain(example.trim());
    });

    it('is compiled by the package typecheck: tsconfig.json takes it in, with JSX on', () => {
      const config = typecheckProgramOf(packageDir);
      expect(config.errors.map((error) => ts.flattenDiagnosticMessageText(error.messageText, '\n'))).toEqual(
        [],
      );
      expect(config.fileNames).toContain(join(packageDir, EXAMPLE));
      expect(config.options.jsx).toBe(ts.JsxEmit.ReactJSX);
    });
  });
}

/** The files and options `tsc -p tsconfig.json` would compile in the package (read, not compiled). */
function typecheckProgramOf(packageDir: string): ts.ParsedCommandLine {
  const file = join(packageDir, 'tsconfig.json');
  const read = ts.readConfigFile(file, (path) => ts.sys.readFile(path));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const config: unknown = read.config;
  return ts.parseJsonConfigFileContent(config, ts.sys, packageDir, undefined, file);
}
