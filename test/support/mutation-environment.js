// The test environment of jest.mutation.config.js (`npm run mutation`, StrykerJS).
//
// - One environment for both projects: jsdom for a `.tsx` test file, Node for the rest, as the two
//   projects of jest.config.js choose. Stryker hands Jest its config as JSON, and Jest then applies
//   the top-level `testEnvironment` (Stryker's coverage wrapper of this one) to every project.
// - During Stryker's first run (no active mutant), it writes which test file holds which test and
//   how long each took: test/support/mutation-sequencer.js then loads, for a mutant, only the files
//   of the tests that cover it, quickest first.
// - Bail: once a test has failed under a mutant, the mutant is killed; the rest of its tests are
//   skipped, and mutation-runner.js loads no further test file (Stryker cannot ask Jest to bail,
//   and without this every covering test would run).
const { appendFileSync } = require('node:fs');
const { TestEnvironment: NodeEnvironment } = require('jest-environment-node');
const { TestEnvironment: JsdomEnvironment } = require('jest-environment-jsdom');
const { TEST_INDEX_FILE, fullTestName, killedMutant, markKilled } = require('./mutation-test-index');

const ACTIVE_MUTANT = '__STRYKER_ACTIVE_MUTANT__';

const SAFETY_NET = Symbol.for('institution-site.mutation.safety-net');

// A mutant can make code throw from a timer after its test is over (XState reports an error in a
// guard so): outside any test, the error would end the process, and Stryker would restart it twice
// and call the mutant a runtime error. The process lives on, the mutant's further tests are skipped,
// and the error goes to the log; the mutant counts as killed only if a test failed (see nextTurn).
const installSafetyNet = () => {
  if (globalThis[SAFETY_NET] === true) return;
  globalThis[SAFETY_NET] = true;
  const onError = (error) => {
    const mutant = process.env[ACTIVE_MUTANT];
    if (mutant === undefined) throw error;
    markKilled(mutant);
    process.stderr.write(`mutant ${mutant}: an error outside any test: ${error instanceof Error ? error.message : String(error)}\n`);
  };
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
};

// One turn of the event loop after a test's body, under a mutant: an error its code scheduled (a
// timer of 0 ms) then fails that test, while Jest still knows which test is running.
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Builds the environment of one test file; Stryker's wrapper extends this and keeps the instance returned. */
function MutationEnvironment(config, context) {
  const environment = context.testPath.endsWith('.tsx') ? new JsdomEnvironment(config, context) : new NodeEnvironment(config, context);
  const underStryker = config.projectConfig.globals?.['__strykerGlobalNamespace__'] !== undefined;
  if (!underStryker) return environment;
  installSafetyNet();

  const tests = [];
  const inner = environment.handleTestEvent?.bind(environment);
  environment.handleTestEvent = async (event, state) => {
    await inner?.(event, state);
    const mutant = process.env[ACTIVE_MUTANT];
    if (mutant === undefined) {
      if (event.name === 'test_done') tests.push({ name: fullTestName(event.test), ms: event.test.duration ?? 0 });
      return;
    }
    if (event.name === 'test_fn_success' || event.name === 'test_fn_failure') await nextTurn();
    // Skipped from its describe block on, so that its hooks (a database to open) do not run either.
    if (event.name === 'run_describe_start' && killedMutant() === mutant) event.describeBlock.mode = 'skip';
    if (event.name === 'test_start' && killedMutant() === mutant) event.test.mode = 'skip';
    if (event.name === 'test_done' && event.test.errors.length > 0) markKilled(mutant);
  };
  const teardown = environment.teardown.bind(environment);
  environment.teardown = async () => {
    if (process.env[ACTIVE_MUTANT] === undefined && tests.length > 0) {
      appendFileSync(TEST_INDEX_FILE, `${JSON.stringify({ file: context.testPath, tests })}\n`);
    }
    await teardown();
  };
  return environment;
}

module.exports = MutationEnvironment;
