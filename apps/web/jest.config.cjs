const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'web',
  // A screen test types, clicks and waits for several renders; on a CI machine also running the API suites a
  // slow one passed 5 s (Jest's default). Waits stay condition-based (jest.after-env.cjs).
  testTimeout: 30_000,
  testEnvironment: '<rootDir>/jest.environment.cjs',
  setupFiles: [...preset.setupFiles, '<rootDir>/jest.setup.cjs'],
  setupFilesAfterEnv: ['<rootDir>/jest.after-env.cjs'],
  moduleNameMapper: { ...preset.moduleNameMapper, '\\.css$': '<rootDir>/jest.style-stub.cjs' },
};
