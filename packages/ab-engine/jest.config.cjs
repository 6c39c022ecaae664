module.exports = { ...require('../../jest.preset.cjs'), displayName: 'ab-engine' };
