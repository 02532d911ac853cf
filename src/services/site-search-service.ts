import { catchError, concat, of, switchMap, timer, type Observable } from 'rxjs';
import { fromEventObservable } from 'xstate';
import { SiteSearchAnswer, searchApiPath } from '../domain/site-search';
import { attemptEvents, getJsonAttempts, type Api, type HttpFailure, type RetryProgress } from './http';

/** What the site search machine asks for: a query, how many results of each kind, and how long to wait first. */
export interface SiteSearchRequest {
  readonly query: string;
  readonly limit: number;
  /** Milliseconds to wait before the request goes out: a pause in typing; 0 sends at once. */
  readonly pauseMs: number;
}

/**
 * The search call's events for the site search machine: `SEARCH_SENT` once the pause is over
 * and the request goes out, `RESULTS_RETRYING` before each retry, then its answer or its failure.
 */
export type SiteSearchEvent =
  | { readonly type: 'SEARCH_SENT' }
  | ({ readonly type: 'RESULTS_RETRYING' } & RetryProgress)
  | { readonly type: 'RESULTS_LOADED'; readonly answer: SiteSearchAnswer }
  | { readonly type: 'RESULTS_FAILED'; readonly error: HttpFailure };

/**
 * Waits `pauseMs`, then asks `GET /api/search/?q=…&limit=…`, as events. The wait and the request
 * are one subscription (`switchMap`): a newer query unsubscribes it, which cancels the wait or
 * aborts the request, so a stale answer never arrives.
 */
export const searchSite = (api: Api, { query, limit, pauseMs }: SiteSearchRequest): Observable<SiteSearchEvent> =>
  (pauseMs > 0 ? timer(pauseMs) : of(0)).pipe(
    switchMap(() =>
      concat(
        of<SiteSearchEvent>({ type: 'SEARCH_SENT' }),
        getJsonAttempts(api, searchApiPath(query, limit), SiteSearchAnswer).pipe(
          attemptEvents(
            (progress): SiteSearchEvent => ({ type: 'RESULTS_RETRYING', ...progress }),
            (answer): SiteSearchEvent => ({ type: 'RESULTS_LOADED', answer }),
          ),
          catchError((error: HttpFailure) => of<SiteSearchEvent>({ type: 'RESULTS_FAILED', error })),
        ),
      ),
    ),
  );

/** The search call as an actor: stopping it (a newer query) unsubscribes, which cancels the wait or the request. */
export const siteSearchActor = (api: Api) => fromEventObservable(({ input }: { input: SiteSearchRequest }) => searchSite(api, input));
