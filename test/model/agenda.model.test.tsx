import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Subject } from 'rxjs';
import { createActor, fromEventObservable, type SnapshotFrom } from 'xstate';
import { agendaFiltersToSearch } from '../../src/domain/agenda-filters';
import { agendaEvents } from '../../src/domain/agenda-grouping';
import {
  agendaMachine,
  filtersOf,
  selectCategoryToggles,
  selectAgendaCount,
  selectEmptyRange,
  selectHasMore,
  selectHasPast,
  selectItemTitle,
  selectPageEvent,
  type AgendaMachineEvent,
} from '../../src/machines/agenda-machine';
import type {
  AgendaCategoriesEvent,
  AgendaEventQuery,
  AgendaEventsEvent,
  AgendaPermalinkEvent,
  AgendaQuery,
  MoreAgendaEvent,
  PastAgendaEvent,
} from '../../src/services/agenda-service';
import { historyActor, writeSearch } from '../../src/services/history-service';
import { AgendaView } from '../../src/views/agenda/agenda-view';
import { LIST_TITLE_ATTRIBUTE } from '../../src/views/shared/document-title';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { AGENDA_CATEGORIES, AGENDA_PAGE_SIZE, AGENDA_TODAY, LATER_EVENT } from '../support/agenda-fixtures';
import { AGENDA_MODEL_INPUT, agendaModel, countSentence } from './agenda-model';

const LIST_TITLE = 'Agenda – Canton de Valmont';
import { describeModelWalk } from './model-walk';

type Snapshot = SnapshotFrom<typeof agendaMachine>;

// The agenda's paths are the longest of the walks (a dozen steps, each rendered and checked): on a busy machine one takes several seconds.
jest.setTimeout(20_000);

/** A fake service: each call's input, and the subject its answer comes through. */
const calls = <I, E>() => {
  const made: { input: I; answer: Subject<E> }[] = [];
  const actor = fromEventObservable<E & { type: string }, I>(({ input }) => {
    const answer = new Subject<E & { type: string }>();
    made.push({ input, answer: answer as unknown as Subject<E> });
    return answer;
  });
  return { made, actor };
};

/** The real machine with fake services whose answers the path gives, and the real history. */
const harness = () => {
  const lists = calls<AgendaQuery, AgendaEventsEvent>();
  const more = calls<string, MoreAgendaEvent>();
  const past = calls<string, PastAgendaEvent>();
  const single = calls<AgendaEventQuery, AgendaPermalinkEvent>();
  const categories = calls<void, AgendaCategoriesEvent>();
  const machine = agendaMachine.provide({
    actors: {
      loadAgenda: lists.actor,
      loadMore: more.actor,
      loadPast: past.actor,
      loadEvent: single.actor,
      loadCategories: categories.actor,
      watchHistory: historyActor('RESTORE_FILTERS'),
    },
    actions: { writeHistory: ({ context }, params) => writeSearch(params.mode, agendaFiltersToSearch(filtersOf(context))) },
  });
  const actor = createActor(machine, { input: AGENDA_MODEL_INPUT });
  // The title a server writes on an event's page: the event's name, then the list's title it keeps for when nothing is open.
  document.head.querySelector('title')?.remove();
  const title = document.createElement('title');
  title.setAttribute(LIST_TITLE_ATTRIBUTE, LIST_TITLE);
  title.textContent = `${LATER_EVENT.title} – ${LIST_TITLE}`;
  document.head.append(title);
  const container = document.createElement('div');
  container.setAttribute('lang', 'fr');
  document.body.append(container);
  actor.start();
  render(
    <WidgetRoot container={container}>
      <AgendaView actor={actor} />
    </WidgetRoot>,
    { container },
  );
  // The filters' disclosure opened, as a visitor on a narrow screen opens it to reach them (a wide screen shows them open).
  fireEvent.click(screen.getByText('Filtres', { selector: 'summary' }));
  return { actor, lists: lists.made, more: more.made, past: past.made, single: single.made, categories: categories.made };
};

type Harness = ReturnType<typeof harness>;

const titleBox = () => screen.getByRole('searchbox', { name: 'Rechercher un titre' });
const monthSelect = () => screen.getByRole('combobox', { name: 'Mois' });
const results = () => screen.getByRole('region', { name: 'Événements' });
const toggle = (id: string) => {
  const title = AGENDA_CATEGORIES.find((category) => category.id === id)?.title ?? id;
  return within(screen.getByRole('group', { name: 'Catégories' })).getByRole('button', { name: title });
};
const rangeToggle = (name: string) => within(screen.getByRole('group', { name: 'Période' })).getByRole('button', { name });

/** Makes the event happen as a visitor or a service would. */
const perform = (h: Harness, event: AgendaMachineEvent): void => {
  switch (event.type) {
    case 'TITLE_CHANGED':
      fireEvent.change(titleBox(), { target: { value: event.title } });
      return;
    case 'SEARCH':
      fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
      return;
    case 'SELECT_MONTH':
      fireEvent.change(monthSelect(), { target: { value: event.month === null ? '' : String(event.month) } });
      return;
    case 'SELECT_RANGE':
      fireEvent.click(rangeToggle('Cette semaine'));
      return;
    case 'ADD_CATEGORY':
    case 'REMOVE_CATEGORY':
      fireEvent.click(toggle(event.id));
      return;
    case 'SET_CATEGORIES':
      fireEvent.click(screen.getByRole('button', { name: 'Toutes les catégories' }));
      return;
    case 'RESET':
      fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser les filtres' }));
      return;
    case 'RESTORE_FILTERS':
      window.history.pushState(null, '', `/agenda/${event.search}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
      return;
    case 'RETRY':
      fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
      return;
    case 'LOAD_MORE':
      fireEvent.click(screen.getByRole('link', { name: 'Afficher plus' }));
      return;
    case 'LOAD_PAST':
      fireEvent.click(screen.getByRole('link', { name: 'Événements passés' }));
      return;
    case 'AGENDA_LOADED':
    case 'AGENDA_FAILED':
    case 'AGENDA_RETRYING':
      h.lists.at(-1)!.answer.next(event);
      return;
    case 'MORE_LOADED':
    case 'MORE_FAILED':
      h.more.at(-1)!.answer.next(event);
      return;
    case 'PAST_LOADED':
    case 'PAST_FAILED':
      h.past.at(-1)!.answer.next(event);
      return;
    case 'EVENT_FOUND':
    case 'EVENT_MISSING':
      h.single.at(-1)!.answer.next(event);
      return;
    case 'CATEGORIES_LOADED':
    case 'CATEGORIES_FAILED':
      h.categories.at(-1)!.answer.next(event);
      return;
    // The title's link opens the details in place; their summary closes them.
    case 'OPEN_DETAILS':
      fireEvent.click(within(results()).getByRole('link', { name: event.title }));
      return;
    case 'CLOSE_DETAILS': {
      const article = within(results())
        .getAllByRole('article')
        .find((item) => item.dataset.eventId === event.id);
      fireEvent.click(article!.querySelector('summary')!);
      return;
    }
  }
};

/** What the visitor must see in a state of the model, and what the services were asked. */
const expectScreen = async (h: Harness, expected: Snapshot, listCalls: number): Promise<void> => {
  expect(h.actor.getSnapshot().value).toEqual(expected.value);
  const context = expected.context;
  const shown = agendaEvents(context.agenda);
  expect(titleBox()).toHaveValue(context.title ?? '');
  expect(monthSelect()).toHaveValue(context.month === null ? '' : String(context.month));
  for (const category of selectCategoryToggles(expected)) {
    expect(toggle(category.id)).toHaveAttribute('aria-pressed', String(context.currentCategories.includes(category.id)));
  }
  for (const [name, range] of [
    ["Aujourd'hui", 'aujourdhui'],
    ['Cette semaine', 'semaine'],
  ] as const) {
    expect(rangeToggle(name)).toHaveAttribute('aria-pressed', String(context.range === range));
  }
  const status = within(results()).getByRole('status');
  const articles = within(results()).queryAllByRole('article');
  // A first page is asked for with the filters in force (without an empty range), from today, a page at a time.
  if (h.lists.length > listCalls) {
    expect(expected.matches({ events: 'loading' }) || expected.matches({ events: 'nextEvents' })).toBe(true);
    expect(h.lists.at(-1)!.input).toEqual({
      agendaId: '1',
      filters: { ...filtersOf(context), range: context.rangeEmpty ? null : context.range },
      page: { period: 'upcoming', today: AGENDA_TODAY, pageSize: AGENDA_PAGE_SIZE },
    });
  }
  if (expected.matches({ events: { ready: 'loadingMore' } })) expect(h.more.at(-1)!.input).toBe(context.next);
  if (expected.matches({ events: { ready: 'loadingPast' } })) expect(h.past.at(-1)!.input).toBe(context.pastNext);
  if (expected.matches({ permalink: 'loading' })) expect(h.single.at(-1)!.input).toEqual({ agendaId: '1', eventId: AGENDA_MODEL_INPUT.openEvent });
  // A slow list tried again says so in the count's polite status.
  if (expected.matches({ events: { loading: 'retrying' } })) expect(status).toHaveTextContent('Connexion lente ou serveur occupé : nouvel essai en cours…');
  else if (expected.matches({ events: 'loading' }) && shown.length === 0) expect(status).toHaveTextContent("Chargement de l'agenda…");
  if (expected.matches({ events: 'ready' }) || (expected.matches({ events: 'loading' }) && shown.length > 0)) {
    expect(articles.map((article) => within(article).getByRole('heading').textContent)).toEqual(shown.map((e) => e.title));
    expect(
      within(results())
        .queryAllByRole('heading', { level: 2 })
        .map((h2) => h2.textContent)
        .filter((text) => /^\d{4}$/.test(text)),
    ).toEqual(context.agenda.map((year) => String(year.year)));
  }
  if (expected.matches({ events: 'ready' })) {
    const { total, shown: fewer } = selectAgendaCount(expected);
    expect(total).toBeGreaterThanOrEqual(shown.length);
    expect(status).toHaveTextContent(countSentence(total, fewer, context.added?.count ?? null));
    if (shown.length > 0) expect(screen.getByRole('link', { name: 'Exporter ces événements' })).toHaveAttribute('download', 'agenda.ics');
    const added = context.added;
    if (added !== null) {
      expect(status).toHaveTextContent(added.count === 0 ? 'aucun nouveau' : `dont ${added.count} nouveau`);
      // Focus lands on the first new event, where reading goes on.
      // (Details opened since then hold it: see below.)
      if (added.first !== '' && context.detailsOpen === null)
        expect(document.activeElement).toBe(within(articles.find((article) => article.dataset.eventId === added.first)!).getByRole('heading'));
    }
  }
  // "Afficher plus" under the list and "Événements passés" above it, only while there is more.
  expect(within(results()).queryByRole('link', { name: 'Afficher plus' }) !== null).toBe(selectHasMore(expected));
  expect(within(results()).queryByRole('link', { name: 'Événements passés' }) !== null).toBe(selectHasPast(expected));
  const emptyRange = selectEmptyRange(expected);
  if (emptyRange !== null) {
    expect(within(results()).getByText('Aucun événement cette semaine.')).toBeVisible();
    if (shown.length > 0) expect(within(results()).getByRole('heading', { level: 2, name: 'Prochains événements' })).toBeVisible();
  } else {
    expect(within(results()).queryByText('Aucun événement cette semaine.')).toBeNull();
    expect(within(results()).queryByRole('heading', { name: 'Prochains événements' })).toBeNull();
  }
  if (expected.matches({ events: 'empty' })) {
    expect(articles).toHaveLength(0);
    expect(screen.getByText('Aucun événement pour ces filtres')).toBeVisible();
  } else {
    expect(screen.queryByText('Aucun événement pour ces filtres')).toBeNull();
  }
  // The page's event stands above the filters (the page's heading is its title), from the list or loaded on its own.
  const pageEvent = selectPageEvent(expected);
  if (pageEvent !== null) {
    expect(document.querySelector<HTMLElement>('.agenda-permalink [data-event-id]')?.dataset.eventId).toBe(pageEvent.id);
    expect(document.querySelector('.agenda-permalink')?.compareDocumentPosition(screen.getByRole('search'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  } else {
    expect(document.querySelector('.agenda-permalink')).toBeNull();
  }
  if (expected.context.detailsOpen !== null) {
    const open = within(results())
      .getAllByRole('article')
      .find((article) => article.dataset.eventId === expected.context.detailsOpen?.id);
    expect(open?.querySelector('details')).toHaveProperty('open', true);
    // Reading goes on in the details the title's link opened.
    expect(document.activeElement).toBe(open?.querySelector('summary'));
  }
  // The document's title leads with the event open, else the page's event; the list's title with neither.
  // Details tell their toggle a moment after they open or close, as in a browser: the title follows then.
  const item = selectItemTitle(expected);
  if (item !== undefined) await waitFor(() => expect(document.title).toBe(item === null ? LIST_TITLE : `${item} – ${LIST_TITLE}`));
  const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent);
  const expectedAlerts = [
    ...(expected.matches({ events: 'failed' })
      ? ["L'agenda n'a pas pu être chargé."]
      : expected.matches({ categories: 'failed' })
        ? ["La liste des catégories n'a pas pu être chargée."]
        : []),
    ...(expected.matches({ events: { ready: 'pastFailed' } }) ? ["Les événements passés n'ont pas pu être chargés."] : []),
    ...(expected.matches({ events: { ready: 'moreFailed' } }) ? ["Les événements suivants n'ont pas pu être chargés."] : []),
  ];
  expect(alerts.map((text, index) => text.startsWith(expectedAlerts[index] ?? '\u0000'))).toEqual(expectedAlerts.map(() => true));
  if (expected.matches({ events: 'failed' })) expect(articles).toHaveLength(0);
};

describeModelWalk('the agenda, walked through its statechart', {
  model: agendaModel,
  address: '/agenda/',
  open: harness,
  close: (h) => h.actor.stop(),
  perform,
  measure: (h) => h.lists.length,
  expectStep: (h, { after, measured }) => expectScreen(h, after as Snapshot, measured ?? 0),
});
