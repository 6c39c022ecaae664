module.exports = { ...require('../../jest.preset.cjs'), displayName: 'api', testTimeout: 30000 };
