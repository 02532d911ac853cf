// `npm test`: install check, the generated sources, then type-check, lint, format check and the
// finder of unused code (knip) side by side, the build (unless the last one is newer than every
// source), Chromium, and every Jest project (unit, property, model, server, jsdom views, browser).
// The last line printed is `N passed, N failed`.
// Until the install has run, this file and what it imports use Node's own modules only.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

// Steps that only read the tree run at once, each on its own core; their output is held and
// printed whole, one step after the other, so that a finding stays readable.
const runTogether = (steps) =>
  Promise.all(
    steps.map(
      ({ label, command, args }) =>
        new Promise((done) => {
          let output = '';
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env: process.env });
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('error', (error) => (output += String(error)));
          child.on('close', (code) => done({ label, ok: code === 0, output, seconds: (Date.now() - started) / 1000 }));
        }),
    ),
  ).then((results) => {
    for (const { label, ok, output, seconds } of results) {
      console.log(`\n▶ ${label}: ${ok ? 'passed' : 'FAILED'} (${seconds.toFixed(1)} s)`);
      if (output.trim() !== '') console.log(output.trimEnd());
    }
    return results.map(({ ok }) => ok);
  });

// The newest modification time under `path` (a file or a folder), leaving out what the build writes.
const newest = (path) => {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path)
    .filter((name) => name !== 'compiled' && name !== 'node_modules')
    .reduce((latest, name) => Math.max(latest, newest(join(path, name))), stats.mtimeMs);
};
// What the build reads; its outputs are the built pages and the compiled server.
const BUILD_INPUTS = [
  'src',
  'server',
  'package.json',
  'package-lock.json',
  '.parcelrc',
  'tsconfig.json',
  'scripts/build.mjs',
  'scripts/build-server.mjs',
  'scripts/compile-messages.mjs',
];
const BUILD_OUTPUTS = ['dist/index.html', 'build/server/main.cjs', 'build/server/seed.cjs', 'build/server/import.cjs'];
const buildIsCurrent = () => {
  if (!BUILD_OUTPUTS.every((file) => existsSync(join(root, file)))) return false;
  const built = Math.min(...BUILD_OUTPUTS.map((file) => statSync(join(root, file)).mtimeMs));
  return BUILD_INPUTS.every((input) => newest(join(root, input)) < built);
};

ensureInstall();

let passed = 0;
let failed = 0;
const check = (ok) => (ok ? (passed += 1) : (failed += 1));

// Compiled messages and the exported Playwright scripts are generated, not kept: the type-check reads both.
check(run('Compiled messages (scripts/compile-messages.mjs)', process.execPath, [join(root, 'scripts/compile-messages.mjs')]));
check(run('Covering paths, suites and scripts (npm run paths -- --generated)', 'npm', ['run', '--silent', 'paths', '--', '--generated']));

// TypeScript 7 (the native compiler) checks the types; TypeScript 6 stays as `typescript` for the
// linter, whose type-aware rules need the compiler API that TypeScript 7 does not export.
// Lint and format fail on any finding, a warning included (eslint.config.mjs, .prettierrc.json).
for (const ok of await runTogether([
  {
    label: 'Type-check (tsc --noEmit, TypeScript 7)',
    command: process.execPath,
    args: [join(root, 'node_modules/typescript-native/bin/tsc'), '--noEmit', '-p', '.'],
  },
  { label: 'Lint (ESLint)', command: bin('eslint'), args: ['--max-warnings', '0', '.'] },
  { label: 'Format (Prettier --check)', command: bin('prettier'), args: ['--check', '--log-level', 'warn', '.'] },
  // Files, exports and dependencies that nothing uses (knip.jsonc says what its plugins cannot see).
  { label: 'Unused code and dependencies (knip)', command: bin('knip'), args: ['--no-progress'] },
]))
  check(ok);

// `npm start` has built what `npm test` would build when nothing has changed since: the build is
// then the same and is not run twice.
if (buildIsCurrent()) {
  console.log('\n▶ Build: dist/ and build/server/ are newer than every source, kept');
  check(true);
} else check(run('Build (npm run build)', 'npm', ['run', '--silent', 'build']));
check(run('Chromium for the browser tests', bin('tsx'), ['scripts/ensure-chromium.ts']));

// Extra arguments go to Jest: `npm test -- test/unit/http.test.ts`.
const jest = runJest(process.argv.slice(2));
passed += jest.passed;
failed += jest.failed;

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
