// The test sequencer of jest.mutation.config.js (`npm run mutation`). For a mutant, Stryker asks Jest
// for the tests that cover it by name (`testNamePattern`), but Jest would still load every related
// test file to find them: up to a second a file. This keeps only the files that hold a covering
// test (by the index of Stryker's first run, see mutation-test-index.js), and puts first those that
// import the mutated file themselves, then the quickest, so that the bail of
// mutation-environment.js comes soon. Without a pattern (a static mutant, which any test may
// notice) every file stays, in that order; without an index (Stryker's first run), Jest's order.
const { existsSync, readFileSync } = require('node:fs');
const { basename, dirname } = require('node:path');
const { default: Sequencer } = require('@jest/test-sequencer');
const { TEST_INDEX_FILE } = require('./mutation-test-index');

const readIndex = () => {
  if (!existsSync(TEST_INDEX_FILE)) return null;
  const index = new Map();
  for (const line of readFileSync(TEST_INDEX_FILE, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const { file, tests } = JSON.parse(line);
    index.set(file, [...(index.get(file) ?? []), ...tests]);
  }
  return index;
};

const sources = new Map();
const sourceOf = (path) => {
  if (!sources.has(path)) sources.set(path, readFileSync(path, 'utf8'));
  return sources.get(path);
};

// Whether a test file imports `mutated` itself: `…/domain/paging'` in its text.
const importsFile = (testPath, mutated) => {
  const module = `${basename(dirname(mutated))}/${basename(mutated).replace(/\.tsx?$/, '')}`;
  const text = sourceOf(testPath);
  return text.includes(`${module}'`) || text.includes(`${module}"`);
};

class MutationSequencer extends Sequencer {
  constructor(options) {
    super(options);
    this.pattern = options.globalConfig.testNamePattern;
    // Stryker asks for the tests related to the file of the mutant.
    this.mutated = options.globalConfig.findRelatedTests ? options.globalConfig.nonFlagArgs?.[0] : undefined;
  }

  sort(tests) {
    const index = readIndex();
    if (index === null) return super.sort(tests);
    const everyTest = this.pattern === undefined || this.pattern === null || this.pattern === '';
    // Jest matches the pattern case-insensitively.
    const covering = everyTest ? null : new RegExp(this.pattern, 'i');
    const cost = (test) => {
      const known = index.get(test.path);
      if (known === undefined) return 0;
      const matching = covering === null ? known : known.filter(({ name }) => covering.test(name));
      return matching.length === 0 ? null : matching.reduce((total, { ms }) => total + ms, 0);
    };
    const direct = (test) => (this.mutated !== undefined && importsFile(test.path, this.mutated) ? 0 : 1);
    return tests
      .map((test) => ({ test, ms: cost(test), direct: direct(test) }))
      .filter(({ ms }) => ms !== null)
      .sort((a, b) => a.direct - b.direct || a.ms - b.ms)
      .map(({ test }) => test);
  }
}

module.exports = MutationSequencer;
