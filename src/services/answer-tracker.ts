import { defer, finalize, tap, type Observable } from 'rxjs';
import { isHttpFailure, type AnswerSource, type HttpFailure } from './http';

/** A source of answers that counts the calls under way and keeps the raw answer of each path. */
export interface TrackedSource extends AnswerSource {
  /** Resolves once no call is under way and none started since: the machine has settled. */
  readonly settled: () => Promise<void>;
  /** The raw answers received, by path: what the page embeds for the browser to replay. */
  readonly recorded: () => Readonly<Record<string, unknown>>;
  /** The calls that failed, by path, with their failure. */
  readonly failures: () => Readonly<Record<string, HttpFailure>>;
}

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Wraps a way of answering paths so that a renderer knows when a widget has its first screen:
 * every call is counted while under way and its answer recorded by path. A path that `answer`
 * leaves to the API (`undefined`) is fetched by the service, with its retries, and counted
 * through `track`.
 */
export const trackAnswers = (base: string, answer: (path: string) => Observable<unknown> | undefined): TrackedSource => {
  let pending = 0;
  const recorded: Record<string, unknown> = {};
  const failures: Record<string, HttpFailure> = {};
  const waiting = new Set<() => void>();
  const wake = (): void => {
    for (const resolve of waiting) resolve();
    waiting.clear();
  };
  const counted = <T>(call: Observable<T>): Observable<T> =>
    defer(() => {
      pending += 1;
      return call.pipe(
        finalize(() => {
          pending -= 1;
          if (pending === 0) wake();
        }),
      );
    });
  return {
    base,
    answer: (path) => {
      const held = answer(path);
      return held === undefined
        ? undefined
        : counted(
            held.pipe(
              tap({
                next: (body) => {
                  recorded[path] = body;
                },
                error: (error: unknown) => {
                  if (isHttpFailure(error)) failures[path] = error;
                },
              }),
            ),
          );
    },
    track: counted,
    settled: async () => {
      // A settled answer may make the machine ask for the next one in the same task: look again a task later.
      for (;;) {
        await nextTask();
        if (pending === 0) return;
        await new Promise<void>((resolve) => waiting.add(resolve));
      }
    },
    recorded: () => recorded,
    failures: () => failures,
  };
};
