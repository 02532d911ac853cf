// `npm run fuzz` sets FUZZ_RUNS (10,000 by default) so every property runs at the scale where
// rare inputs show up; `npm test` leaves it unset and each property keeps its ordinary count.
const fromEnvironment = (name: string): number | undefined => {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0 (got "${raw}")`);
  return value;
};

/**
 * How many cases a property tries: `ordinary` under `npm test`, FUZZ_RUNS under `npm run fuzz`,
 * at most `fuzzCap` when every case is itself huge (a 30,000-line cart): such a property is about
 * size, not variety, and `npm run fuzz` prints the cases it tried.
 */
export const runs = (ordinary: number, { fuzzCap }: { readonly fuzzCap?: number } = {}): number => {
  const fuzz = fromEnvironment('FUZZ_RUNS');
  return fuzz === undefined ? ordinary : Math.max(ordinary, Math.min(fuzz, fuzzCap ?? fuzz));
};

/**
 * The cases of a property that drives Chromium through whole pages (seconds a case, so 10,000
 * would take days): FUZZ_BROWSER_RUNS under `npm run fuzz`, else `ordinary`.
 */
export const browserRuns = (ordinary: number): number => fromEnvironment('FUZZ_BROWSER_RUNS') ?? ordinary;
