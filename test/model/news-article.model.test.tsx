import { fireEvent, render, screen } from '@testing-library/react';
import { Subject } from 'rxjs';
import { createActor, fromEventObservable, type SnapshotFrom } from 'xstate';
import { NEWS_MESSAGES } from '../../src/i18n/news-messages';
import { addMessages } from '../../src/i18n/intl';
import { newsArticleMachine, type NewsArticleMachineEvent } from '../../src/machines/news-article-machine';
import type { ArticleQuery, NewsArticleEvent } from '../../src/services/news-article-service';
import { NewsArticleView } from '../../src/views/news/news-article-view';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { describeModelWalk } from './model-walk';
import { newsArticleModel } from './news-article-model';

type Snapshot = SnapshotFrom<typeof newsArticleMachine>;

addMessages(NEWS_MESSAGES);

/** The article page with a fake article call whose answers the test gives. */
const harness = () => {
  const requests: { query: ArticleQuery; answer: Subject<NewsArticleEvent> }[] = [];
  const machine = newsArticleMachine.provide({
    actors: {
      loadArticle: fromEventObservable(({ input }: { input: ArticleQuery }) => {
        const answer = new Subject<NewsArticleEvent>();
        requests.push({ query: input, answer });
        return answer;
      }),
    },
  });
  const actor = createActor(machine, { input: newsArticleModel.input as ArticleQuery });
  const container = document.createElement('div');
  container.setAttribute('lang', 'fr');
  document.body.append(container);
  actor.start();
  render(
    <WidgetRoot container={container}>
      <NewsArticleView actor={actor} />
    </WidgetRoot>,
    { container },
  );
  return { actor, requests };
};

type Harness = ReturnType<typeof harness>;

const perform = (h: Harness, event: NewsArticleMachineEvent): void => {
  if (event.type === 'RETRY') fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
  else h.requests.at(-1)!.answer.next(event);
};

const expectScreen = (h: Harness, expected: Snapshot): void => {
  expect(h.requests.at(-1)!.query).toEqual({ scope: 'actualites', slug: 'budget-2027-adopte' });
  const loading = screen.queryByText('Chargement de l’article…');
  expect(loading !== null).toBe(expected.matches({ loading: 'trying' }));
  // A retry of a slow call says so in the same polite status.
  const retrying = screen.queryByText('Connexion lente ou serveur occupé : nouvel essai en cours…');
  expect(retrying !== null).toBe(expected.matches({ loading: 'retrying' }));
  if (retrying !== null) expect(retrying).toHaveAttribute('role', 'status');
  const missing = screen.queryByText('Cet article n’existe pas, ou plus.');
  expect(missing !== null).toBe(expected.matches('missing'));
  if (expected.matches('failed')) expect(screen.getByRole('alert')).toHaveTextContent('L’article n’a pas pu être chargé.');
  else expect(screen.queryByRole('alert')).toBeNull();
  const article = screen.queryByRole('article');
  if (expected.matches('ready')) {
    expect(article).toHaveTextContent('Le Grand Conseil a adopté le budget 2027.');
    expect(article).toHaveTextContent('20 novembre 2026');
    expect(article).toHaveTextContent('Le Grand Conseil a siégé trois jours.');
    // The body is sanitized: its script never reaches the page.
    expect(article?.querySelector('script')).toBeNull();
    expect(screen.getByRole('list', { name: 'Catégories' })).toHaveTextContent('Finances');
  } else {
    expect(article).toBeNull();
  }
  expect(screen.getByRole('link', { name: 'Toutes les actualités' })).toHaveAttribute('href', '/actualites/');
};

describeModelWalk('a news item’s page, walked through its statechart', {
  model: newsArticleModel,
  open: harness,
  close: (h) => h.actor.stop(),
  perform,
  expectStep: (h, { after }) => expectScreen(h, after as Snapshot),
});
