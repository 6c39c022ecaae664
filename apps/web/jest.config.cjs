const preset = require('../../jest.preset.cjs');

/**
 * react-markdown and the unified packages under it ship as ES modules only; ts-jest transpiles them too, so the
 * tests render AI text with the real renderer (its rules are the web's defences:
 * docs/decisions.md#the-browsers-defences).
 */
const markdownPackages = [
  'react-markdown',
  'unified',
  'bail',
  'trough',
  'is-plain-obj',
  'devlop',
  'vfile',
  'vfile-message',
  'unist-util-[a-z-]+',
  'remark-[a-z-]+',
  'mdast-util-[a-z-]+',
  'micromark',
  'micromark-[a-z-]+',
  'hast-util-[a-z-]+',
  'html-url-attributes',
  'property-information',
  'space-separated-tokens',
  'comma-separated-tokens',
  'decode-named-character-reference',
  'character-entities',
  'character-entities-[a-z0-9-]+',
  'character-reference-invalid',
  'parse-entities',
  'stringify-entities',
  'is-alphabetical',
  'is-alphanumerical',
  'is-decimal',
  'is-hexadecimal',
  'ccount',
  'zwitch',
  'longest-streak',
  'trim-lines',
  'estree-util-is-identifier-name',
  '@ungap/structured-clone',
];

module.exports = {
  ...preset,
  displayName: 'web',
  // Jest's limit is a hang detector, as in the API's suites, never a measure of speed: a screen test types key by
  // key and waits for renders and, first, for its lazy page's code, which ts-jest compiles on a cold cache. In a
  // loaded pair of runs (load average about 30 on 2 cores) such tests passed 20 and 30 s without waiting on anything
  // wrong. Waits stay condition-based (jest.after-env.cjs).
  testTimeout: 120_000,
  // The build's own helpers (build/) are tested beside the app's code.
  testMatch: [...preset.testMatch, '<rootDir>/build/**/*.test.ts'],
  testEnvironment: '<rootDir>/jest.environment.cjs',
  setupFiles: [...preset.setupFiles, '<rootDir>/jest.setup.cjs'],
  // An unexpected console.error or console.warn fails the test (docs/testing.md#console-output).
  setupFilesAfterEnv: ['<rootDir>/jest.after-env.cjs', '<rootDir>/../../jest.console-guard.cjs'],
  moduleNameMapper: { ...preset.moduleNameMapper, '\\.css$': '<rootDir>/jest.style-stub.cjs' },
  // The preset's ES-module packages, and the markdown renderer's.
  transformIgnorePatterns: preset.transformIgnorePatterns.map((pattern) =>
    pattern.replace('(?!(', `(?!(${markdownPackages.join('|')}|`),
  ),
};
