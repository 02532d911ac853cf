// Writes the counts of the run for scripts/test.mjs, which prints the last line `N passed, N failed`.
const fs = require('node:fs');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const file = process.env.TEST_SUMMARY_FILE;
    const summary = {
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      pending: results.numPendingTests + results.numTodoTests,
    };
    if (file) fs.writeFileSync(file, JSON.stringify(summary));
  }
}

module.exports = SummaryReporter;
