import type { SnapshotFrom } from 'xstate';
import type { NewsArticle } from '../../src/domain/news';
import { newsArticleMachine, selectArticle, selectArticleRetrying, type NewsArticleMachineEvent } from '../../src/machines/news-article-machine';
import { NEWS_FAILURE } from '../support/news-fixtures';
import { describeRetry, type MachineModel } from './machine-model';
import type { Seen } from './visible';
import { withoutInvocations } from './without-invocations';

type Snapshot = SnapshotFrom<typeof newsArticleMachine>;

const say = (language: 'fr' | 'en', fr: string, en: string): string => (language === 'fr' ? fr : en);

const LEAD = 'Le Grand Conseil a adopté le budget 2027.';

/** The article the fake server answers with: a title, a date, a lead, categories and a body. */
export const ARTICLE: NewsArticle = {
  id: '7',
  slug: 'budget-2027-adopte',
  title: 'Budget 2027 adopté',
  date: '2026-11-20',
  lead: LEAD,
  categories: [{ id: '1', title: 'Finances' }],
  body: '<p>Le Grand Conseil a siégé <strong>trois jours</strong>.</p><script>alert(1)</script>',
};

// The article's day as the page writes it in French, written out so the model needs no formatter.
const ARTICLE_DAY = '20 novembre 2026';

/** The news article machine as the model-based tests and `npm run paths` walk it. */
export const newsArticleModel: MachineModel<NewsArticleMachineEvent> = {
  name: 'news-article',
  model: withoutInvocations(newsArticleMachine),
  input: { scope: 'actualites', slug: ARTICLE.slug },
  events: (state) => {
    const snapshot = state as Snapshot;
    if (snapshot.matches('loading')) {
      return [
        { type: 'ARTICLE_LOADED', article: ARTICLE },
        { type: 'ARTICLE_MISSING' },
        { type: 'ARTICLE_FAILED', error: NEWS_FAILURE },
        ...(snapshot.matches({ loading: 'trying' }) ? [{ type: 'ARTICLE_RETRYING', attempt: 1, of: 2 } as const] : []),
      ];
    }
    return snapshot.matches('failed') ? [{ type: 'RETRY' }] : [];
  },
  key: (state) => JSON.stringify((state as Snapshot).value),
  words: { missing: ['introuvable', 'missing'] },
  describeEvent: (event, language) => {
    switch (event.type) {
      case 'ARTICLE_LOADED':
        return say(
          language,
          `Le serveur répond avec l’article « ${event.article.title ?? ''} »`,
          `The server answers with the article “${event.article.title ?? ''}”`,
        );
      case 'ARTICLE_MISSING':
        return say(language, 'Le serveur répond que l’article n’existe pas (404)', 'The server answers that the article does not exist (404)');
      case 'ARTICLE_RETRYING':
        return describeRetry(event, language);
      case 'ARTICLE_FAILED':
        return say(language, 'L’appel de l’article échoue', 'The article call fails');
      case 'RETRY':
        return say(language, 'Cliquer sur « Réessayer »', 'Click “Try again”');
    }
  },
  visible: (state) => {
    const snapshot = state as Snapshot;
    const shown = selectArticle(snapshot) !== null;
    const loading: Seen[] = snapshot.matches('loading')
      ? [{ kind: 'status', text: selectArticleRetrying(snapshot) ? 'Connexion lente ou serveur occupé : nouvel essai en cours…' : 'Chargement de l’article…' }]
      : [];
    return [
      ...loading,
      snapshot.matches('failed') ? { kind: 'alert', message: 'L’article n’a pas pu être chargé.', button: 'Réessayer' } : { kind: 'no-alert' },
      { kind: 'text', text: 'Cet article n’existe pas, ou plus.', shown: snapshot.matches('missing') },
      { kind: 'text', text: ARTICLE_DAY, shown },
      { kind: 'text', text: LEAD, shown },
      { kind: 'link', name: 'Toutes les actualités', shown: true },
    ];
  },
};
