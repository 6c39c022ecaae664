import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';

// The client's resources (`client.auth`, `client.chat`...): their calls belong in core-sdk's stores.
const resourceGroups = '/^(system|auth|analytics|memberships|account|datingBio|chat)$/';
const sdkCallsOutsideStores = [
  {
    selector: "CallExpression[callee.name='useClient']",
    message: 'Screens use core-sdk stores through their hooks, not the client: move the flow into core-sdk.',
  },
  ...["[object.object.name='client']", "[object.object.property.name='client']"].map((root) => ({
    selector: `CallExpression > MemberExpression.callee[object.type='MemberExpression']${root}[object.property.name=${resourceGroups}]`,
    message:
      "Screens call core-sdk stores, not the client's resources: move this call into a store in core-sdk.",
  })),
];

// Test helpers and the end-to-end projects may use every library, the server included.
const everyLibrary = ['scope:contract', 'scope:core', 'scope:runtime', 'scope:server', 'scope:testing'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/data/**',
      '.nx/**',
      '**/*.cjs',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // The type-checked rules read the types: promises left floating or passed where a callback's result is ignored,
  // values typed any flowing on, methods torn off their objects.
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({
    ...config,
    files: ['apps/**/*.ts', 'apps/**/*.tsx', 'packages/**/*.ts', 'packages/**/*.tsx'],
  })),
  {
    files: ['apps/**/*.ts', 'apps/**/*.tsx', 'packages/**/*.ts', 'packages/**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    // @types/jest types the asymmetric matchers (`expect.any(String)`, `expect.objectContaining({...})`) as `any`, so
    // every expected object holding one reads as an unsafe assignment: there it is the matcher's design, not a value
    // of unknown shape flowing on. The other no-unsafe rules still read the tests.
    files: ['apps/api/**/*.test.ts', 'apps/*-e2e/**/*.test.ts', 'packages/**/*.test.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    files: ['apps/web/**/*.ts', 'apps/web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The web's tests write `async` without `await` on purpose, in two idioms: `await act(async () => …)`, React's
    // async act, so the promise callbacks a change sets off (a page's module arriving, an answer) land inside act;
    // and `async () => value` fakes of ports that answer promises. Outside tests an async function that awaits
    // nothing is still an error.
    files: ['apps/web/**/*.test.ts', 'apps/web/**/*.test.tsx'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  { ...jsxA11y.flatConfigs.recommended, files: ['apps/web/**/*.tsx'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          depConstraints: [
            // runtime holds what the client packages and the server share; it depends on nothing, all may use it.
            { sourceTag: 'scope:runtime', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'scope:contract', onlyDependOnLibsWithTags: ['scope:runtime'] },
            {
              sourceTag: 'scope:core',
              onlyDependOnLibsWithTags: ['scope:contract', 'scope:core', 'scope:runtime', 'scope:testing'],
            },
            {
              // The server takes nothing of the client packages: what it shares with them lives in runtime.
              sourceTag: 'scope:server',
              onlyDependOnLibsWithTags: ['scope:contract', 'scope:runtime', 'scope:testing'],
            },
            {
              sourceTag: 'scope:web',
              onlyDependOnLibsWithTags: ['scope:contract', 'scope:core', 'scope:runtime'],
            },
            {
              sourceTag: 'scope:testing',
              onlyDependOnLibsWithTags: everyLibrary,
            },
            {
              // The headless journeys drive core-sdk against the server; nothing depends on them, so core-sdk
              // never imports the server.
              sourceTag: 'scope:sdk-e2e',
              onlyDependOnLibsWithTags: everyLibrary,
            },
            {
              sourceTag: 'scope:e2e',
              onlyDependOnLibsWithTags: everyLibrary,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/**/*.ts', 'packages/**/*.tsx'],
    ignores: ['packages/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['react', 'react-dom'], patterns: ['react/*', 'react-dom/*'] },
      ],
    },
  },
  {
    // Screens call core-sdk's stores, never the client's resources: the flows live in core-sdk so a mobile app gets
    // the same product (docs/architecture.md#stores-per-contract-group). Tests may still drive the fake client.
    files: ['apps/web/src/routes/**/*.ts', 'apps/web/src/routes/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': ['error', ...sdkCallsOutsideStores],
    },
  },
  {
    // Build configs share the one library build in tools/; they are not part of any project's code.
    files: ['**/tsup.config.ts', '**/vite.config.ts', '**/drizzle.config.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  prettier,
);
