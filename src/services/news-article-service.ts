import { catchError, map, of, type Observable } from 'rxjs';
import { fromEventObservable } from 'xstate';
import { NewsArticle } from '../domain/news';
import { newsArticlePath } from '../domain/news-list';
import { getJson, type Api, type HttpFailure } from './http';

/** What names an article: its scope and its slug. */
export interface ArticleQuery {
  readonly scope: string;
  readonly slug: string;
}

/** The answers of the article call, as events for the article machine; a 404 says the article does not exist. */
export type NewsArticleEvent =
  | { readonly type: 'ARTICLE_LOADED'; readonly article: NewsArticle }
  | { readonly type: 'ARTICLE_MISSING' }
  | { readonly type: 'ARTICLE_FAILED'; readonly error: HttpFailure };

/** One news item with its full text (`GET /api/news/{scope}/{slug}/`), as one event. */
export const loadNewsArticle = (api: Api, { scope, slug }: ArticleQuery): Observable<NewsArticleEvent> =>
  getJson(api, newsArticlePath(scope, slug), NewsArticle).pipe(
    map((article): NewsArticleEvent => ({ type: 'ARTICLE_LOADED', article })),
    catchError((error: HttpFailure) =>
      of<NewsArticleEvent>(error._tag === 'HttpError' && (error.status === 404 || error.status === 410) ? { type: 'ARTICLE_MISSING' } : { type: 'ARTICLE_FAILED', error }),
    ),
  );

/** The article call as an actor. */
export const newsArticleActor = (api: Api) => fromEventObservable(({ input }: { input: ArticleQuery }) => loadNewsArticle(api, input));
