import { isLeft } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { PathReporter } from 'io-ts/PathReporter';
import { Observable, catchError, defer, filter, from, map, of, switchMap, throwError } from 'rxjs';
import { fromFetch } from 'rxjs/fetch';
import { parseJson } from '../domain/json';

/** The request never got an answer: offline, DNS, refused connection, CORS. */
export interface NetworkError {
  readonly _tag: 'NetworkError';
  readonly url: string;
  readonly message: string;
}

/** The server answered with a status outside 200–299; a 503 may say when to come back (`Retry-After`, in ms). */
export interface HttpError {
  readonly _tag: 'HttpError';
  readonly url: string;
  readonly status: number;
  readonly retryAfterMs?: number;
}

/** The server took the request but gave no whole answer within `ms`. */
export interface TimeoutError {
  readonly _tag: 'TimeoutError';
  readonly url: string;
  readonly ms: number;
}

/** The answer was not JSON, or not the shape the codec expects; `report` says where. */
export interface DecodeError {
  readonly _tag: 'DecodeError';
  readonly url: string;
  readonly report: readonly string[];
}

/** Every way a call to the API can fail. */
export type HttpFailure = NetworkError | HttpError | TimeoutError | DecodeError;

const TAGS: ReadonlySet<string> = new Set(['NetworkError', 'HttpError', 'TimeoutError', 'DecodeError']);

/** Whether a thrown value is one of the service's tagged failures. */
export const isHttpFailure = (error: unknown): error is HttpFailure =>
  typeof error === 'object' && error !== null && TAGS.has((error as { _tag?: unknown })._tag as string);

/** Where the API lives: the container's `data-api-base`, or the page's own origin. */
export const apiBaseOf = (container: Element): string => (container.getAttribute('data-api-base') ?? '').trim().replace(/\/+$/, '');

/**
 * Where a widget's answers come from, besides fetching `base + path`: answers the page
 * already holds (embedded by the server that rendered it), or, on the server, the database
 * or another backend. `answer` gives the raw JSON of a path, or `undefined` to fetch it;
 * `track`, when given, wraps each call that goes to the API (its retries included), so the
 * source can count the calls under way.
 */
export interface AnswerSource {
  readonly base: string;
  readonly answer: (path: string) => Observable<unknown> | undefined;
  readonly track?: <T>(call: Observable<T>) => Observable<T>;
}

/** An API base URL (the browser's usual case), or a source of answers that falls back on one. */
export type Api = string | AnswerSource;

/** The base URL of an API, whichever form it comes in. */
export const baseOf = (api: Api): string => (typeof api === 'string' ? api : api.base);

/**
 * How long a call may take, from the request to the whole body. Chrome's "Slow 3G" preset
 * (2 s round trip, 400 kbit/s down) brings the largest answer a widget asks for (a 48-contact
 * page, a few tens of kB, compressed) within about 4 s of connecting: 10 s leaves room for a slow
 * server on such a link, and still tells a visitor within seconds that a hung call is being retried.
 */
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * How many times a call that may succeed later is tried again: 3 attempts in all. Enough to ride
 * out a restart or a brief overload (the reference server's 503s say "a few seconds"); a hung
 * server then costs the visitor about 33 s before the failure and its retry button, and each
 * further retry would add 10 s more.
 */
export const RETRY_LIMIT = 2;

/** The wait before the first retry; each further retry doubles it (exponential backoff). */
export const RETRY_BASE_MS = 1_000;

/** The longest wait between two attempts, whatever the backoff or `Retry-After` asks: a visitor does not wait longer. */
export const RETRY_MAX_DELAY_MS = 8_000;

/** Runs `act` after `ms` milliseconds; the function it gives cancels it. */
export type Wait = (ms: number, act: () => void) => () => void;

// Plain timers rather than an RxJS scheduler: a widget page then carries no scheduler code.
const setTimeoutWait: Wait = (ms, act) => {
  const id = setTimeout(act, ms);
  return () => clearTimeout(id);
};

/** How calls are timed and tried again; the defaults are the constants above. Tests give a virtual clock and a random source. */
export interface RetryPolicy {
  readonly timeoutMs: number;
  readonly retries: number;
  readonly baseMs: number;
  readonly maxDelayMs: number;
  /** A number in [0, 1): the jitter that spreads the retries of many visitors after an outage. */
  readonly random: () => number;
  readonly wait: Wait;
}

/** The policy of every call of the widgets. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  timeoutMs: REQUEST_TIMEOUT_MS,
  retries: RETRY_LIMIT,
  baseMs: RETRY_BASE_MS,
  maxDelayMs: RETRY_MAX_DELAY_MS,
  random: Math.random,
  wait: setTimeoutWait,
};

/** Whether a failure may go away by itself: no answer, no answer in time, or a server error. A 4xx or a bad answer will not. */
export const isRetryable = (failure: HttpFailure): boolean =>
  failure._tag === 'NetworkError' || failure._tag === 'TimeoutError' || (failure._tag === 'HttpError' && failure.status >= 500);

/**
 * The wait before retry number `retry` (1 for the first): the server's `Retry-After` when it
 * sent one, else the exponential backoff with "equal jitter" (half fixed, half random), so
 * visitors cut off together do not come back together; never more than `maxDelayMs`.
 */
export const retryDelayMs = (failure: HttpFailure, retry: number, policy: RetryPolicy): number => {
  if (failure._tag === 'HttpError' && failure.retryAfterMs !== undefined) return Math.min(failure.retryAfterMs, policy.maxDelayMs);
  const backoff = Math.min(policy.baseMs * 2 ** (retry - 1), policy.maxDelayMs);
  return backoff / 2 + (backoff / 2) * Math.min(Math.max(policy.random(), 0), 1);
};

/** `Retry-After` in milliseconds, when it is a number of seconds (the form our server and most proxies send). */
export const parseRetryAfter = (header: string | null): number | undefined => {
  if (header === null || !/^\s*\d{1,9}\s*$/.test(header)) return undefined;
  return Number(header.trim()) * 1_000;
};

/** One step of a call that is tried again: a retry about to be made (after `failure`), or the answer. */
export type Attempt<A> =
  { readonly kind: 'retrying'; readonly attempt: number; readonly of: number; readonly failure: HttpFailure } | { readonly kind: 'answer'; readonly value: A };

const asHttpFailure = (url: string, error: unknown): HttpFailure =>
  isHttpFailure(error) ? error : { _tag: 'NetworkError', url, message: error instanceof Error ? error.message : String(error) };

const asFailure =
  (url: string) =>
  (error: unknown): Observable<never> =>
    throwError((): HttpFailure => asHttpFailure(url, error));

/**
 * Runs `call` (cold: each subscription is a new attempt) and tries it again after a retryable
 * failure, up to `policy.retries` times, announcing each retry before its wait. The last
 * failure, or any that is not retryable, fails the stream. Unsubscribing stops the wait or the attempt.
 */
export const withRetries = <A>(url: string, call: Observable<A>, policy: RetryPolicy = DEFAULT_RETRY_POLICY): Observable<Attempt<A>> => {
  const attempt = (retry: number): Observable<Attempt<A>> =>
    call.pipe(
      map((value): Attempt<A> => ({ kind: 'answer', value })),
      catchError((error: unknown) => {
        const failure = asHttpFailure(url, error);
        if (retry >= policy.retries || !isRetryable(failure)) return throwError(() => failure);
        const next = retry + 1;
        // The step first, then the wait, then the next attempt; unsubscribing cancels the wait.
        return new Observable<Attempt<A>>((subscriber) => {
          subscriber.next({ kind: 'retrying', attempt: next, of: policy.retries, failure });
          let inner: { unsubscribe: () => void } | null = null;
          const cancel = policy.wait(retryDelayMs(failure, next, policy), () => {
            inner = attempt(next).subscribe(subscriber);
          });
          return () => {
            cancel();
            inner?.unsubscribe();
          };
        });
      }),
    );
  return defer(() => attempt(0));
};

/**
 * Fails with `failure()` when `source` has not emitted within `ms`; the failure unsubscribes
 * from the source, which aborts a request. (RxJS's `timeout` does the same with more options,
 * and costs every widget page a kilobyte more.)
 */
const failAfter =
  <T>(ms: number, wait: Wait, failure: () => HttpFailure) =>
  (source: Observable<T>): Observable<T> =>
    new Observable<T>((subscriber) => {
      const cancel = wait(ms, () => subscriber.error(failure()));
      const inner = source.subscribe({
        next: (value) => {
          cancel();
          subscriber.next(value);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
      return () => {
        cancel();
        inner.unsubscribe();
      };
    });

/**
 * GETs a URL and emits its body as parsed JSON, undecoded; fails with an `HttpFailure`, a
 * `TimeoutError` when the whole body has not arrived within `timeoutMs`. Unsubscribing aborts.
 */
export const fetchJson = (url: string, timeoutMs: number = REQUEST_TIMEOUT_MS, wait: Wait = setTimeoutWait): Observable<unknown> =>
  fromFetch(url, {
    headers: { Accept: 'application/json' },
    // The selector keeps the abort signal live until the body is read.
    selector: (response) =>
      response.ok
        ? from(response.text()).pipe(
            map(parseJson),
            catchError(() => throwError((): HttpFailure => ({ _tag: 'DecodeError', url, report: ['the answer is not JSON'] }))),
          )
        : throwError((): HttpFailure => {
            const retryAfterMs = response.status === 503 ? parseRetryAfter(response.headers.get('Retry-After')) : undefined;
            return retryAfterMs === undefined
              ? { _tag: 'HttpError', url, status: response.status }
              : { _tag: 'HttpError', url, status: response.status, retryAfterMs };
          }),
  }).pipe(
    failAfter(timeoutMs, wait, (): HttpFailure => ({ _tag: 'TimeoutError', url, ms: timeoutMs })),
    catchError(asFailure(url)),
  );

const decodeWith =
  <A>(url: string, codec: t.Decoder<unknown, A>) =>
  (body: unknown): Observable<A> => {
    const decoded = codec.decode(body);
    return isLeft(decoded) ? throwError((): HttpFailure => ({ _tag: 'DecodeError', url, report: PathReporter.report(decoded) })) : of(decoded.right);
  };

/**
 * GETs `path` from the API and decodes the answer with `codec`, trying again after a time-out,
 * a network failure or a 5xx (never after a 4xx or an answer that does not decode): emits a
 * `retrying` step before each retry, then the decoded answer once; fails with the last
 * `HttpFailure`. An answer the source already holds is decoded the same way, without a
 * request and without retry. Unsubscribing aborts the request or the wait.
 */
export const getJsonAttempts = <A>(api: Api, path: string, codec: t.Decoder<unknown, A>, policy: RetryPolicy = DEFAULT_RETRY_POLICY): Observable<Attempt<A>> => {
  const url = `${baseOf(api)}${path}`;
  if (typeof api !== 'string') {
    const held = api.answer(path);
    if (held !== undefined)
      return held.pipe(
        catchError(asFailure(url)),
        switchMap(decodeWith(url, codec)),
        map((value): Attempt<A> => ({ kind: 'answer', value })),
      );
  }
  const call = withRetries(url, defer(() => fetchJson(url, policy.timeoutMs, policy.wait)).pipe(switchMap(decodeWith(url, codec))), policy);
  return typeof api === 'string' || api.track === undefined ? call : api.track(call);
};

/** How far a call that is tried again has come: retry `attempt` of `of`, announced before its wait. */
export interface RetryProgress {
  readonly attempt: number;
  readonly of: number;
}

/** The steps of a call as a service's events: one before each retry, then the answer's. */
export const attemptEvents =
  <A, E>(retrying: (progress: RetryProgress) => E, answered: (value: A) => E) =>
  (steps: Observable<Attempt<A>>): Observable<E> =>
    steps.pipe(map((step) => (step.kind === 'answer' ? answered(step.value) : retrying({ attempt: step.attempt, of: step.of }))));

/** `getJsonAttempts` without the retry steps: the decoded answer once, or the last failure. */
export const getJson = <A>(api: Api, path: string, codec: t.Decoder<unknown, A>, policy: RetryPolicy = DEFAULT_RETRY_POLICY): Observable<A> =>
  getJsonAttempts(api, path, codec, policy).pipe(
    filter((step): step is { readonly kind: 'answer'; readonly value: A } => step.kind === 'answer'),
    map((step) => step.value),
  );
