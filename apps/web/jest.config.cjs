const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'web',
  testEnvironment: '<rootDir>/jest.environment.cjs',
  setupFiles: [...preset.setupFiles, '<rootDir>/jest.setup.cjs'],
  setupFilesAfterEnv: ['<rootDir>/jest.after-env.cjs'],
  moduleNameMapper: { ...preset.moduleNameMapper, '\\.css$': '<rootDir>/jest.style-stub.cjs' },
};
