import { throwError } from 'rxjs';
import { assign, fromCallback, fromEventObservable, setup, type SnapshotFrom } from 'xstate';
import type { AgendaCategory, AgendaEvent } from '../domain/agenda';
import {
  NO_AGENDA_FILTERS,
  addCategory,
  agendaFiltersFromSearch,
  hasAgendaFilters,
  isSet,
  removeCategory,
  setCategories,
  type AgendaFilters,
} from '../domain/agenda-filters';
import { agendaEvents, dedupeById, groupByYearMonth, type GroupedAgenda } from '../domain/agenda-grouping';
import type { AgendaCategoriesEvent, AgendaEventsEvent, AgendaQuery } from '../services/agenda-service';
import type { HistoryMode } from '../services/history-service';
import type { HttpFailure } from '../services/http';
import { CATEGORY_LIST_REGION } from './category-list-region';

/** What the agenda holds (SPEC §3, "Agenda state"), plus the month and title filters. */
export interface AgendaContext {
  readonly agendaId: string;
  /** Events grouped by year, then month number. */
  readonly agenda: GroupedAgenda;
  /** All the categories available. */
  readonly categories: readonly AgendaCategory[];
  /** The ids of the selected categories. */
  readonly currentCategories: readonly string[];
  readonly month: number | null;
  readonly title: string | null;
  readonly error: HttpFailure | null;
}

/** Visitor intents (imperative) and service answers (past tense). */
export type AgendaMachineEvent =
  | { readonly type: 'SET_CATEGORIES'; readonly categories: readonly string[] }
  | { readonly type: 'ADD_CATEGORY'; readonly id: string }
  | { readonly type: 'REMOVE_CATEGORY'; readonly id: string }
  | { readonly type: 'SELECT_MONTH'; readonly month: number | null }
  | { readonly type: 'TYPE_TITLE'; readonly title: string }
  | { readonly type: 'SEARCH' }
  | { readonly type: 'RESET' }
  | { readonly type: 'RESTORE_FILTERS'; readonly search: string }
  | { readonly type: 'RETRY' }
  | AgendaEventsEvent
  | AgendaCategoriesEvent;

/** The filters in force. */
export const filtersOf = (context: AgendaContext): AgendaFilters => ({
  categories: context.currentCategories,
  month: context.month,
  title: context.title,
});

const unprovided = (name: string) => () =>
  throwError(() => new Error(`The agenda machine needs the actor "${name}": give it with machine.provide().`));

const withFilters = (filters: AgendaFilters) => ({ currentCategories: filters.categories, month: filters.month, title: filters.title });

const toHistory = { type: 'writeHistory', params: { mode: 'push' } } as const;

/**
 * A change of filters, from any state of the events: back to `loading`, which stops the
 * running request, so a newer filter cancels the older one. Written on each child rather
 * than once on `events`: a re-entering transition there would have the parallel root as
 * its domain and restart the categories too.
 */
const newFilters = {
  SET_CATEGORIES: { target: 'loading', reenter: true, actions: ['setCategories', toHistory] },
  ADD_CATEGORY: { guard: 'isNewCategory', target: 'loading', reenter: true, actions: ['addCategory', toHistory] },
  REMOVE_CATEGORY: { guard: 'isSelectedCategory', target: 'loading', reenter: true, actions: ['removeCategory', toHistory] },
  SELECT_MONTH: { target: 'loading', reenter: true, actions: ['setMonth', toHistory] },
  SEARCH: { guard: 'hasTitle', target: 'loading', reenter: true, actions: ['keepTitleOnly', toHistory] },
  RESTORE_FILTERS: { target: 'loading', reenter: true, actions: 'restoreFilters' },
} as const;

/** The agenda (SPEC §4, "Agenda"): the events and the category list run side by side. */
export const agendaMachine = setup({
  types: {
    context: {} as AgendaContext,
    events: {} as AgendaMachineEvent,
    input: {} as { agendaId: string; filters?: AgendaFilters },
  },
  actors: {
    loadAgenda: fromEventObservable<AgendaEventsEvent, AgendaQuery>(unprovided('loadAgenda')),
    loadCategories: fromEventObservable<AgendaCategoriesEvent, void>(unprovided('loadCategories')),
    // A widget without URL sync keeps this silent default.
    watchHistory: fromCallback(() => undefined),
  },
  actions: {
    setCategories: assign({
      currentCategories: ({ context, event }) => (event.type === 'SET_CATEGORIES' ? setCategories(event.categories) : context.currentCategories),
    }),
    addCategory: assign({
      currentCategories: ({ context, event }) => (event.type === 'ADD_CATEGORY' ? addCategory(context.currentCategories, event.id) : context.currentCategories),
    }),
    removeCategory: assign({
      currentCategories: ({ context, event }) =>
        event.type === 'REMOVE_CATEGORY' ? removeCategory(context.currentCategories, event.id) : context.currentCategories,
    }),
    setMonth: assign({ month: ({ context, event }) => (event.type === 'SELECT_MONTH' ? event.month : context.month) }),
    setTitle: assign({ title: ({ context, event }) => (event.type === 'TYPE_TITLE' ? event.title : context.title) }),
    // The search sends the title only: the other filters are let go, so the screen shows what was asked.
    keepTitleOnly: assign({ currentCategories: [], month: null }),
    resetFilters: assign(withFilters(NO_AGENDA_FILTERS)),
    restoreFilters: assign(({ context, event }) =>
      event.type === 'RESTORE_FILTERS' ? withFilters(agendaFiltersFromSearch(event.search)) : withFilters(filtersOf(context)),
    ),
    storeAgenda: assign({
      // The plain fetch is de-duplicated (SPEC §5); the filtered one is shown as answered.
      agenda: ({ context, event }) =>
        event.type === 'AGENDA_LOADED' ? groupByYearMonth(event.plain ? dedupeById(event.events) : event.events) : context.agenda,
      error: null,
    }),
    storeError: assign({
      error: ({ context, event }) => (event.type === 'AGENDA_FAILED' || event.type === 'CATEGORIES_FAILED' ? event.error : context.error),
    }),
    storeCategories: assign({
      categories: ({ context, event }) => (event.type === 'CATEGORIES_LOADED' ? event.categories : context.categories),
    }),
    // Given by the widget: writes the filters to the address bar.
    writeHistory: (_, _params: { mode: HistoryMode }) => undefined,
  },
  guards: {
    isNewCategory: ({ context, event }) => event.type === 'ADD_CATEGORY' && !context.currentCategories.includes(event.id),
    isSelectedCategory: ({ context, event }) => event.type === 'REMOVE_CATEGORY' && context.currentCategories.includes(event.id),
    hasTitle: ({ context }) => isSet(context.title),
    hasFilters: ({ context }) => hasAgendaFilters(filtersOf(context)),
    hasEvents: ({ event }) => event.type === 'AGENDA_LOADED' && event.events.length > 0,
  },
}).createMachine({
  id: 'agenda',
  type: 'parallel',
  context: ({ input }) => ({
    agendaId: input.agendaId,
    agenda: [],
    categories: [],
    ...withFilters(input.filters ?? NO_AGENDA_FILTERS),
    error: null,
  }),
  invoke: { src: 'watchHistory' },
  states: {
    events: {
      initial: 'loading',
      on: { TYPE_TITLE: { actions: 'setTitle' } },
      states: {
        loading: {
          invoke: { src: 'loadAgenda', input: ({ context }) => ({ agendaId: context.agendaId, filters: filtersOf(context) }) },
          on: {
            ...newFilters,
            AGENDA_LOADED: [
              { guard: 'hasEvents', target: 'ready', actions: 'storeAgenda' },
              { target: 'empty', actions: 'storeAgenda' },
            ],
            AGENDA_FAILED: { target: 'failed', actions: 'storeError' },
          },
        },
        ready: { on: newFilters },
        // Only an empty answer offers to reset every filter at once.
        empty: { on: { ...newFilters, RESET: { guard: 'hasFilters', target: 'loading', reenter: true, actions: ['resetFilters', toHistory] } } },
        failed: { on: { ...newFilters, RETRY: 'loading' } },
      },
    },
    categories: CATEGORY_LIST_REGION,
  },
});

/** A snapshot of the agenda machine. */
export type AgendaSnapshot = SnapshotFrom<typeof agendaMachine>;

/** What the list area shows. */
export type AgendaStatus = 'loading' | 'ready' | 'empty' | 'failed';

/** The state of the list area. */
export const selectAgendaStatus = (snapshot: AgendaSnapshot): AgendaStatus => (snapshot.value as { events: AgendaStatus }).events;

/** The grouped agenda to show; the previous one stays while a newer request runs. */
export const selectShownAgenda = (snapshot: AgendaSnapshot): GroupedAgenda => {
  const status = selectAgendaStatus(snapshot);
  return status === 'ready' || status === 'loading' ? snapshot.context.agenda : [];
};

/** The events shown, in display order: what "Exporter ces événements" exports. */
export const selectShownEvents = (snapshot: AgendaSnapshot): readonly AgendaEvent[] => agendaEvents(selectShownAgenda(snapshot));

/** The filters in force. */
export const selectAgendaFilters = (snapshot: AgendaSnapshot): AgendaFilters => filtersOf(snapshot.context);

/** The category toggles: the available categories, plus any selected one the list does not name yet. */
export const selectCategoryToggles = (snapshot: AgendaSnapshot): readonly AgendaCategory[] => {
  const { categories, currentCategories } = snapshot.context;
  const known = new Set(categories.map((category) => category.id));
  return [...categories, ...currentCategories.filter((id) => !known.has(id)).map((id) => ({ id, title: id }))];
};
