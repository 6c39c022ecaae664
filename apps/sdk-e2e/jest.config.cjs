module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'sdk-e2e',
  // As the API's suites: a hang detector, not a measure of speed (docs/testing.md#the-loaded-machine-check).
  testTimeout: 120_000,
};
