// `npm test`: install check, type-check, lint, format check, build, then every Jest project (unit, property,
// model, server, jsdom views, browser). The last line printed is `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstall } from './ensure-install.mjs';
import { runJest } from './jest-run.mjs';

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

// TypeScript 7 (the native compiler) checks the types; TypeScript 6 stays as `typescript` for the
// linter, whose type-aware rules need the compiler API that TypeScript 7 does not export.
check(run('Type-check (tsc --noEmit, TypeScript 7)', process.execPath, [join(root, 'node_modules/typescript-native/bin/tsc'), '--noEmit', '-p', '.']));
// Lint and format fail on any finding, a warning included (eslint.config.mjs, .prettierrc.json).
check(run('Lint (ESLint)', bin('eslint'), ['--max-warnings', '0', '.']));
check(run('Format (Prettier --check)', bin('prettier'), ['--check', '.']));
check(run('Build (Parcel)', 'npm', ['run', '--silent', 'build']));
check(run('Chromium for the browser tests', bin('tsx'), ['scripts/ensure-chromium.ts']));

// Extra arguments go to Jest: `npm test -- test/unit/http.test.ts`.
const jest = runJest(process.argv.slice(2));
passed += jest.passed;
failed += jest.failed;

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
