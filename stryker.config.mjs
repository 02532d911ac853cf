// StrykerJS for `npm run mutation` (scripts/mutation.mjs runs it once a target: `domain`, `server`,
// `machines`). The target comes in MUTATION_TARGET so that each keeps its own report and
// incremental file: a run of one target never forgets the results of another.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const target = process.env['MUTATION_TARGET'] ?? 'all';
const reports = `reports/mutation/${target}`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  jest: {
    projectType: 'custom',
    // The node and jsdom projects only, with Stryker's coverage environments (see the file).
    configFile: 'jest.mutation.config.js',
    // Stryker's first run is of the tests that import the mutated files (transitively) only.
    enableFindRelatedTests: true,
  },
  // PGlite loads its WebAssembly with a dynamic import(), which Jest allows only with VM modules.
  testRunnerNodeArgs: ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning'],
  coverageAnalysis: 'perTest',
  // A static mutant (a module-level constant, a codec's field) runs every test again, in a fresh
  // module registry: a fifth of the mutants, four fifths of the time, and all of them again
  // whenever a test changes. They are left out (Ignored) unless MUTATION_STATIC=1 (`--static`).
  ignoreStatic: process.env['MUTATION_STATIC'] !== '1',
  // The files of the target are given by scripts/mutation.mjs (`--mutate`); this is the whole scope.
  mutate: ['src/domain/**/*.ts', 'src/machines/**/*.ts', 'server/http/query-schemas.ts', 'server/http/route-input.ts', 'server/http/http-rules.ts'],
  // Two cores shared with other work: one test runner unless MUTATION_CONCURRENCY says otherwise.
  concurrency: Number(process.env['MUTATION_CONCURRENCY'] ?? '1'),
  // Jest run again and again in one process keeps memory (jsdom windows, PGlite threads): a fresh
  // test runner process every 100 mutants holds it near 2 GB.
  maxTestRunnerReuse: 100,
  incremental: true,
  incrementalFile: `${reports}/stryker-incremental.json`,
  reporters: ['json', 'html', 'progress-append-only'],
  thresholds: { high: 85, low: 70, break: null },
  jsonReporter: { fileName: `${reports}/mutation.json` },
  htmlReporter: { fileName: `${reports}/mutation.html` },
  // A busy machine: a mutant is a timeout only when it runs far beyond its tests' usual time.
  timeoutMS: 15000,
  timeoutFactor: 2,
  // The model tests alone take minutes on one core.
  dryRunTimeoutMinutes: 30,
  // Build output, caches and databases are never read by the tests Stryker runs; copying them
  // into the sandbox would only cost time (the browser tests and `dist/` are out of scope).
  ignorePatterns: ['dist', 'dev-dist', '.parcel-cache', '.data', '.data-test', '.data-bench', 'coverage', 'build', 'test-results', 'test/e2e', 'reports'],
  // The sandboxes live outside the repository: inside it, every other Jest run in the repository
  // would crawl them and warn of two packages named institution-site.
  tempDirName: join(tmpdir(), 'stryker-institution-site'),
  cleanTempDir: 'always',
};
