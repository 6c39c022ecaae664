const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'web',
  testEnvironment: 'jsdom',
  setupFiles: [...preset.setupFiles, '<rootDir>/jest.setup.cjs'],
  moduleNameMapper: { ...preset.moduleNameMapper, '\\.css$': '<rootDir>/jest.style-stub.cjs' },
};
