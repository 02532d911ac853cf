// Runs Jest with the project's settings and gives back its counts of passed and failed tests.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

// Jest's default leaves a core to its own process, which waits on its workers: on two cores it
// would run every file one after the other. One worker a core (unless the arguments say otherwise).
const workers = (args) => (args.some((arg) => /^(-w|--maxWorkers|-i|--runInBand)(=|$)/.test(arg)) ? [] : [`--maxWorkers=${availableParallelism()}`]);

/** Runs Jest with `args`; a run that stops before reporting counts as one failure. */
export const runJest = (args, env = {}) => {
  const dir = mkdtempSync(join(tmpdir(), 'site-tests-'));
  const summaryFile = join(dir, 'summary.json');
  console.log('\n▶ Jest');
  const result = spawnSync(join(root, 'node_modules/.bin/jest'), ['--ci', ...workers(args), ...args], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      ...env,
      TEST_SUMMARY_FILE: summaryFile,
      // PGlite loads its WebAssembly with a dynamic import(), which Jest allows only with VM modules.
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --disable-warning=ExperimentalWarning`.trim(),
    },
  });
  try {
    const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
    const failed = summary.failed + (result.status !== 0 && summary.failed === 0 ? 1 : 0);
    return { passed: summary.passed, failed };
  } catch {
    return { passed: 0, failed: 1 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
