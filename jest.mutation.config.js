// Jest as StrykerJS runs it (`npm run mutation`): the node and jsdom projects of jest.config.js, with
// the same transform and setup, minus the browser project (it needs a built site and Chromium).
const { join } = require('node:path');
const base = require('./jest.config.js');

// The tests of one mutation target, set by scripts/mutation.mjs: folders under test/ (`unit`) or
// files (`server/api-input.test.ts`). Jest runs the related ones among them for Stryker's first run.
const tests = (process.env['MUTATION_TESTS'] ?? 'unit,property,model,server')
  .split(',')
  .map((entry) => entry.trim())
  .filter((entry) => entry !== '');
const testMatch = (extension) =>
  tests.flatMap((entry) => {
    if (/\.test\.tsx?$/.test(entry)) return entry.endsWith(`.test${extension}`) ? [`<rootDir>/test/${entry}`] : [];
    return [`<rootDir>/test/${entry}/**/*.test${extension}`];
  });

// Stryker's helpers (see each file): the environment, the order of test files and the runner that bails.
const support = (name) => join(__dirname, 'test/support', name);
const mutationParts = { runner: support('mutation-runner.js') };

// The exported Playwright scripts' test compares them with the files on disk, which Stryker's sandbox
// rewrites (it marks every TypeScript file `@ts-nocheck`); it tests the export, not a mutated file.
const testPathIgnorePatterns = ['/node_modules/', '/test/model/playwright-export\\.test\\.ts$'];

const project = (name) => {
  const found = base.projects.find((candidate) => candidate.displayName === name);
  if (found === undefined) throw new Error(`jest.config.js has no project "${name}"`);
  return { ...found, ...mutationParts, testPathIgnorePatterns };
};

/** @type {import('jest').Config} */
module.exports = {
  // Stryker replaces this with its coverage wrapper of it, and Jest applies that top-level value to
  // every project (Stryker hands Jest the config as JSON): the one environment picks jsdom or Node
  // by the test file, as the two projects would.
  testEnvironment: support('mutation-environment.js'),
  // For a mutant, only the test files that hold a test covering it, quickest first.
  testSequencer: support('mutation-sequencer.js'),
  projects: [
    { ...project('node'), testMatch: testMatch('.ts') },
    { ...project('jsdom'), testMatch: testMatch('.tsx') },
  ],
};
