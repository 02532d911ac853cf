import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import type { NewsArticle } from '../domain/news';
import type { HttpFailure } from '../services/http';
import type { ArticleQuery, NewsArticleEvent } from '../services/news-article-service';
import { providedLater } from './machine-parts';

/** What a news item's page holds: the article, or why it is not there. */
export interface NewsArticleContext {
  readonly query: ArticleQuery;
  readonly article: NewsArticle | null;
  readonly error: HttpFailure | null;
}

/** The visitor's retry, and the answers of the article call. */
export type NewsArticleMachineEvent = { readonly type: 'RETRY' } | NewsArticleEvent;

/** A news item's page (`/actualites/{slug}/`): its full text, a page that says it does not exist, or a retry. */
export const newsArticleMachine = setup({
  types: { context: {} as NewsArticleContext, events: {} as NewsArticleMachineEvent, input: {} as ArticleQuery },
  actors: {
    loadArticle: providedLater<NewsArticleEvent, ArticleQuery>('news article', 'loadArticle'),
  },
  actions: {
    storeArticle: assign({
      article: ({ event }) => {
        assertEvent(event, 'ARTICLE_LOADED');
        return event.article;
      },
      error: null,
    }),
    storeError: assign({
      error: ({ event }) => {
        assertEvent(event, 'ARTICLE_FAILED');
        return event.error;
      },
    }),
  },
}).createMachine({
  id: 'newsArticle',
  context: ({ input }) => ({ query: input, article: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: { src: 'loadArticle', input: ({ context }) => context.query },
      initial: 'trying',
      states: {
        trying: { on: { ARTICLE_RETRYING: 'retrying' } },
        // A slow or failing call is being tried again: the visitor is told the page is still trying.
        retrying: {},
      },
      on: {
        ARTICLE_LOADED: { target: 'ready', actions: 'storeArticle' },
        ARTICLE_MISSING: 'missing',
        ARTICLE_FAILED: { target: 'failed', actions: 'storeError' },
      },
    },
    ready: {},
    missing: {},
    failed: { on: { RETRY: 'loading' } },
  },
});

/** A snapshot of the news article machine. */
export type NewsArticleSnapshot = SnapshotFrom<typeof newsArticleMachine>;

/** What the article page shows. */
export type NewsArticleStatus = 'loading' | 'ready' | 'missing' | 'failed';

const ARTICLE_STATUSES = ['loading', 'ready', 'missing', 'failed'] as const satisfies readonly NewsArticleStatus[];

/** The state of the article page. */
export const selectArticleStatus = (snapshot: NewsArticleSnapshot): NewsArticleStatus => ARTICLE_STATUSES.find((status) => snapshot.matches(status)) ?? 'loading';

/** Whether the article is being asked for again after a time-out or a server error ("still trying"). */
export const selectArticleRetrying = (snapshot: NewsArticleSnapshot): boolean => snapshot.matches({ loading: 'retrying' });

/** The article, once loaded. */
export const selectArticle = (snapshot: NewsArticleSnapshot): NewsArticle | null => snapshot.context.article;
