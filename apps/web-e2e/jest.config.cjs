module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'web-e2e',
  testMatch: ['<rootDir>/src/**/*.e2e.test.ts'],
  testTimeout: 60000,
};
