import { catchError, of, type Observable } from 'rxjs';
import { fromEventObservable } from 'xstate';
import { NewsArticle } from '../domain/news';
import { newsArticlePath } from '../domain/news-list';
import { withImageOn } from '../domain/media-addresses';
import { attemptEvents, baseOf, getJsonAttempts, type Api, type HttpFailure, type RetryProgress } from './http';

/** What names an article: its scope and its slug. */
export interface ArticleQuery {
  readonly scope: string;
  readonly slug: string;
}

/** The answers of the article call, as events for the article machine; a 404 says the article does not exist. `ARTICLE_RETRYING` comes before each retry. */
export type NewsArticleEvent =
  | ({ readonly type: 'ARTICLE_RETRYING' } & RetryProgress)
  | { readonly type: 'ARTICLE_LOADED'; readonly article: NewsArticle }
  | { readonly type: 'ARTICLE_MISSING' }
  | { readonly type: 'ARTICLE_FAILED'; readonly error: HttpFailure };

/** One news item with its full text (`GET /api/news/{scope}/{slug}/`), as one event. */
export const loadNewsArticle = (api: Api, { scope, slug }: ArticleQuery): Observable<NewsArticleEvent> =>
  getJsonAttempts(api, newsArticlePath(scope, slug), NewsArticle).pipe(
    attemptEvents(
      (progress): NewsArticleEvent => ({ type: 'ARTICLE_RETRYING', ...progress }),
      (article): NewsArticleEvent => ({ type: 'ARTICLE_LOADED', article: withImageOn(baseOf(api), article) }),
    ),
    catchError((error: HttpFailure) =>
      of<NewsArticleEvent>(
        error._tag === 'HttpError' && (error.status === 404 || error.status === 410) ? { type: 'ARTICLE_MISSING' } : { type: 'ARTICLE_FAILED', error },
      ),
    ),
  );

/** The article call as an actor. */
export const newsArticleActor = (api: Api) => fromEventObservable(({ input }: { input: ArticleQuery }) => loadNewsArticle(api, input));
