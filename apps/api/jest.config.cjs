module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'api',
  // Jest's limit is a hang detector, not a measure of speed (benchmarks measure that): API tests wait for conditions,
  // never for a fixed time, and have no deadlines of their own. A suite's server start is about 2.5 s of CPU on a quiet
  // machine, and with a second `npm test` beside this one (load average 25 on 2 cores) one took more than 30 s
  // (docs/testing.md#the-loaded-machine-check).
  testTimeout: 120_000,
};
