// Jest `setupFiles` entry, active only under `npm run fuzz` (FUZZ_RUNS set): every property of
// the test file runs FUZZ_RUNS cases unless it names its own count with `runs()`, and each
// `fc.assert` (or `fc.check`) appends one line of JSON to FUZZ_REPORT for the table that
// scripts/fuzz.mjs prints. Failures are still thrown by fast-check, so Jest fails as usual.
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import fc, { type RunDetails } from 'fast-check';
import { runs } from './fuzz-runs';

/** One property's run, as scripts/fuzz.mjs reads it. */
interface FuzzRecord {
  readonly file: string;
  readonly test: string;
  readonly runs: number;
  readonly skips: number;
  readonly failures: number;
  readonly interrupted: boolean;
  readonly seed: number;
  readonly path: string | null;
  readonly counterexample: string | null;
  readonly seconds: number;
}

const MAX_COUNTEREXAMPLE_LENGTH = 400;

/** How long one test may run under `npm run fuzz`: a test file's own `jest.setTimeout` is sized for the ordinary counts. */
const FUZZ_TEST_TIMEOUT_MS = 3 * 60 * 60 * 1000;

const report = process.env['FUZZ_REPORT'];
const fuzzing = process.env['FUZZ_RUNS'] !== undefined && process.env['FUZZ_RUNS'].trim() !== '';

/** The seed to replay a failure with: `FUZZ_SEED=… FUZZ_PATH=… npm run fuzz -- <file> -t '<test>'`. */
const seedFromEnvironment = (): number | undefined => {
  const raw = process.env['FUZZ_SEED'];
  if (raw === undefined || raw.trim() === '') return undefined;
  const seed = Number(raw);
  if (!Number.isInteger(seed)) throw new Error(`FUZZ_SEED must be a whole number (got "${raw}")`);
  return seed;
};

/** The counterexample's path in the replayed run, as fast-check printed it. */
const pathFromEnvironment = (): string | undefined => {
  const raw = process.env['FUZZ_PATH'];
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
};

// Several properties in one test are told apart by their rank in it.
const seenInTest = new Map<string, number>();

const testName = (): { readonly file: string; readonly test: string } => {
  const state = expect.getState();
  const name = state.currentTestName ?? '(outside a test)';
  const rank = (seenInTest.get(name) ?? 0) + 1;
  seenInTest.set(name, rank);
  return {
    file: state.testPath === undefined ? '' : relative(process.cwd(), state.testPath),
    test: rank === 1 ? name : `${name} #${rank}`,
  };
};

const shortText = (value: unknown): string => {
  let text: string;
  try {
    text = fc.stringify(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_COUNTEREXAMPLE_LENGTH ? `${text.slice(0, MAX_COUNTEREXAMPLE_LENGTH)}…` : text;
};

const record = (details: RunDetails<unknown>, startedAt: number): void => {
  if (report === undefined) return;
  const line: FuzzRecord = {
    ...testName(),
    // A failed run stops at its first counterexample: the cases tried are those before it, and it.
    runs: details.numRuns,
    skips: details.numSkips,
    failures: details.failed ? 1 : 0,
    interrupted: details.interrupted,
    seed: details.seed,
    path: details.counterexamplePath,
    counterexample: details.failed ? shortText(details.counterexample) : null,
    seconds: (performance.now() - startedAt) / 1000,
  };
  appendFileSync(report, `${JSON.stringify(line)}\n`);
};

if (fuzzing) {
  const seed = seedFromEnvironment();
  const path = pathFromEnvironment();
  // The slot `jest.setTimeout` writes to: held at the fuzz time-out, whatever the test file asks.
  Object.defineProperty(globalThis, Symbol.for('TEST_TIMEOUT_SYMBOL'), {
    configurable: true,
    get: () => FUZZ_TEST_TIMEOUT_MS,
    set: () => undefined,
  });
  fc.configureGlobal({ numRuns: runs(100), ...(seed === undefined ? {} : { seed }), ...(path === undefined ? {} : { path }) });
  // A plugin is made when a property starts and told its details when it ends: the property's own time.
  fc.installGlobalPlugin(() => {
    const startedAt = performance.now();
    return { onAllRunsComplete: (details) => record(details, startedAt) };
  });
}
