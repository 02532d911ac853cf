import { catchError, map, of, type Observable } from 'rxjs';
import { fromEventObservable } from 'xstate';
import { NewsCategoryList, NewsItemList, NewsPage, type NewsCategory, type NewsItem } from '../domain/news';
import { dedupeById, newsCategoriesPath, newsPath, nextPagePath, type CategorySelection } from '../domain/news-list';
import { getJson, type Api, type HttpFailure } from './http';

/**
 * The answers of the news call, as events for the news machine. `next` is the path of the
 * further page (relative to the API base), `total` the size of the whole filtered set.
 */
export type NewsEvent =
  | {
      readonly type: 'NEWS_LOADED';
      readonly items: readonly NewsItem[];
      readonly next: string | null;
      readonly total: number;
    }
  | { readonly type: 'NEWS_FAILED'; readonly error: HttpFailure };

/** The answers of a further page of filtered news. */
export type MoreNewsEvent =
  | { readonly type: 'MORE_NEWS_LOADED'; readonly items: readonly NewsItem[]; readonly next: string | null }
  | { readonly type: 'MORE_NEWS_FAILED'; readonly error: HttpFailure };

/** The answers of the news categories call. */
export type NewsCategoriesEvent =
  | { readonly type: 'CATEGORIES_LOADED'; readonly categories: readonly NewsCategory[] }
  | { readonly type: 'CATEGORIES_FAILED'; readonly error: HttpFailure };

const failed =
  <E>(toEvent: (error: HttpFailure) => E) =>
  (error: HttpFailure): Observable<E> =>
    of(toEvent(error));

/**
 * The news of a selection, as one event: with no category the plain `GET /api/news/{scope}/`
 * (de-duplicated by id, keeping the first, SPEC §5), otherwise the first page of
 * `GET /api/news/?categories=…`, whose `results` are read.
 */
export const loadNews = (base: Api, scope: string, selection: CategorySelection): Observable<NewsEvent> => {
  const path = newsPath(scope, selection);
  const answer: Observable<NewsEvent> =
    selection.length === 0
      ? getJson(base, path, NewsItemList).pipe(
          map((list): NewsEvent => {
            const items = dedupeById(list);
            return { type: 'NEWS_LOADED', items, next: null, total: items.length };
          }),
        )
      : getJson(base, path, NewsPage).pipe(
          map((page): NewsEvent => {
            const items = dedupeById(page.results);
            return { type: 'NEWS_LOADED', items, next: nextPagePath(page.next), total: Math.max(page.count ?? items.length, items.length) };
          }),
        );
  return answer.pipe(catchError(failed((error): NewsEvent => ({ type: 'NEWS_FAILED', error }))));
};

/** A further page of filtered news (the path from `next`), as one event. */
export const loadMoreNews = (base: Api, path: string): Observable<MoreNewsEvent> =>
  getJson(base, path, NewsPage).pipe(
    map((page): MoreNewsEvent => ({ type: 'MORE_NEWS_LOADED', items: page.results, next: nextPagePath(page.next) })),
    catchError(failed((error): MoreNewsEvent => ({ type: 'MORE_NEWS_FAILED', error }))),
  );

/** The categories of a scope (`GET /api/categories/{scope}/`), as one event. */
export const loadNewsCategories = (base: Api, scope: string): Observable<NewsCategoriesEvent> =>
  getJson(base, newsCategoriesPath(scope), NewsCategoryList).pipe(
    map((categories): NewsCategoriesEvent => ({ type: 'CATEGORIES_LOADED', categories: dedupeById(categories) })),
    catchError(failed((error): NewsCategoriesEvent => ({ type: 'CATEGORIES_FAILED', error }))),
  );

/** The news call as an actor: stopping it (a newer selection) unsubscribes, which aborts the request. */
export const newsActor = (base: Api, scope: string) =>
  fromEventObservable(({ input }: { input: CategorySelection }) => loadNews(base, scope, input));

/** The further-page call as an actor; its input is the path of the page. */
export const moreNewsActor = (base: Api) => fromEventObservable(({ input }: { input: string }) => loadMoreNews(base, input));

/** The categories call as an actor. */
export const newsCategoriesActor = (base: Api, scope: string) =>
  fromEventObservable<NewsCategoriesEvent, void>(() => loadNewsCategories(base, scope));
