// What the parts of jest.mutation.config.js share (`npm run mutation`, StrykerJS):
// - the index of the tests Stryker's first run saw, one JSON line a test file
//   (`{ file, tests: [{ name, ms }] }`), written by mutation-environment.js in Stryker's sandbox
//   and read by mutation-sequencer.js for every mutant;
// - the mark of the mutant that a failed test has killed, read by the environment and by
//   mutation-runner.js (Jest runs the test files in band, in the one process).
const { join } = require('node:path');

/** Where the index lives: the sandbox Stryker runs Jest in (its working directory), removed after the run. */
const TEST_INDEX_FILE = join(process.cwd(), '.mutation-test-index.jsonl');

// A test's full name as Stryker names it (describe blocks, then the test, joined by spaces), which
// is also what Jest matches `testNamePattern` against.
const describePath = (block) => (block.parent === undefined ? '' : `${describePath(block.parent)} ${block.name}`.trimStart());

/** The full name of a jest-circus test. */
const fullTestName = (test) => `${describePath(test.parent)} ${test.name}`.trimStart();

// On the process's global object: the environment and the runner may load this file apart.
const KILLED = Symbol.for('institution-site.mutation.killed');

/** The id of the mutant a test has failed under, if any. */
const killedMutant = () => globalThis[KILLED];

/** Marks `mutant` killed: its remaining tests and test files are skipped. */
const markKilled = (mutant) => {
  globalThis[KILLED] = mutant;
};

module.exports = { TEST_INDEX_FILE, fullTestName, killedMutant, markKilled };
