import { isLeft } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { PathReporter } from 'io-ts/PathReporter';
import { Observable, catchError, from, map, of, switchMap, throwError } from 'rxjs';
import { fromFetch } from 'rxjs/fetch';
import { parseJson } from '../domain/json';

/** The request never got an answer: offline, DNS, refused connection, CORS. */
export interface NetworkError {
  readonly _tag: 'NetworkError';
  readonly url: string;
  readonly message: string;
}

/** The server answered with a status outside 200–299. */
export interface HttpError {
  readonly _tag: 'HttpError';
  readonly url: string;
  readonly status: number;
}

/** The answer was not JSON, or not the shape the codec expects; `report` says where. */
export interface DecodeError {
  readonly _tag: 'DecodeError';
  readonly url: string;
  readonly report: readonly string[];
}

/** Every way a call to the API can fail. */
export type HttpFailure = NetworkError | HttpError | DecodeError;

const TAGS: ReadonlySet<string> = new Set(['NetworkError', 'HttpError', 'DecodeError']);

/** Whether a thrown value is one of the service's tagged failures. */
export const isHttpFailure = (error: unknown): error is HttpFailure =>
  typeof error === 'object' && error !== null && TAGS.has((error as { _tag?: unknown })._tag as string);

/** Where the API lives: the container's `data-api-base`, or the page's own origin. */
export const apiBaseOf = (container: Element): string =>
  (container.getAttribute('data-api-base') ?? '').trim().replace(/\/+$/, '');

/**
 * Where a widget's answers come from, besides fetching `base + path`: answers the page
 * already holds (embedded by the server that rendered it), or, on the server, the database
 * or another backend. `answer` gives the raw JSON of a path, or `undefined` to fetch it.
 */
export interface AnswerSource {
  readonly base: string;
  readonly answer: (path: string) => Observable<unknown> | undefined;
}

/** An API base URL (the browser's usual case), or a source of answers that falls back on one. */
export type Api = string | AnswerSource;

/** The base URL of an API, whichever form it comes in. */
export const baseOf = (api: Api): string => (typeof api === 'string' ? api : api.base);

const asFailure =
  (url: string) =>
  (error: unknown): Observable<never> =>
    throwError((): HttpFailure =>
      isHttpFailure(error) ? error : { _tag: 'NetworkError', url, message: error instanceof Error ? error.message : String(error) },
    );

/** GETs a URL and emits its body as parsed JSON, undecoded; fails with an `HttpFailure`. Unsubscribing aborts. */
export const fetchJson = (url: string): Observable<unknown> =>
  fromFetch(url, {
    headers: { Accept: 'application/json' },
    // The selector keeps the abort signal live until the body is read.
    selector: (response) =>
      response.ok
        ? from(response.text()).pipe(
            map(parseJson),
            catchError(() => throwError((): HttpFailure => ({ _tag: 'DecodeError', url, report: ['the answer is not JSON'] }))),
          )
        : throwError((): HttpFailure => ({ _tag: 'HttpError', url, status: response.status })),
  }).pipe(catchError(asFailure(url)));

/**
 * GETs `path` from the API, decodes the JSON answer with `codec`, and emits the decoded
 * value once; fails with an `HttpFailure`. An answer the source already holds is decoded the
 * same way, without a request. Unsubscribing aborts the request.
 */
export const getJson = <A>(api: Api, path: string, codec: t.Decoder<unknown, A>): Observable<A> => {
  const url = `${baseOf(api)}${path}`;
  const held = typeof api === 'string' ? undefined : api.answer(path);
  return (held === undefined ? fetchJson(url) : held.pipe(catchError(asFailure(url)))).pipe(
    switchMap((body) => {
      const decoded = codec.decode(body);
      return isLeft(decoded)
        ? throwError((): HttpFailure => ({ _tag: 'DecodeError', url, report: PathReporter.report(decoded) }))
        : of(decoded.right);
    }),
  );
};
