module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'web-e2e',
  testMatch: ['<rootDir>/src/**/*.e2e.test.ts'],
  // Two files at a time, each with its own API, web server and Chromium (nothing else is shared between files:
  // ports are the kernel's, uploads and databases are per file). The tests wait on the browser and the network
  // much of the time, so on a 2-core machine two workers took the suite from about 370 s in band to about 240 s
  // for the same CPU; a third gave nothing more there and costs another Chromium's memory.
  maxWorkers: 2,
  // A browser test does many steps; on a CI machine also running the API suites, one can take a minute.
  testTimeout: 150_000,
};
