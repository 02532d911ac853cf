import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Subject } from 'rxjs';
import { createActor, fromEventObservable, type SnapshotFrom } from 'xstate';
import { agendaFiltersToSearch } from '../../src/domain/agenda-filters';
import { agendaEvents } from '../../src/domain/agenda-grouping';
import { agendaMachine, filtersOf, selectCategoryToggles, type AgendaMachineEvent } from '../../src/machines/agenda-machine';
import type { AgendaCategoriesEvent, AgendaEventsEvent, AgendaQuery } from '../../src/services/agenda-service';
import { historyActor, writeSearch } from '../../src/services/history-service';
import { AgendaView } from '../../src/views/agenda/agenda-view';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { AGENDA_CATEGORIES } from '../support/agenda-fixtures';
import { agendaModel } from './agenda-model';
import { unwalked, type ModelPath } from './coverage';
import { pathsOf } from './machine-model';

type Snapshot = SnapshotFrom<typeof agendaMachine>;

const model = agendaModel.model;
const paths = pathsOf(agendaModel);

/** The real machine with fake services whose answers the path gives, and the real history. */
const harness = () => {
  const requests: { query: AgendaQuery; answer: Subject<AgendaEventsEvent> }[] = [];
  const categoryRequests: Subject<AgendaCategoriesEvent>[] = [];
  const machine = agendaMachine.provide({
    actors: {
      loadAgenda: fromEventObservable<AgendaEventsEvent, AgendaQuery>(({ input }) => {
        const answer = new Subject<AgendaEventsEvent>();
        requests.push({ query: input, answer });
        return answer;
      }),
      loadCategories: fromEventObservable<AgendaCategoriesEvent, void>(() => {
        const answer = new Subject<AgendaCategoriesEvent>();
        categoryRequests.push(answer);
        return answer;
      }),
      watchHistory: historyActor('RESTORE_FILTERS'),
    },
    actions: { writeHistory: ({ context }, params) => writeSearch(params.mode, agendaFiltersToSearch(filtersOf(context))) },
  });
  const actor = createActor(machine, { input: { agendaId: '1' } });
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
  return { actor, requests, categoryRequests };
};

type Harness = ReturnType<typeof harness>;

const titleBox = () => screen.getByRole('searchbox', { name: 'Rechercher un titre' });
const monthSelect = () => screen.getByRole('combobox', { name: 'Mois' });
const toggle = (id: string) => {
  const title = AGENDA_CATEGORIES.find((category) => category.id === id)?.title ?? id;
  return within(screen.getByRole('group', { name: 'Catégories' })).getByRole('button', { name: title });
};

/** Makes the event happen as a visitor or a service would. */
const perform = (h: Harness, event: AgendaMachineEvent): void => {
  switch (event.type) {
    case 'TYPE_TITLE':
      fireEvent.change(titleBox(), { target: { value: event.title } });
      return;
    case 'SEARCH':
      fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
      return;
    case 'SELECT_MONTH':
      fireEvent.change(monthSelect(), { target: { value: event.month === null ? '' : String(event.month) } });
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
    case 'AGENDA_LOADED':
    case 'AGENDA_FAILED':
      h.requests.at(-1)!.answer.next(event);
      return;
    case 'CATEGORIES_LOADED':
    case 'CATEGORIES_FAILED':
      h.categoryRequests.at(-1)!.next(event);
      return;
  }
};

const STARTS_REQUEST: ReadonlySet<string> = new Set(['SET_CATEGORIES', 'SEARCH', 'SELECT_MONTH', 'ADD_CATEGORY', 'REMOVE_CATEGORY', 'RESET', 'RESTORE_FILTERS', 'RETRY']);

/** What the visitor must see in a state of the model. */
const expectScreen = (h: Harness, expected: Snapshot, event: AgendaMachineEvent | null): void => {
  expect(h.actor.getSnapshot().value).toEqual(expected.value);
  const context = expected.context;
  const shown = agendaEvents(context.agenda);
  expect(titleBox()).toHaveValue(context.title ?? '');
  expect(monthSelect()).toHaveValue(context.month === null ? '' : String(context.month));
  for (const category of selectCategoryToggles(expected)) {
    expect(toggle(category.id)).toHaveAttribute('aria-pressed', String(context.currentCategories.includes(category.id)));
  }
  const status = screen.getByRole('status');
  const articles = screen.queryAllByRole('article');
  if (expected.matches({ events: 'loading' })) {
    if (event === null || STARTS_REQUEST.has(event.type)) {
      expect(h.requests.at(-1)!.query).toEqual({ agendaId: '1', filters: filtersOf(context) });
    }
    if (shown.length === 0) expect(status).toHaveTextContent("Chargement de l'agenda…");
  }
  if (expected.matches({ events: 'ready' }) || (expected.matches({ events: 'loading' }) && shown.length > 0)) {
    expect(articles.map((article) => within(article).getByRole('heading').textContent)).toEqual(shown.map((e) => e.title));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h2) => h2.textContent).filter((text) => /^\d{4}$/.test(text ?? ''))).toEqual(
      context.agenda.map((year) => String(year.year)),
    );
  }
  if (expected.matches({ events: 'ready' })) {
    expect(status).toHaveTextContent(`${shown.length} événement`);
    expect(screen.getByRole('link', { name: 'Exporter ces événements' })).toHaveAttribute('download', 'agenda.ics');
  }
  if (expected.matches({ events: 'empty' })) {
    expect(articles).toHaveLength(0);
    expect(screen.getByText('Aucun événement pour ces filtres')).toBeVisible();
  } else {
    expect(screen.queryByText('Aucun événement pour ces filtres')).toBeNull();
  }
  const alert = screen.queryByRole('alert');
  if (expected.matches({ events: 'failed' })) {
    expect(articles).toHaveLength(0);
    expect(alert).toHaveTextContent("L'agenda n'a pas pu être chargé.");
  } else if (expected.matches({ categories: 'failed' })) {
    expect(alert).toHaveTextContent("La liste des catégories n'a pas pu être chargée.");
  } else {
    expect(alert).toBeNull();
  }
};

const walk = (path: ModelPath<AgendaMachineEvent>): void => {
  window.history.replaceState(null, '', '/agenda/');
  const h = harness();
  try {
    expectScreen(h, path.steps[0]!.snapshot as Snapshot, null);
    for (const step of path.steps.slice(1)) {
      act(() => perform(h, step.event));
      expectScreen(h, step.snapshot as Snapshot, step.event);
    }
  } finally {
    h.actor.stop();
    cleanup();
  }
};

describe('the agenda, walked through its statechart', () => {
  it('walks every state and every transition of the machine', () => {
    expect(unwalked(model, paths)).toEqual({ states: [], transitions: [] });
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', (_description, path) => walk(path));
});
