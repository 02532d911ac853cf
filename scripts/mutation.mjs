// `npm run mutation`: StrykerJS (Jest runner) on src/domain, the server's query decoding and
// src/machines, one target after the other, then a table of each folder's mutants and score and
// the surviving mutants of each file (line, mutator, replacement), so a reader can act on them.
//
//   npm run mutation                        every target: domain, server, machines
//   npm run mutation -- domain server       these targets only
//   npm run mutation -- --mutate src/domain/paging.ts   these files only (a glob; may repeat)
//   npm run mutation -- --report            print the table of the last reports, run nothing
//   npm run mutation -- domain --force      forget the incremental results and test every mutant
//   npm run mutation -- domain --static     test the static mutants too (module-level constants;
//                                           about four times as long, see stryker.config.mjs)
//   options passed on to Stryker: --force, --concurrency N, --logLevel L, --dryRunOnly
//
// Each target keeps its report and incremental file in reports/mutation/<target>/ (a re-run tests
// only the mutants whose code or covering tests changed); a `--mutate` run keeps its own in
// reports/mutation/files/<name>/, so that it never replaces a target's results. The reports of all
// targets are merged into reports/mutation/mutation.json. Not part of `npm test`: a full run takes
// tens of minutes on this machine.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const REPORTS = join(root, 'reports/mutation');
/** The score each folder should reach (issue 18). */
const GOAL = 85;

/**
 * What Stryker mutates, and the test folders (or files) under test/ that Jest may run for it. A
 * target leaves out the tests that need a built site or Chromium, and the server tests, which
 * each open a database of their own; the rules their files hold have unit and property tests.
 */
const TARGETS = {
  domain: { label: 'src/domain', mutate: ['src/domain/**/*.ts'], tests: ['unit', 'property'] },
  server: {
    label: 'server/http (query decoding)',
    mutate: ['server/http/query-schemas.ts', 'server/http/route-input.ts', 'server/http/http-rules.ts'],
    tests: ['unit', 'property', 'server/api-input.test.ts'],
  },
  machines: { label: 'src/machines', mutate: ['src/machines/**/*.ts'], tests: ['model', 'unit', 'property'] },
};

const usage = () => {
  console.error(
    'usage: npm run mutation -- [domain|server|machines ...] [--mutate <glob> ...] [--report] [--force] [--concurrency N] [--logLevel L] [--dryRunOnly]',
  );
  process.exit(2);
};

const parse = (args) => {
  const options = { targets: [], mutate: [], report: false, static: false, stryker: {} };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    const value = () => {
      const next = args[i + 1];
      if (next === undefined || next.startsWith('--')) usage();
      i += 1;
      return next;
    };
    if (arg in TARGETS) options.targets.push(arg);
    else if (arg === '--mutate' || arg === '-m') options.mutate.push(...value().split(','));
    else if (arg === '--report') options.report = true;
    else if (arg === '--static') options.static = true;
    else if (arg === '--force') options.stryker.force = true;
    else if (arg === '--dryRunOnly') options.stryker.dryRunOnly = true;
    else if (arg === '--concurrency' || arg === '-c') options.stryker.concurrency = Number(value());
    else if (arg === '--logLevel') options.stryker.logLevel = value();
    else usage();
  }
  return options;
};

// The target whose folder holds `pattern`: its tests are the ones Jest may run.
const targetOf = (pattern) => {
  const path = pattern.replace(/^\.\//, '');
  const found = Object.entries(TARGETS).find(([, target]) => target.mutate.some((glob) => path.startsWith(glob.replace(/\*.*$/, '')) || path === glob));
  if (found === undefined) {
    console.error(
      `--mutate ${pattern}: not under ${Object.values(TARGETS)
        .map((target) => target.label)
        .join(', ')}`,
    );
    process.exit(2);
  }
  return found[0];
};

// StrykerJS 10 asks for Node 22 in its command line (`stryker run` refuses Node 20, which this
// project runs on), yet runs here: its API is called directly, in a process of its own per run.
const strykerModule = pathToFileURL(join(root, 'node_modules/@stryker-mutator/core/dist/src/stryker.js')).href;
const runStryker = ({ name, mutate, tests, stryker, withStatic }) => {
  const options = { configFile: 'stryker.config.mjs', mutate, ...stryker };
  const script = `const { Stryker } = await import(${JSON.stringify(strykerModule)});
await new Stryker(JSON.parse(process.env.MUTATION_STRYKER_OPTIONS)).runMutationTest();`;
  console.log(`\n▶ Stryker: ${name} (${mutate.join(', ')}; tests: ${tests.join(', ')})`);
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--input-type=module', '--eval', script], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      MUTATION_TARGET: name,
      MUTATION_TESTS: tests.join(','),
      MUTATION_STATIC: withStatic ? '1' : '0',
      MUTATION_STRYKER_OPTIONS: JSON.stringify(options),
    },
  });
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  console.log(`▶ ${name}: ${result.status === 0 ? 'done' : `Stryker failed (exit ${result.status})`} in ${minutes} min`);
  return result.status === 0;
};

// A run stopped before its end (Ctrl+C, a session's end) writes no report, but Stryker keeps the
// mutants it did test in its incremental file: that is read then, marked partial.
const readReport = (name) => {
  const file = join(REPORTS, name, 'mutation.json');
  const incremental = join(REPORTS, name, 'stryker-incremental.json');
  const newer = existsSync(incremental) && (!existsSync(file) || statSync(incremental).mtimeMs > statSync(file).mtimeMs + 60_000);
  if (newer) return { ...JSON.parse(readFileSync(incremental, 'utf8')), partial: true, config: { ignoreStatic: true } };
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
};

const COUNTED = ['Killed', 'Survived', 'NoCoverage', 'Timeout'];
// A run without static mutants may still hold results of some from an earlier run with them
// (incremental reuse): they are counted as ignored too, so that every figure means the same.
const statusOf = (mutant, report) => (mutant.static === true && report.config?.ignoreStatic === true ? 'Ignored' : mutant.status);
const count = (mutants, report) => {
  const totals = Object.fromEntries([...COUNTED, 'Ignored', 'RuntimeError', 'CompileError'].map((status) => [status, 0]));
  for (const mutant of mutants) {
    const status = statusOf(mutant, report);
    totals[status] = (totals[status] ?? 0) + 1;
  }
  const detected = totals.Killed + totals.Timeout;
  const valid = detected + totals.Survived + totals.NoCoverage;
  return { ...totals, score: valid === 0 ? null : (100 * detected) / valid };
};

const pad = (text, width, right = false) => (right ? String(text).padStart(width) : String(text).padEnd(width));
const percent = (score) => (score === null ? 'n/a' : `${score.toFixed(2)} %`);

const printTable = (rows, firstColumn) => {
  const width = Math.max(firstColumn.length, ...rows.map((row) => row.name.length));
  const head = `${pad(firstColumn, width)}  ${pad('killed', 7, true)}  ${pad('survived', 8, true)}  ${pad('no cov.', 7, true)}  ${pad('timeout', 7, true)}  ${pad('ignored', 7, true)}  ${pad('errors', 6, true)}  ${pad('score', 9, true)}`;
  console.log(head);
  console.log('─'.repeat(head.length));
  for (const { name, totals } of rows) {
    console.log(
      `${pad(name, width)}  ${pad(totals.Killed, 7, true)}  ${pad(totals.Survived, 8, true)}  ${pad(totals.NoCoverage, 7, true)}  ${pad(totals.Timeout, 7, true)}  ${pad(totals.Ignored, 7, true)}  ${pad(totals.RuntimeError + totals.CompileError, 6, true)}  ${pad(percent(totals.score), 9, true)}`,
    );
  }
};

const oneLine = (text) => text.replace(/\s+/g, ' ').trim();
const printSurvivors = (report) => {
  for (const [file, { mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    const left = mutants
      .filter((mutant) => ['Survived', 'NoCoverage'].includes(statusOf(mutant, report)))
      .sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column);
    if (left.length === 0) continue;
    console.log(`\n${file}`);
    for (const mutant of left) {
      const replacement = mutant.replacement === undefined ? '' : `  → ${oneLine(mutant.replacement).slice(0, 90)}`;
      const status = mutant.status === 'NoCoverage' ? ' (no coverage)' : '';
      console.log(`  ${mutant.location.start.line}:${mutant.location.start.column}  ${mutant.mutatorName}${status}${replacement}`);
    }
  }
};

// One report of every target (reports/mutation/mutation.json): each target's test ids get its name
// as a prefix, since every Stryker run numbers its tests from 0.
const mergeReports = (reports) => {
  const merged = { schemaVersion: '1.0', thresholds: { high: GOAL, low: 70, break: null }, projectRoot: root, files: {}, testFiles: {} };
  for (const [name, report] of reports) {
    const id = (testId) => `${name}:${testId}`;
    for (const [file, result] of Object.entries(report.files)) {
      merged.files[file] = {
        ...result,
        mutants: result.mutants.map((mutant) => ({ ...mutant, id: id(mutant.id), coveredBy: mutant.coveredBy?.map(id), killedBy: mutant.killedBy?.map(id) })),
      };
    }
    for (const [file, result] of Object.entries(report.testFiles ?? {})) {
      const tests = result.tests.map((test) => ({ ...test, id: id(test.id) }));
      merged.testFiles[file] = { ...result, tests: [...(merged.testFiles[file]?.tests ?? []), ...tests] };
    }
  }
  mkdirSync(REPORTS, { recursive: true });
  writeFileSync(join(REPORTS, 'mutation.json'), JSON.stringify(merged));
};

const summarize = (names) => {
  const reports = names.map((name) => [name, readReport(name)]).filter(([, report]) => report !== null);
  if (reports.length === 0) {
    console.log('\nNo mutation report yet: run `npm run mutation`.');
    return;
  }
  const targetReports = reports.filter(([name]) => name in TARGETS);
  if (targetReports.length > 0)
    mergeReports(
      Object.keys(TARGETS)
        .map((name) => [name, readReport(name)])
        .filter(([, report]) => report !== null),
    );

  for (const [, report] of reports) printSurvivors(report);
  const files = reports.flatMap(([, report]) => Object.entries(report.files).map(([file, { mutants }]) => ({ name: file, totals: count(mutants, report) })));
  console.log('\nFiles');
  printTable(
    files.sort((a, b) => a.name.localeCompare(b.name)),
    'file',
  );
  console.log('\nFolders');
  const folders = reports.map(([name, report]) => ({
    name: `${TARGETS[name]?.label ?? name}${report.partial ? ' (partial)' : ''}`,
    totals: count(
      Object.values(report.files).flatMap(({ mutants }) => mutants),
      report,
    ),
  }));
  printTable(folders, 'folder');
  for (const [name] of reports.filter(([, candidate]) => candidate.partial)) {
    console.log(`\n${name}: a run stopped before its end; these are the mutants it tested (its incremental file), the others are not counted.`);
  }
  const below = folders.filter(({ totals }) => totals.score !== null && totals.score < GOAL);
  console.log(below.length === 0 ? `\nEvery folder at or above ${GOAL} %.` : `\nBelow ${GOAL} %: ${below.map(({ name }) => name).join(', ')}.`);
  console.log(`Reports: ${relative(root, REPORTS)}/<target>/mutation.html (one per target), all targets in ${relative(root, join(REPORTS, 'mutation.json'))}.`);
};

const options = parse(process.argv.slice(2));
const slug = (patterns) =>
  patterns
    .join('+')
    .replace(/[^a-zA-Z0-9.-]+/g, '_')
    .slice(0, 80);

if (options.report) {
  summarize(options.targets.length > 0 ? options.targets : Object.keys(TARGETS));
  process.exit(0);
}

let ok = true;
const started = Date.now();
if (options.mutate.length > 0) {
  const targets = [...new Set(options.mutate.map(targetOf))];
  const tests = [...new Set(targets.flatMap((name) => TARGETS[name].tests))];
  const name = `files/${slug(options.mutate)}`;
  ok = runStryker({ name, mutate: options.mutate, tests, stryker: options.stryker, withStatic: options.static });
  summarize([name]);
} else {
  const names = options.targets.length > 0 ? options.targets : Object.keys(TARGETS);
  for (const name of names) ok = runStryker({ name, ...TARGETS[name], stryker: options.stryker, withStatic: options.static }) && ok;
  summarize(names);
}
console.log(`\nWall time: ${((Date.now() - started) / 60000).toFixed(1)} min`);
process.exit(ok ? 0 : 1);
