const path = require('node:path');

module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'core-sdk',
  // An unexpected console.error or console.warn fails the test (docs/testing.md#console-output).
  setupFilesAfterEnv: [path.join(__dirname, '../../jest.console-guard.cjs')],
};
