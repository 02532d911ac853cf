import { catchError, map, of, type Observable } from 'rxjs';
import { fromEventObservable } from 'xstate';
import { NewsCategoryList, NewsItem, type NewsCategory } from '../domain/news';
import { dedupeById, newsCategoriesPath, newsListPath, newsPath, nextPagePath, type CategorySelection } from '../domain/news-list';
import { withImageOn } from '../domain/media-addresses';
import { ListAnswer, PAGE_SIZES } from '../domain/paging';
import { attemptEvents, baseOf, getJson, getJsonAttempts, type Api, type HttpFailure, type RetryProgress } from './http';

/**
 * The answers of the news call, as events for the news machine. `next` is the path of the
 * further page (relative to the API base), `total` the size of the whole filtered set.
 * `NEWS_RETRYING` comes before each retry of a slow or failing call.
 */
export type NewsEvent =
  | ({ readonly type: 'NEWS_RETRYING' } & RetryProgress)
  | {
      readonly type: 'NEWS_LOADED';
      readonly items: readonly NewsItem[];
      readonly next: string | null;
      readonly total: number;
    }
  | { readonly type: 'NEWS_FAILED'; readonly error: HttpFailure };

/** The answers of a further page of news. */
export type MoreNewsEvent =
  | { readonly type: 'MORE_NEWS_LOADED'; readonly items: readonly NewsItem[]; readonly next: string | null }
  | { readonly type: 'MORE_NEWS_FAILED'; readonly error: HttpFailure };

/** The answers of the news categories call. */
export type NewsCategoriesEvent =
  { readonly type: 'CATEGORIES_LOADED'; readonly categories: readonly NewsCategory[] } | { readonly type: 'CATEGORIES_FAILED'; readonly error: HttpFailure };

const failed =
  <E>(toEvent: (error: HttpFailure) => E) =>
  (error: HttpFailure): Observable<E> =>
    of(toEvent(error));

const NewsAnswer = ListAnswer(NewsItem);

/**
 * The first page of the news of a selection, as one event: with no category the plain
 * `GET /api/news/{scope}/`, otherwise `GET /api/news/?categories=…`, both with `page_size=24`.
 * A reference server answers a page (`results`, `count`, `next`); a legacy backend the whole
 * plain list as an array, which the machine windows. Items are de-duplicated by id, keeping
 * the first (SPEC §5).
 */
export const loadNews = (base: Api, scope: string, selection: CategorySelection, pageSize: number = PAGE_SIZES.news): Observable<NewsEvent> =>
  getJsonAttempts(base, newsPath(scope, selection, pageSize), NewsAnswer).pipe(
    attemptEvents(
      (progress): NewsEvent => ({ type: 'NEWS_RETRYING', ...progress }),
      (answer): NewsEvent => {
        const items = dedupeById(answer.items).map((item) => withImageOn(baseOf(base), item));
        return {
          type: 'NEWS_LOADED',
          items,
          next: nextPagePath(answer.next, baseOf(base), newsListPath(scope, selection)),
          total: answer.whole ? items.length : Math.max(answer.count ?? items.length, items.length),
        };
      },
    ),
    catchError(failed((error): NewsEvent => ({ type: 'NEWS_FAILED', error }))),
  );

/** A further page of news (the path from `next`), as one event. */
export const loadMoreNews = (base: Api, path: string): Observable<MoreNewsEvent> =>
  getJson(base, path, NewsAnswer).pipe(
    map((answer): MoreNewsEvent => ({
      type: 'MORE_NEWS_LOADED',
      items: answer.items.map((item) => withImageOn(baseOf(base), item)),
      // The further page of a page is of the same list.
      next: nextPagePath(answer.next, baseOf(base), new URL(path, 'http://relative.invalid').pathname),
    })),
    catchError(failed((error): MoreNewsEvent => ({ type: 'MORE_NEWS_FAILED', error }))),
  );

/** The categories of a scope (`GET /api/categories/{scope}/`), as one event. */
export const loadNewsCategories = (base: Api, scope: string): Observable<NewsCategoriesEvent> =>
  getJson(base, newsCategoriesPath(scope), NewsCategoryList).pipe(
    map((categories): NewsCategoriesEvent => ({ type: 'CATEGORIES_LOADED', categories: dedupeById(categories) })),
    catchError(failed((error): NewsCategoriesEvent => ({ type: 'CATEGORIES_FAILED', error }))),
  );

/** The news call as an actor: stopping it (a newer selection) unsubscribes, which aborts the request. */
export const newsActor = (base: Api, scope: string, pageSize: number = PAGE_SIZES.news) =>
  fromEventObservable(({ input }: { input: CategorySelection }) => loadNews(base, scope, input, pageSize));

/** The further-page call as an actor; its input is the path of the page. */
export const moreNewsActor = (base: Api) => fromEventObservable(({ input }: { input: string }) => loadMoreNews(base, input));

/** The categories call as an actor. */
export const newsCategoriesActor = (base: Api, scope: string) => fromEventObservable<NewsCategoriesEvent, void>(() => loadNewsCategories(base, scope));
