import type { Options } from 'tsup';

/** One build for every library: ESM (.mjs + .d.mts) and CommonJS (.cjs + .d.ts), with source maps. */
export function libraryBuild(overrides: Options = {}): Options {
  return {
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'es2020',
    outExtension: ({ format }) => ({ js: format === 'esm' ? '.mjs' : '.cjs' }),
    ...overrides,
  };
}
