import { startTransition, useEffect, useState } from 'react';

/** How many items the first commit renders, and how many each later task adds. */
export interface ProgressiveSteps {
  readonly first: number;
  readonly chunk: number;
}

/** Enough for the first screen of a large monitor, small enough to commit in a few milliseconds. */
export const DEFAULT_STEPS: ProgressiveSteps = { first: 60, chunk: 25 };

interface Progress {
  readonly list: unknown;
  readonly count: number;
}

/**
 * How many of a list's `total` items to render now: the first `steps.first` at once, then
 * `steps.chunk` more on each later task until all are; a new `list` (by identity) starts again.
 */
export const useProgressiveCount = (list: unknown, total: number, steps: ProgressiveSteps = DEFAULT_STEPS): number => {
  const [progress, setProgress] = useState<Progress>(() => ({ list, count: Math.min(steps.first, total) }));
  // A new list resets during render rather than in an effect, so the whole new list is never
  // committed once before the reset (React's "adjust state when a prop changes" pattern).
  const current = progress.list === list ? progress : { list, count: Math.min(steps.first, total) };
  if (current !== progress) setProgress(current);
  const count = Math.min(current.count, total);

  useEffect(() => {
    if (count >= total) return undefined;
    // A task each chunk, and a transition, so a key press or a click goes before the tail.
    const timer = setTimeout(() => {
      startTransition(() => setProgress((previous) => (previous.list === list ? { list, count: Math.min(previous.count + steps.chunk, total) } : previous)));
    }, 0);
    return () => clearTimeout(timer);
  }, [list, count, total, steps.chunk]);

  return count;
};
