import { fireEvent, render, screen, within } from '@testing-library/react';
import { Subject } from 'rxjs';
import { createActor, fromEventObservable, type SnapshotFrom } from 'xstate';
import { selectionFromSearch, selectionToSearch, type CategorySelection } from '../../src/domain/news-list';
import { newsMachine, type NewsMachineEvent } from '../../src/machines/news-machine';
import { historyActor, writeSearch } from '../../src/services/history-service';
import type { MoreNewsEvent, NewsCategoriesEvent, NewsEvent } from '../../src/services/news-service';
import { NewsView } from '../../src/views/news/news-view';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { NEWS_CATEGORIES, NEXT_PAGE } from '../support/news-fixtures';
import { describeModelWalk } from './model-walk';
import { newsModel } from './news-model';

type Snapshot = SnapshotFrom<typeof newsMachine>;

const FRENCH_DATES: Readonly<Record<string, string>> = {
  '2026-06-24': '24 juin 2026',
  '2026-06-20': '20 juin 2026',
  '2026-05-02': '2 mai 2026',
  '2026-04-30': '30 avril 2026',
  '2026-04-12': '12 avril 2026',
};

/** The real machine with fake services whose answers the test gives, and the real history. */
const harness = () => {
  const newsRequests: { selection: CategorySelection; answer: Subject<NewsEvent> }[] = [];
  const moreRequests: { path: string; answer: Subject<MoreNewsEvent> }[] = [];
  const categoryRequests: Subject<NewsCategoriesEvent>[] = [];
  const machine = newsMachine.provide({
    actors: {
      loadNews: fromEventObservable<NewsEvent, CategorySelection>(({ input }) => {
        const answer = new Subject<NewsEvent>();
        newsRequests.push({ selection: input, answer });
        return answer;
      }),
      loadMore: fromEventObservable<MoreNewsEvent, string>(({ input }) => {
        const answer = new Subject<MoreNewsEvent>();
        moreRequests.push({ path: input, answer });
        return answer;
      }),
      loadCategories: fromEventObservable<NewsCategoriesEvent, void>(() => {
        const answer = new Subject<NewsCategoriesEvent>();
        categoryRequests.push(answer);
        return answer;
      }),
      watchHistory: historyActor('RESTORE_SELECTION'),
    },
    actions: { writeHistory: ({ context }, params) => writeSearch(params.mode, selectionToSearch(context.selected)) },
  });
  const actor = createActor(machine, { input: newsModel.input as { pageSize: number } });
  const container = document.createElement('div');
  container.setAttribute('lang', 'fr');
  document.body.append(container);
  actor.start();
  render(
    <WidgetRoot container={container}>
      <NewsView actor={actor} />
    </WidgetRoot>,
    { container },
  );
  return { actor, newsRequests, moreRequests, categoryRequests };
};

type Harness = ReturnType<typeof harness>;

const titleOf = (id: string): string => NEWS_CATEGORIES.find((category) => category.id === id)?.title ?? `Catégorie ${id}`;
const filters = () => screen.getByRole('group', { name: 'Filtrer par catégorie' });
const resetButton = () => screen.getByRole('button', { name: 'Tout afficher' });

/** Makes the event happen as a visitor or a service would. */
const perform = (h: Harness, event: NewsMachineEvent): void => {
  switch (event.type) {
    case 'ADD_CATEGORY':
      fireEvent.click(within(filters()).getByRole('button', { name: titleOf(event.id), pressed: false }));
      return;
    case 'REMOVE_CATEGORY':
      // Before the category list, a filter from the address is named by its id.
      fireEvent.click(
        screen.getByRole('button', {
          name: `Retirer le filtre ${h.actor.getSnapshot().context.categories.length > 0 ? titleOf(event.id) : `Catégorie ${event.id}`}`,
        }),
      );
      return;
    case 'REPLACE_CATEGORIES':
      fireEvent.click(resetButton());
      return;
    case 'RESTORE_SELECTION':
      window.history.pushState(null, '', `/actualites/${event.search}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
      return;
    case 'RETRY':
      fireEvent.click(screen.getAllByRole('button', { name: 'Réessayer' })[0]!);
      return;
    case 'LOAD_MORE':
      fireEvent.click(screen.getByRole('link', { name: 'Afficher plus' }));
      return;
    case 'NEWS_LOADED':
    case 'NEWS_FAILED':
    case 'NEWS_RETRYING':
      h.newsRequests.at(-1)!.answer.next(event);
      return;
    case 'MORE_NEWS_LOADED':
    case 'MORE_NEWS_FAILED':
      h.moreRequests.at(-1)!.answer.next(event);
      return;
    case 'CATEGORIES_LOADED':
    case 'CATEGORIES_FAILED':
      h.categoryRequests.at(-1)!.next(event);
      return;
  }
};

const STARTS_REQUEST: ReadonlySet<string> = new Set(['ADD_CATEGORY', 'REMOVE_CATEGORY', 'REPLACE_CATEGORIES', 'RESTORE_SELECTION', 'RETRY', 'MORE_NEWS_FAILED']);

/** What the visitor must see in a state of the model. */
const expectScreen = (h: Harness, expected: Snapshot, event: NewsMachineEvent | null): void => {
  expect(h.actor.getSnapshot().value).toEqual(expected.value);
  const { selected, next, shown, appendedFrom } = expected.context;
  // Only the items shown, however many are held.
  const items = expected.context.items.slice(0, shown);
  const articles = screen.queryAllByRole('article');
  const status = screen.getByRole('status');

  // The filters: a toggle a category, pressed when selected; a remove button a selected one; the reset.
  if (expected.matches({ categories: 'ready' })) {
    const toggles = within(filters())
      .getAllByRole('button')
      .filter((button) => button.hasAttribute('aria-pressed'));
    expect(toggles.map((button) => [button.textContent.replace('✓', ''), button.getAttribute('aria-pressed')])).toEqual(
      NEWS_CATEGORIES.map((category) => [category.title, String(selected.includes(category.id))]),
    );
  } else {
    expect(within(filters()).queryAllByRole('button', { pressed: false })).toHaveLength(0);
  }
  // The key holds the selection as a set (its order is the path's): compare as sets.
  expect(
    screen
      .queryAllByRole('button', { name: /^Retirer le filtre / })
      .map((button) => button.getAttribute('aria-label'))
      .sort(),
  ).toEqual(selected.map((id) => `Retirer le filtre ${expected.context.categories.length > 0 ? titleOf(id) : `Catégorie ${id}`}`).sort());
  expect(resetButton()).toHaveAttribute('aria-disabled', String(selected.length === 0));
  // The selection lives in the address.
  expect([...selectionFromSearch(window.location.search)].sort()).toEqual([...selected].sort());
  expect(window.location.search).toBe(selectionToSearch(h.actor.getSnapshot().context.selected));

  if (expected.matches({ list: 'loading' })) {
    // A request that this step started asks for exactly the selection on screen.
    if (event === null || STARTS_REQUEST.has(event.type)) expect([...h.newsRequests.at(-1)!.selection].sort()).toEqual([...selected].sort());
    // A slow list tried again says so in the count's polite status.
    if (expected.matches({ list: { loading: 'retrying' } })) expect(status).toHaveTextContent('Connexion lente ou serveur occupé : nouvel essai en cours…');
    else if (items.length === 0) expect(status).toHaveTextContent('Chargement des actualités…');
    expect(articles).toHaveLength(items.length);
  }
  if (expected.matches({ list: 'ready' })) {
    expect(articles.map((article) => within(article).getByRole('heading', { level: 3 }).textContent)).toEqual(items.map((item) => item.title));
    for (const [index, article] of articles.entries()) {
      const item = items[index]!;
      expect(article).toHaveAccessibleName(item.title!);
      expect(within(article).getByRole('link', { name: item.title! })).toHaveAttribute('href', item.link);
      const time = article.querySelector('time')!;
      expect(time).toHaveAttribute('datetime', item.date);
      expect(time).toHaveTextContent(FRENCH_DATES[item.date!]!);
      expect(article.querySelector('img')).toHaveAttribute('alt', item.image_alt ?? '');
      expect(
        within(within(article).getByRole('list', { name: 'Catégories' }))
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(item.categories!.map((category) => category.title));
    }
    expect(new Set(articles.map((article) => article.getAttribute('data-news-id'))).size).toBe(articles.length);
    const total = Math.max(items.length, expected.context.total);
    // The count says the total the API reports, then how many are shown when fewer are.
    expect(status).toHaveTextContent(total > items.length ? `${total} actualités, ${items.length} affichées` : `${items.length} actualités`);
  }
  const more = screen.queryByRole('link', { name: 'Afficher plus' });
  expect(more !== null).toBe(expected.matches({ list: 'ready' }) && (next !== null || expected.context.items.length > shown));
  if (expected.matches({ list: { ready: 'loadingMore' } })) {
    expect(more).toHaveAttribute('aria-busy', 'true');
    expect(h.moreRequests.at(-1)!.path).toBe(NEXT_PAGE);
  }
  const live = document.querySelector('[aria-live="polite"]');
  if ((event?.type === 'MORE_NEWS_LOADED' || event?.type === 'LOAD_MORE') && expected.matches({ list: { ready: 'idle' } })) {
    // Focus goes to the first item just added, and a polite region says how many came.
    expect(document.activeElement).toBe(within(articles[appendedFrom!]!).getByRole('link'));
    const added = shown - appendedFrom!;
    expect(live).toHaveTextContent(added === 1 ? '1 actualité ajoutée' : `${added} actualités ajoutées`);
  } else if (appendedFrom === null) {
    expect(live).toHaveTextContent('');
  }
  if (expected.matches({ list: 'empty' })) {
    expect(articles).toHaveLength(0);
    expect(screen.getByText(selected.length > 0 ? 'Aucune actualité ne correspond à ces catégories.' : 'Aucune actualité pour le moment.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Afficher toutes les actualités' }) !== null).toBe(selected.length > 0);
  } else {
    expect(screen.queryByText(/^Aucune actualité/)).toBeNull();
  }
  const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent);
  const expectedAlerts = [
    ...(expected.matches({ categories: 'failed' }) ? ["Les catégories n'ont pas pu être chargées.Réessayer"] : []),
    ...(expected.matches({ list: 'failed' }) ? ["Les actualités n'ont pas pu être chargées.Réessayer"] : []),
    ...(expected.matches({ list: { ready: 'moreFailed' } }) ? ["Les actualités suivantes n'ont pas pu être chargées. Réessayez avec « Afficher plus »."] : []),
  ];
  expect(alerts).toEqual(expectedAlerts);
  if (expected.matches({ list: 'failed' })) {
    expect(articles).toHaveLength(0);
    expect(status).toHaveTextContent('');
  }
};

describeModelWalk('the news list, walked through its statechart', {
  model: newsModel,
  address: '/actualites/',
  open: harness,
  close: (h) => h.actor.stop(),
  perform,
  measure: (h) => ({ more: h.moreRequests.length, categories: h.categoryRequests.length }),
  expectStep: (h, { event, before, after, measured }) => {
    expectScreen(h, after as Snapshot, event);
    // The categories are asked for once, and again only by a retry after they failed: never by a change of selection.
    if (event === null || measured === null) {
      expect(h.categoryRequests).toHaveLength(1);
      return;
    }
    // "Afficher plus" over items already held reveals them without a request.
    if (event.type === 'LOAD_MORE' && after.matches({ list: { ready: 'idle' } })) expect(h.moreRequests).toHaveLength(measured.more);
    const retried = event.type === 'RETRY' && before!.matches({ categories: 'failed' });
    expect(h.categoryRequests).toHaveLength(measured.categories + (retried ? 1 : 0));
  },
});
