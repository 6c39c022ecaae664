module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'web-e2e',
  testMatch: ['<rootDir>/src/**/*.e2e.test.ts'],
  // A browser test does many steps; on a CI machine also running the API suites, one can take a minute.
  testTimeout: 150_000,
};
