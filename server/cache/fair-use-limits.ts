/** How much uncached work one client may ask for: `max` renders, searches, exports or sitemap files in `windowSeconds`. */
export interface FairUseLimits {
  readonly max: number;
  readonly windowSeconds: number;
}

/**
 * The defaults: 300 uncached answers a minute. A person typing in a search box asks for one
 * answer a key release, some 5 a second at most and for a few seconds; an office behind one
 * address browses with many people. A client that asks for new work every 200 ms for a minute is
 * a crawler or a probe, and waits: each answer the caches keep stays free for it.
 */
export const DEFAULT_FAIR_USE: FairUseLimits = { max: 300, windowSeconds: 60 };

const positiveInteger = (name: string, text: string | undefined, fallback: number): number => {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return fallback;
  if (!/^\d{1,9}$/.test(trimmed) || Number(trimmed) < 1) throw new Error(`${name} must be a whole number of at least 1, not "${text ?? ''}"`);
  return Number(trimmed);
};

/** `FAIR_USE_MAX` and `FAIR_USE_WINDOW_SECONDS` as the server reads them: unset or empty is the default; anything but a whole number ≥ 1 throws. */
export const parseFairUse = (env: Readonly<Record<string, string | undefined>>): FairUseLimits => ({
  max: positiveInteger('FAIR_USE_MAX', env['FAIR_USE_MAX'], DEFAULT_FAIR_USE.max),
  windowSeconds: positiveInteger('FAIR_USE_WINDOW_SECONDS', env['FAIR_USE_WINDOW_SECONDS'], DEFAULT_FAIR_USE.windowSeconds),
});
