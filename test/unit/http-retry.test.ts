import fc from 'fast-check';
import * as t from 'io-ts';
import { defer, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import {
  DEFAULT_RETRY_POLICY,
  REQUEST_TIMEOUT_MS,
  RETRY_LIMIT,
  fetchJson,
  getJson,
  isRetryable,
  parseRetryAfter,
  retryDelayMs,
  withRetries,
  type HttpFailure,
  type RetryPolicy,
  type Wait,
} from '../../src/services/http';
import { runs } from '../support/fuzz-runs';

const URL_ = 'https://api.example.ch/api/contacts/';
const unavailable: HttpFailure = { _tag: 'HttpError', url: URL_, status: 503 };
const notFound: HttpFailure = { _tag: 'HttpError', url: URL_, status: 404 };
const garbage: HttpFailure = { _tag: 'DecodeError', url: URL_, report: ['the answer is not JSON'] };
const timedOut: HttpFailure = { _tag: 'TimeoutError', url: URL_, ms: REQUEST_TIMEOUT_MS };
const offline: HttpFailure = { _tag: 'NetworkError', url: URL_, message: 'Failed to fetch' };

// The virtual clock of the test under way: the policy's waits run on it.
let clock: TestScheduler | null = null;

const scheduler = (): TestScheduler => (clock = new TestScheduler((actual, expected) => expect(actual).toEqual(expected)));

const virtualWait: Wait = (ms, act) => {
  if (clock === null) throw new Error('no virtual clock: call scheduler() first');
  const action = clock.schedule(act, ms);
  return () => action.unsubscribe();
};

/** The default policy on the virtual clock, with the least jitter (random 0): the waits are 500 ms, then 1 s. */
const steady: RetryPolicy = { ...DEFAULT_RETRY_POLICY, random: () => 0, wait: virtualWait };

/** A call whose attempts are the given observables, one a subscription. */
const attempts = <A>(each: readonly Observable<A>[]): Observable<A> => {
  let index = 0;
  return defer(() => each[Math.min(index++, each.length - 1)]!);
};

describe('the retry policy', () => {
  it('tries a call three times in all: the first attempt and two retries', () => {
    expect(RETRY_LIMIT).toBe(2);
    expect(DEFAULT_RETRY_POLICY.timeoutMs).toBe(REQUEST_TIMEOUT_MS);
  });

  it('tries again after no answer, no answer in time and a server error, never after a 4xx or a bad answer', () => {
    expect([offline, timedOut, unavailable, { ...unavailable, status: 500 }].map(isRetryable)).toEqual([true, true, true, true]);
    expect([notFound, { ...notFound, status: 400 }, { ...notFound, status: 429 }, garbage].map(isRetryable)).toEqual([false, false, false, false]);
  });

  it('doubles the wait at each retry, half of it jitter, within the ceiling', () => {
    const low = { ...DEFAULT_RETRY_POLICY, random: () => 0 };
    const high = { ...DEFAULT_RETRY_POLICY, random: () => 0.999_999 };
    expect([1, 2, 3, 4, 5].map((retry) => retryDelayMs(offline, retry, low))).toEqual([500, 1_000, 2_000, 4_000, 4_000]);
    expect([1, 2, 3, 4, 5].map((retry) => Math.round(retryDelayMs(offline, retry, high)))).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
  });

  it('waits what `Retry-After` asks, within the ceiling', () => {
    expect(retryDelayMs({ ...unavailable, retryAfterMs: 3_000 }, 1, steady)).toBe(3_000);
    expect(retryDelayMs({ ...unavailable, retryAfterMs: 3_600_000 }, 1, steady)).toBe(DEFAULT_RETRY_POLICY.maxDelayMs);
  });

  it('reads `Retry-After` in seconds, and nothing else', () => {
    expect([parseRetryAfter('3'), parseRetryAfter(' 120 '), parseRetryAfter('0')]).toEqual([3_000, 120_000, 0]);
    expect([parseRetryAfter(null), parseRetryAfter(''), parseRetryAfter('-1'), parseRetryAfter('1.5'), parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT')]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

const anyFailure: fc.Arbitrary<HttpFailure> = fc.oneof(
  fc.record({ _tag: fc.constant('NetworkError' as const), url: fc.string(), message: fc.string() }),
  fc.record({ _tag: fc.constant('TimeoutError' as const), url: fc.string(), ms: fc.nat() }),
  fc.record({ _tag: fc.constant('DecodeError' as const), url: fc.string(), report: fc.array(fc.string()) }),
  fc.record(
    { _tag: fc.constant('HttpError' as const), url: fc.string(), status: fc.integer({ min: 100, max: 599 }), retryAfterMs: fc.nat({ max: 86_400_000 }) },
    { requiredKeys: ['_tag', 'url', 'status'] },
  ),
);

describe('the retry policy, for any failure', () => {
  it('waits between half the backoff and the ceiling, and never longer than the ceiling', () => {
    fc.assert(
      fc.property(anyFailure, fc.integer({ min: 1, max: 30 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (failure, retry, random) => {
        const delay = retryDelayMs(failure, retry, { ...DEFAULT_RETRY_POLICY, random: () => random });
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(DEFAULT_RETRY_POLICY.maxDelayMs);
        if (failure._tag !== 'HttpError' || failure.retryAfterMs === undefined) {
          expect(delay).toBeGreaterThanOrEqual(Math.min(DEFAULT_RETRY_POLICY.baseMs * 2 ** (retry - 1), DEFAULT_RETRY_POLICY.maxDelayMs) / 2);
        }
      }),
      { numRuns: runs(200) },
    );
  });

  it('tries again exactly the failures that may go away by themselves', () => {
    fc.assert(
      fc.property(anyFailure, (failure) => {
        const transient = failure._tag === 'NetworkError' || failure._tag === 'TimeoutError' || (failure._tag === 'HttpError' && failure.status >= 500);
        expect(isRetryable(failure)).toBe(transient);
      }),
      { numRuns: runs(200) },
    );
  });
});

describe('withRetries, for any run of answers and failures', () => {
  it('ends with the first answer, the first failure that is not retryable, or the failure after the last retry', () => {
    const outcome = fc.oneof(
      anyFailure.map((failure) => ({ failure })),
      fc.integer().map((value) => ({ value })),
    );
    fc.assert(
      // One outcome for each attempt the policy may make.
      fc.property(fc.array(outcome, { minLength: RETRY_LIMIT + 1, maxLength: RETRY_LIMIT + 1 }), (outcomes) => {
        const steps: { readonly kind: string }[] = [];
        let ended: unknown = null;
        let started = 0;
        scheduler().run(({ cold }) => {
          const call = defer(() => {
            const next = outcomes[started]!;
            started += 1;
            return 'value' in next ? cold('-(a|)', { a: next.value }) : cold<number>('-#', undefined, next.failure);
          });
          withRetries(URL_, call, steady).subscribe({
            next: (step) => steps.push(step),
            error: (failure: unknown) => (ended = failure),
            complete: () => (ended = 'complete'),
          });
        });
        // The attempt the call ends at: the first answer, the first failure not worth a retry, or the last attempt.
        const last = outcomes.findIndex((next, index) => 'value' in next || !isRetryable(next.failure) || index === RETRY_LIMIT);
        const end = outcomes[last]!;
        expect(started).toBe(last + 1);
        expect(steps.filter((step) => step.kind === 'retrying')).toHaveLength(last);
        expect(ended).toEqual('value' in end ? 'complete' : end.failure);
      }),
      { numRuns: runs(200) },
    );
  });
});

describe('withRetries, in virtual time', () => {
  it('announces each retry, waits the backoff, and emits the answer of the third attempt', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const call = attempts([cold<number>('--#', undefined, unavailable), cold<number>('--#', undefined, unavailable), cold('--(a|)', { a: 7 })]);
      // 503 at 2 ms, retry 1 after 500 ms; 503 at 504 ms, retry 2 after 1 s; the answer at 1506 ms.
      expectObservable(withRetries(URL_, call, steady)).toBe('--r 499ms --s 999ms --(a|)', {
        r: { kind: 'retrying', attempt: 1, of: 2, failure: unavailable },
        s: { kind: 'retrying', attempt: 2, of: 2, failure: unavailable },
        a: { kind: 'answer', value: 7 },
      });
    });
  });

  it('gives up after the last retry with the last failure', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const call = attempts([cold<number>('-#', undefined, offline), cold<number>('-#', undefined, timedOut), cold<number>('-#', undefined, unavailable)]);
      expectObservable(withRetries(URL_, call, steady)).toBe(
        '-r 499ms -s 999ms -#',
        { r: { kind: 'retrying', attempt: 1, of: 2, failure: offline }, s: { kind: 'retrying', attempt: 2, of: 2, failure: timedOut } },
        unavailable,
      );
    });
  });

  it.each([
    ['a 404', notFound],
    ['a 400', { ...notFound, status: 400 }],
    ['an answer that does not decode', garbage],
  ])('never tries again after %s', (_name, failure) => {
    scheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const first = cold<number>('--#', undefined, failure);
      expectObservable(withRetries(URL_, first, steady)).toBe('--#', undefined, failure);
      expectSubscriptions(first.subscriptions).toBe('^-!');
    });
  });

  it('honours the server’s `Retry-After` instead of the backoff', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const busy = { ...unavailable, retryAfterMs: 3_000 };
      const call = attempts([cold<number>('-#', undefined, busy), cold('-(a|)', { a: 1 })]);
      expectObservable(withRetries(URL_, call, steady)).toBe('-r 2999ms -(a|)', {
        r: { kind: 'retrying', attempt: 1, of: 2, failure: busy },
        a: { kind: 'answer', value: 1 },
      });
    });
  });

  it('spreads the retries with the jitter it is given', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const call = attempts([cold<number>('-#', undefined, offline), cold('-(a|)', { a: 1 })]);
      // Most jitter: the whole first backoff, 1 s.
      expectObservable(withRetries(URL_, call, { ...steady, random: () => 1 })).toBe('-r 999ms -(a|)', {
        r: { kind: 'retrying', attempt: 1, of: 2, failure: offline },
        a: { kind: 'answer', value: 1 },
      });
    });
  });

  it('turns anything else thrown into a NetworkError', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const call = cold<number>('-#', undefined, new TypeError('Failed to fetch'));
      expectObservable(withRetries(URL_, call, { ...steady, retries: 0 })).toBe('-#', undefined, offline);
    });
  });

  it('stops the wait and the attempt when unsubscribed', () => {
    scheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const first = cold<number>('-#', undefined, unavailable);
      const second = cold<number>('-----a|', { a: 1 });
      const call = attempts([first, second]);
      // Unsubscribed during the second attempt, 503 ms in: the second attempt is stopped, no third one starts.
      expectObservable(withRetries(URL_, call, steady), '^ 502ms !').toBe('-r', { r: { kind: 'retrying', attempt: 1, of: 2, failure: unavailable } });
      expectSubscriptions(first.subscriptions).toBe('^!');
      expectSubscriptions(second.subscriptions).toBe('501ms ^-!');
    });
  });
});

describe('fetchJson and getJson, with a fake fetch and fake timers', () => {
  let signals: AbortSignal[];
  let answers: (() => Promise<Response>)[];
  const realFetch = globalThis.fetch;

  beforeEach(() => {
    jest.useFakeTimers();
    signals = [];
    answers = [];
    globalThis.fetch = jest.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.signal) signals.push(init.signal);
      const next = answers.shift();
      return next ? next() : new Promise<Response>(() => undefined);
    }) as typeof fetch;
  });

  afterEach(() => {
    globalThis.fetch = realFetch;
    jest.useRealTimers();
  });

  const json =
    (status: number, body: unknown, headers: Record<string, string> = {}) =>
    () =>
      Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }));

  /** Subscribes, then lets virtual time run until the stream ends (or `limitMs` passes); what it emitted and how it ended. */
  const run = async <A>(stream: Observable<A>, limitMs = 60_000) => {
    const values: A[] = [];
    let error: unknown = null;
    // A subscription closes when its stream completes or fails.
    const subscription = stream.subscribe({
      next: (value) => values.push(value),
      error: (reason: unknown) => {
        error = reason;
      },
    });
    for (let elapsed = 0; !subscription.closed && elapsed < limitMs; elapsed += 100) await jest.advanceTimersByTimeAsync(100);
    const done = subscription.closed;
    subscription.unsubscribe();
    return { values, error, done };
  };

  it('fails with a TimeoutError when the server never answers, and aborts the request', async () => {
    const started = Date.now();
    const { error, done } = await run(fetchJson(URL_));
    expect(done).toBe(true);
    expect(error).toEqual(timedOut);
    expect(Date.now() - started).toBe(REQUEST_TIMEOUT_MS);
    expect(signals[0]!.aborted).toBe(true);
  });

  it('reads the seconds of a 503’s `Retry-After`', async () => {
    answers.push(json(503, { message: 'busy' }, { 'Retry-After': '2' }));
    expect((await run(fetchJson(URL_))).error).toEqual({ ...unavailable, retryAfterMs: 2_000 });
  });

  it('getJson asks three times for a hung API, then gives up with a TimeoutError', async () => {
    const started = Date.now();
    const { error } = await run(getJson(URL_.replace('/api/contacts/', ''), '/api/contacts/', t.array(t.unknown)));
    expect(error).toEqual(timedOut);
    expect(globalThis.fetch).toHaveBeenCalledTimes(3);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
    // Three time-outs and two waits of at most 1 s and 2 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * REQUEST_TIMEOUT_MS + 1_500);
    expect(Date.now() - started).toBeLessThanOrEqual(3 * REQUEST_TIMEOUT_MS + 3_000 + 100);
  });

  it('getJson rides out two 503s and emits the third answer only', async () => {
    answers.push(json(503, {}), json(503, {}), json(200, [1, 2]));
    const { values, error } = await run(getJson('https://api.example.ch', '/api/contacts/', t.array(t.number)));
    expect(error).toBeNull();
    expect(values).toEqual([[1, 2]]);
    expect(globalThis.fetch).toHaveBeenCalledTimes(3);
  });

  it('getJson never asks again after a 404 or an answer that does not decode', async () => {
    answers.push(json(404, {}));
    expect((await run(getJson('https://api.example.ch', '/api/contacts/', t.array(t.number)))).error).toMatchObject({ _tag: 'HttpError', status: 404 });
    answers.push(json(200, { not: 'a list' }));
    expect((await run(getJson('https://api.example.ch', '/api/contacts/', t.array(t.number)))).error).toMatchObject({ _tag: 'DecodeError' });
    expect(globalThis.fetch).toHaveBeenCalledTimes(2);
  });

  it('an answer the page holds is never fetched nor tried again', async () => {
    const source = { base: 'https://api.example.ch', answer: () => defer(() => Promise.reject(new Error('held failure'))) };
    const { error } = await run(getJson(source, '/api/contacts/', t.array(t.number)));
    expect(error).toMatchObject({ _tag: 'NetworkError', message: 'held failure' });
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });

  it('a source that counts its calls sees one call for all the attempts', async () => {
    let tracked = 0;
    const source = {
      base: 'https://api.example.ch',
      answer: () => undefined,
      track: <T>(call: Observable<T>): Observable<T> =>
        defer(() => {
          tracked += 1;
          return call;
        }),
    };
    answers.push(json(503, {}), json(200, [3]));
    const { values } = await run(getJson(source, '/api/contacts/', t.array(t.number)));
    expect(values).toEqual([[3]]);
    expect(tracked).toBe(1);
    expect(globalThis.fetch).toHaveBeenCalledTimes(2);
  });
});
