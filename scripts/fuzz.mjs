// `npm run fuzz`: every property and fuzz test at the scale where rare inputs show up
// (FUZZ_RUNS cases each, 10,000 by default), then a table of each property's cases, failures,
// seed and time. The last line is `N properties, N cases, N failures`; a failure exits non-zero.
// Extra arguments go to Jest: `npm run fuzz -- test/property/cart-storage-fuzz.property.test.ts`.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { runJest } from './jest-run.mjs';

const root = new URL('..', import.meta.url).pathname;
const DEFAULT_RUNS = '10000';

const positive = (name, fallback) => {
  const raw = (process.env[name] ?? fallback ?? '').trim();
  if (raw === '') return undefined;
  if (!/^[1-9]\d*$/.test(raw)) {
    console.error(`${name} must be a whole number above 0 (got "${raw}")`);
    process.exit(2);
  }
  return raw;
};

const fuzzRuns = positive('FUZZ_RUNS', DEFAULT_RUNS);
// Browser properties load whole pages in Chromium (seconds a case): they run only when asked,
// with their own count, and need a built site (`npm run build`, or TEST_DIST_DIR).
const browserRuns = positive('FUZZ_BROWSER_RUNS');

const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

// A test file takes part when it runs a property: `fc.assert` or `fc.check`.
const isTestFile = (path) => /\.test\.tsx?$/.test(path);
const runsProperties = (path) => /\bfc\.(assert|check)\s*\(/.test(readFileSync(path, 'utf8'));
const propertyFiles = walk(join(root, 'test'))
  .filter(isTestFile)
  .filter(runsProperties)
  .map((path) => relative(root, path))
  .sort();
const browserFiles = propertyFiles.filter((path) => path.startsWith('test/e2e/'));
const chosen = propertyFiles.filter((path) => browserRuns !== undefined || !path.startsWith('test/e2e/'));

const extra = process.argv.slice(2);
// Test files named on the command line replace the list; other arguments (`-t`, `--maxWorkers`) go to Jest as they are.
const namedFiles = extra.some((arg) => !arg.startsWith('-') && existsSync(join(root, arg)));
const dir = mkdtempSync(join(tmpdir(), 'site-fuzz-'));
const report = process.env.FUZZ_REPORT ?? join(dir, 'fuzz.jsonl');
rmSync(report, { force: true });

const fileCount = namedFiles ? extra.filter((arg) => !arg.startsWith('-') && existsSync(join(root, arg))).length : chosen.length;
console.log(`▶ Fuzz: ${fuzzRuns} cases a property${browserRuns === undefined ? '' : `, ${browserRuns} a browser property`}, ${fileCount} test files`);
const started = Date.now();
const jest = runJest([...(namedFiles ? [] : chosen), '--maxWorkers=2', '--testTimeout=10800000', ...extra], {
  FUZZ_RUNS: fuzzRuns,
  FUZZ_REPORT: report,
  ...(browserRuns === undefined ? {} : { FUZZ_BROWSER_RUNS: browserRuns }),
});
const wallSeconds = (Date.now() - started) / 1000;

const records = existsSync(report)
  ? readFileSync(report, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line))
  : [];
rmSync(dir, { recursive: true, force: true });

records.sort((a, b) => (a.file === b.file ? 0 : a.file < b.file ? -1 : 1));
const MAX_NAME_LENGTH = 120;
const shortName = (name) => (name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH - 1)}…` : name);
const rows = records.map((r) => [
  shortName(`${r.file.replace(/^test\//, '')} › ${r.test}`),
  String(r.runs) + (r.interrupted ? ' (interrupted)' : ''),
  String(r.failures),
  r.failures > 0 && r.path ? `${r.seed} path ${r.path}` : String(r.seed),
  r.seconds.toFixed(1),
]);
const header = ['property', 'cases', 'failures', 'seed', 'seconds'];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
const line = (cells) => `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(' | ')} |`;

console.log(`\n${line(header)}`);
console.log(`|${widths.map((width, column) => (column === 0 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`);
for (const row of rows) console.log(line(row));

// `-t` takes a regular expression, and the shell a quoted string.
const jestPattern = (test) => `^${test.replace(/ #\d+$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`.replace(/'/g, "'\\''");
for (const r of records.filter((record) => record.failures > 0)) {
  console.log(`\n✗ ${r.file} › ${r.test}\n  replay: FUZZ_SEED=${r.seed} FUZZ_PATH='${r.path}' npm run fuzz -- ${r.file} -t '${jestPattern(r.test)}'`);
  if (r.counterexample !== null) console.log(`  counterexample: ${r.counterexample}`);
}

if (browserRuns === undefined && browserFiles.length > 0 && !namedFiles) {
  console.log(`\nBrowser properties not run (${browserFiles.join(', ')}): set FUZZ_BROWSER_RUNS=N, with a built site, to run them N cases each.`);
}
const under = records.filter((r) => r.failures === 0 && r.runs < Number(fuzzRuns));
if (under.length > 0) {
  console.log(
    `\n${under.length} properties tried fewer than ${fuzzRuns} cases: capped because each case is itself huge or slow (\`runs(n, { fuzzCap })\`, FUZZ_BROWSER_RUNS), or their own count:`,
  );
  for (const r of under) console.log(`  ${r.runs} cases: ${r.file} › ${r.test}`);
}

const cases = records.reduce((sum, r) => sum + r.runs, 0);
const failures = records.reduce((sum, r) => sum + r.failures, 0);
// A Jest test that failed outside a property (a set-up, a plain assertion) counts too.
const otherFailures = Math.max(0, jest.failed - failures);
console.log(`\nJest: ${jest.passed} tests passed, ${jest.failed} failed, ${wallSeconds.toFixed(0)} s`);
console.log(`${records.length} properties, ${cases} cases, ${failures + otherFailures} failures`);
process.exit(failures + otherFailures === 0 && jest.failed === 0 ? 0 : 1);
