// Runs Jest with the project's settings and gives back its counts of passed and failed tests.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** Runs Jest with `args`; a run that stops before reporting counts as one failure. */
export const runJest = (args, env = {}) => {
  const dir = mkdtempSync(join(tmpdir(), 'site-tests-'));
  const summaryFile = join(dir, 'summary.json');
  console.log('\n▶ Jest');
  const result = spawnSync(join(root, 'node_modules/.bin/jest'), ['--ci', ...args], {
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
