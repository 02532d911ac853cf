// The test runner of jest.mutation.config.js (`npm run mutation`): Jest's own, one test file at a
// time, which stops loading test files once a test has failed under the active mutant (the mutant
// is killed; loading each further file costs up to a second). mutation-environment.js marks the kill.
const { default: TestRunner } = require('jest-runner');
const { killedMutant } = require('./mutation-test-index');

class MutationRunner extends TestRunner {
  async runTests(tests, watcher, options) {
    if (!options.serial) return super.runTests(tests, watcher, options);
    for (const test of tests) {
      const mutant = process.env['__STRYKER_ACTIVE_MUTANT__'];
      if (mutant !== undefined && killedMutant() === mutant) return;
      await super.runTests([test], watcher, options);
    }
  }
}

module.exports = MutationRunner;
