import { isLeft } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { PathReporter } from 'io-ts/PathReporter';
import { Observable, catchError, from, of, switchMap, throwError } from 'rxjs';
import { fromFetch } from 'rxjs/fetch';

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
 * GETs `base + path`, decodes the JSON answer with `codec`, and emits the decoded value
 * once; fails with an `HttpFailure`. Unsubscribing aborts the request.
 */
export const getJson = <A>(base: string, path: string, codec: t.Decoder<unknown, A>): Observable<A> => {
  const url = `${base}${path}`;
  return fromFetch(url, {
    headers: { Accept: 'application/json' },
    // The selector keeps the abort signal live until the body is read.
    selector: (response) =>
      response.ok
        ? from(response.json() as Promise<unknown>).pipe(
            catchError(() => throwError((): HttpFailure => ({ _tag: 'DecodeError', url, report: ['the answer is not JSON'] }))),
          )
        : throwError((): HttpFailure => ({ _tag: 'HttpError', url, status: response.status })),
  }).pipe(
    catchError((error: unknown) =>
      throwError((): HttpFailure =>
        isHttpFailure(error)
          ? error
          : { _tag: 'NetworkError', url, message: error instanceof Error ? error.message : String(error) },
      ),
    ),
    switchMap((body) => {
      const decoded = codec.decode(body);
      return isLeft(decoded)
        ? throwError((): HttpFailure => ({ _tag: 'DecodeError', url, report: PathReporter.report(decoded) }))
        : of(decoded.right);
    }),
  );
};
