// Jest reporter that leaves the project's counts in `.test-results.json`, so `tools/test-summary.mjs` can close
// `npm test` with one line for all projects (Nx restores the file with a cached test run).
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
    };
    writeFileSync(path.join(this.rootDir, '.test-results.json'), `${JSON.stringify(counts)}\n`);
  }
}

module.exports = TestResultsReporter;
