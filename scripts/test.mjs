// `npm test`: install check, type-check, build, then every Jest project (unit, property,
// model, server, jsdom views, browser). The last line printed is `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInstall } from './ensure-install.mjs';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules/.bin', name);
const run = (label, command, args, env = {}) => {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
};

ensureInstall();

let passed = 0;
let failed = 0;
const check = (ok) => (ok ? (passed += 1) : (failed += 1));

check(run('Type-check (tsc --noEmit)', bin('tsc'), ['--noEmit', '-p', '.']));
const built = run('Build (Parcel)', 'npm', ['run', '--silent', 'build']);
check(built);
check(run('Chromium for the browser tests', bin('tsx'), ['scripts/ensure-chromium.ts']));

const dir = mkdtempSync(join(tmpdir(), 'site-tests-'));
const summaryFile = join(dir, 'summary.json');
// Extra arguments go to Jest: `npm test -- test/unit/http.test.ts`.
// PGlite loads its WebAssembly with a dynamic import(), which Jest allows only with VM modules.
const jestOk = run('Jest', bin('jest'), ['--ci', ...process.argv.slice(2)], {
  TEST_SUMMARY_FILE: summaryFile,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --disable-warning=ExperimentalWarning`.trim(),
});
try {
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
  passed += summary.passed;
  failed += summary.failed;
  if (!jestOk && summary.failed === 0) failed += 1;
} catch {
  // Jest stopped before reporting (a configuration error): count it as one failure.
  failed += 1;
}
rmSync(dir, { recursive: true, force: true });

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
