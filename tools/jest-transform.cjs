// The Jest transform of every project: esbuild turns TypeScript, JSX and the ES-module-only dependencies into
// CommonJS, one file at a time and without type checking (that is each project's `check`). A file that calls
// `jest.mock` goes through ts-jest instead, whose hoisting moves those calls above the imports as Jest requires.
// Why: on a fresh clone every project compiles its whole module graph once, and ts-jest took about two thirds of a
// cold run's CPU in the API's and the SDK's suites (docs/testing.md#where-the-time-goes).
const crypto = require('node:crypto');
const path = require('node:path');
const { transformSync, version: esbuildVersion } = require('esbuild');
const { TsJestTransformer } = require('ts-jest');

/** The calls ts-jest's hoisting knows; their files keep the ts-jest transform. */
const HOISTED_CALL = /\bjest\s*\.\s*(mock|unmock|enableAutomock|disableAutomock|deepUnmock)\s*\(/;

const LOADERS = { '.ts': 'ts', '.tsx': 'tsx', '.mts': 'ts', '.cts': 'ts', '.jsx': 'jsx' };

const ESBUILD_OPTIONS = {
  format: 'cjs',
  target: 'es2022',
  platform: 'node',
  jsx: 'automatic',
  sourcemap: 'inline',
  // As TypeScript's CommonJS output does: `import()` becomes a `require` Jest's module registry serves.
  supported: { 'dynamic-import': false },
  tsconfigRaw: { compilerOptions: { useDefineForClassFields: true, verbatimModuleSyntax: false } },
  logLevel: 'silent',
};

const OWN_KEY = crypto
  .createHash('sha256')
  .update(esbuildVersion)
  .update(JSON.stringify(ESBUILD_OPTIONS))
  .update(require('node:fs').readFileSync(__filename))
  .digest('hex');

class EsbuildTransformer {
  constructor(tsJestOptions) {
    this.tsJest = new TsJestTransformer(tsJestOptions);
  }

  getCacheKey(source, filename, options) {
    if (HOISTED_CALL.test(source)) return `ts-jest:${this.tsJest.getCacheKey(source, filename, options)}`;
    return crypto
      .createHash('sha256')
      .update(OWN_KEY)
      .update(source)
      .update(filename)
      .update(options.configString)
      .digest('hex');
  }

  process(source, filename, options) {
    if (HOISTED_CALL.test(source)) return this.tsJest.process(source, filename, options);
    const { code } = transformSync(source, {
      ...ESBUILD_OPTIONS,
      loader: LOADERS[path.extname(filename)] ?? 'js',
      sourcefile: filename,
    });
    return { code };
  }
}

module.exports = { createTransformer: (options) => new EsbuildTransformer(options) };
