// Shared Jest settings. tools/jest-transform.cjs (esbuild, and ts-jest for files that call `jest.mock`) transpiles
// TypeScript (type checking is the `check` target's job) and also the ESM-only dependencies (typebox, uuid, jose,
// @noble/hashes) that Jest's CommonJS runtime cannot load as they ship.
const os = require('node:os');
const path = require('node:path');
const { pathsToModuleNameMapper } = require('ts-jest');
const { compilerOptions } = require('./tsconfig.base.json');
const { prebundledModules } = require('./tools/jest-prebundle.cjs');

const esmOnlyPackages = ['typebox', 'uuid', 'jose', '@noble/hashes'];

module.exports = {
  testEnvironment: 'node',
  // Jest's default on a 2-core machine is one worker, in band. Files wait on Postgres, sockets and timers, and Nx
  // runs another project beside this one, so two workers keep both cores busy (docs/testing.md#where-the-time-goes).
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
  transform: {
    '^.+\\.(ts|tsx|js|mjs|cjs)$': [
      path.join(__dirname, 'tools/jest-transform.cjs'),
      // ts-jest's options, for the files it still compiles.
      {
        tsconfig: {
          module: 'commonjs',
          moduleResolution: 'node10',
          target: 'ES2022',
          jsx: 'react-jsx',
          allowJs: true,
          esModuleInterop: true,
          isolatedModules: true,
          sourceMap: true,
        },
        diagnostics: false,
      },
    ],
  },
  transformIgnorePatterns: [`node_modules/(?!(${esmOnlyPackages.join('|')})/)`],
  moduleNameMapper: {
    ...pathsToModuleNameMapper(compilerOptions.paths, { prefix: path.join(__dirname, '/') }),
    // Large dependencies as one pre-bundled module each, resolved from the project Jest runs in (its folder).
    ...prebundledModules(process.cwd()),
  },
  globalSetup: path.join(__dirname, 'jest.global-setup.cjs'),
  setupFiles: [path.join(__dirname, 'jest.browser-globals.cjs')],
  reporters: ['default', path.join(__dirname, 'tools/jest-results-reporter.cjs')],
  clearMocks: true,
};
