// Jest reporter that leaves the project's counts and time in `.test-results.json`, so `tools/test-summary.mjs` can
// close `npm test` with one line per project (Nx restores the file with a cached test run, time included).
const { writeFileSync } = require('node:fs');
const path = require('node:path');

class TestResultsReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const counts = {
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
      seconds: Math.round((Date.now() - results.startTime) / 100) / 10,
    };
    writeFileSync(path.join(this.rootDir, '.test-results.json'), `${JSON.stringify(counts)}\n`);
  }
}

module.exports = TestResultsReporter;
