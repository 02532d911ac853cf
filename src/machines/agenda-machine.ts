import { assertEvent, assign, fromCallback, or, setup, type SnapshotFrom } from 'xstate';
import type { AgendaCategory, AgendaEvent } from '../domain/agenda';
import {
  NO_AGENDA_FILTERS,
  addCategory,
  agendaFiltersFromSearch,
  agendaFiltersToSearch,
  agendaPagePath,
  hasAnyAgendaFilter,
  isSet,
  rangeOf,
  removeCategory,
  setCategories,
  type AgendaFilters,
} from '../domain/agenda-filters';
import { agendaCount, type AgendaCount } from '../domain/agenda-count';
import { agendaEvents, dedupeById, eventKey, groupByYearMonth, type GroupedAgenda } from '../domain/agenda-grouping';
import { rangeDays, sortEvents, windowEvents, type QuickRange } from '../domain/agenda-window';
import { dayNumber, zurichInstant, zurichToday, type Day } from '../domain/calendar-days';
import { comingOccurrences } from '../domain/coming-events';
import { PAGE_SIZES, STALE_CURSOR_STATUS } from '../domain/paging';
import { nextOccurrences } from '../domain/recurrence';
import { PAST_PARAM, pagesFromSearch, withPages } from '../domain/list-pages';
import type {
  AgendaAnswer,
  AgendaCategoriesEvent,
  AgendaEventQuery,
  AgendaEventsEvent,
  AgendaPermalinkEvent,
  AgendaQuery,
  MoreAgendaEvent,
  PastAgendaEvent,
} from '../services/agenda-service';
import type { HistoryMode } from '../services/history-service';
import type { HttpFailure } from '../services/http';
import { CATEGORY_LIST_REGION } from './category-list-region';
import { providedLater, toHistory } from './machine-parts';

/** The latest events added to the list ("Afficher plus", "Événements passés"): where focus goes, and how many. */
export interface AgendaAddition {
  /** The id of the first new event in display order. */
  readonly first: string;
  readonly count: number;
}

/** What the agenda holds (SPEC §3, "Agenda state"), plus the month, title and range filters and the paging. */
export interface AgendaContext {
  readonly agendaId: string;
  /** The day it is in Europe/Zurich, given by the widget: the list starts there. */
  readonly today: Day;
  /** The moment (ms) the widget was started for: a series' next dates are those still coming then (`comingOccurrences`). */
  readonly now: number;
  /** How many events a page holds (`page_size`). */
  readonly pageSize: number;
  /** The events shown, grouped by year, then month number: the past ones loaded, then the upcoming ones. */
  readonly agenda: GroupedAgenda;
  /** The upcoming events shown, in the server's order. */
  readonly upcoming: readonly AgendaEvent[];
  /** The past events shown, most recent first. */
  readonly past: readonly AgendaEvent[];
  /** Upcoming events of a whole answer (a legacy backend) not shown yet: "Afficher plus" reveals them. */
  readonly heldUpcoming: readonly AgendaEvent[];
  /** Past events of a whole answer not shown yet, most recent first. */
  readonly heldPast: readonly AgendaEvent[];
  /** The path of the next upcoming page, if the server has one. */
  readonly next: string | null;
  /** The path of the next past page, while the server may hold older events. */
  readonly pastNext: string | null;
  /** All the categories available. */
  readonly categories: readonly AgendaCategory[];
  /** The ids of the selected categories. */
  readonly currentCategories: readonly string[];
  readonly month: number | null;
  readonly title: string | null;
  readonly range: QuickRange | null;
  /** The range held nothing: the list shows the next events without it. */
  readonly rangeEmpty: boolean;
  /** The latest addition to the list, `null` after a new list. */
  readonly added: AgendaAddition | null;
  /** The event a permalink names. */
  readonly openEvent: string | null;
  /** The permalink's event, from the list or loaded on its own when the list does not show it: the page's event, shown above the list. */
  readonly permalink: AgendaEvent | null;
  /** The event whose details the visitor opened last on this page (its address is the permalink's), until they close. */
  readonly detailsOpen: { readonly id: string; readonly title: string } | null;
  /** How many upcoming events the list holds in all, as the API reports it; `null` when it does not say. */
  readonly upcomingTotal: number | null;
  /** How many past events the API holds for the list, once a past page was asked for; `null` before, or when it does not say. */
  readonly pastTotal: number | null;
  readonly error: HttpFailure | null;
  /** The upcoming pages the list shows: 1 for a new list, one more at each "Afficher plus". */
  readonly pages: number;
  /** The past pages the list shows: none for a new list, one more at each "Événements passés". */
  readonly pastPages: number;
  /** The upcoming and past pages the address asks for (`?page=2&passes=1`): the list grows to them by itself; none after a new filter. */
  readonly wantedPages: number;
  readonly wantedPast: number;
}

/** Visitor intents (imperative) and service answers (past tense). */
export type AgendaMachineEvent =
  | { readonly type: 'SET_CATEGORIES'; readonly categories: readonly string[] }
  | { readonly type: 'ADD_CATEGORY'; readonly id: string }
  | { readonly type: 'REMOVE_CATEGORY'; readonly id: string }
  | { readonly type: 'SELECT_MONTH'; readonly month: number | null }
  | { readonly type: 'SELECT_RANGE'; readonly range: QuickRange | null }
  | { readonly type: 'TITLE_CHANGED'; readonly title: string }
  | { readonly type: 'SEARCH' }
  | { readonly type: 'RESET' }
  | { readonly type: 'RESTORE_FILTERS'; readonly search: string }
  | { readonly type: 'RETRY' }
  | { readonly type: 'LOAD_MORE' }
  | { readonly type: 'LOAD_PAST' }
  | { readonly type: 'OPEN_DETAILS'; readonly id: string; readonly title: string }
  | { readonly type: 'CLOSE_DETAILS'; readonly id: string }
  | AgendaEventsEvent
  | MoreAgendaEvent
  | PastAgendaEvent
  | AgendaPermalinkEvent
  | AgendaCategoriesEvent;

/** What the agenda machine is started with: the container's agenda, the address's filters and permalink, and today. */
export interface AgendaInput {
  readonly agendaId: string;
  /** The render entry gives it, so the server and the browser start from the same day; missing, the day of the clock. */
  readonly today?: Day;
  /** The moment the widget is for (the server's, for the markup it wrote); missing, the start of `today`, else the clock's. */
  readonly now?: number;
  readonly filters?: AgendaFilters;
  readonly openEvent?: string | null;
  readonly pageSize?: number;
  /** The upcoming pages the address asks for (`?page=`), 1 when missing. */
  readonly pages?: number;
  /** The past pages the address asks for (`?passes=`), none when missing. */
  readonly pastPages?: number;
}

/** The filters in force. */
export const filtersOf = (context: AgendaContext): AgendaFilters => ({
  categories: context.currentCategories,
  month: context.month,
  title: context.title,
  ...(context.range === null ? {} : { range: context.range }),
});

/** The filters the list is loaded with: those in force, without the range once it held nothing. */
const listFiltersOf = (context: AgendaContext): AgendaFilters => ({ ...filtersOf(context), range: context.rangeEmpty ? null : context.range });

/** The first upcoming page of the filters in force. */
const listQuery = (context: AgendaContext): AgendaQuery => ({
  agendaId: context.agendaId,
  filters: listFiltersOf(context),
  page: { period: 'upcoming', today: context.today, pageSize: context.pageSize },
});

/** What the list becomes with a first answer: a page as the server sent it, or a whole list windowed here. */
const listOf = (context: AgendaContext, answer: AgendaAnswer) => {
  const filters = listFiltersOf(context);
  const range = rangeOf(filters);
  if (answer.whole) {
    // A legacy backend sends every event, in any order and once per category link (SPEC §5).
    const all = sortEvents(dedupeById(answer.events));
    const upcoming = windowEvents(all, 'upcoming', context.today, range === null ? null : rangeDays(range, context.today));
    const heldPast = range === null ? windowEvents(all, 'past', context.today) : [];
    return {
      upcoming: upcoming.slice(0, context.pageSize),
      heldUpcoming: upcoming.slice(context.pageSize),
      heldPast,
      next: null,
      pastNext: null,
      all,
      // The whole list is here: its totals are counted from it.
      upcomingTotal: upcoming.length,
      pastTotal: heldPast.length,
    };
  }
  const upcoming = dedupeById(answer.events);
  return {
    upcoming,
    heldUpcoming: [],
    heldPast: [],
    next: answer.next,
    upcomingTotal: reportedTotal(answer, upcoming.length),
    pastTotal: null,
    // A range starts today: nothing before it is in it.
    pastNext: range === null ? agendaPagePath(context.agendaId, filters, { period: 'past', today: context.today, pageSize: context.pageSize }) : null,
    all: upcoming,
  };
};

/** The total a page's answer reports (`count`); a last page without one tells it by itself: what the list holds. */
const reportedTotal = (answer: AgendaAnswer, held: number): number | null => answer.count ?? (answer.next === null ? held : null);

/** Events not shown yet, in the order given. */
const newEvents = (context: AgendaContext, events: readonly AgendaEvent[]): AgendaEvent[] => {
  const shown = new Set([...context.upcoming, ...context.past].map(eventKey));
  return dedupeById(events).filter((event) => !shown.has(eventKey(event)));
};

/** The past events a past page adds; a backend that answers the past whole gives every event, of which only those before today are past. */
const pastAdded = (context: AgendaContext, answer: AgendaAnswer): AgendaEvent[] =>
  newEvents(context, answer.whole ? windowEvents(sortEvents(answer.events), 'past', context.today) : answer.events);

/** The addition of `events` (any order): the first of them in display order. */
const additionOf = (events: readonly AgendaEvent[]): AgendaAddition | null => {
  const first = agendaEvents(groupByYearMonth(events))[0];
  return first === undefined ? { first: '', count: 0 } : { first: eventKey(first), count: events.length };
};

const grouped = (past: readonly AgendaEvent[], upcoming: readonly AgendaEvent[]): GroupedAgenda => groupByYearMonth([...past, ...upcoming]);

const withFilters = (filters: AgendaFilters) => ({
  currentCategories: filters.categories,
  month: filters.month,
  title: filters.title,
  range: rangeOf(filters),
});

const pushHistory = toHistory('push');
// An addition to the list ("Afficher plus", "Événements passés") writes its pages in place: Back leaves the list, not a page of it.
const replaceHistory = toHistory('replace');

/**
 * A change of filters, from any state of the events: back to `loading`, which stops the
 * running request (a first page, a further or a past page), so a newer filter cancels the
 * older one. Written on each child rather than once on `events`: a re-entering transition
 * there would have the parallel root as its domain and restart the categories too.
 */
const newFilters = {
  SET_CATEGORIES: { target: '#agenda.events.loading', reenter: true, actions: ['setCategories', 'forgetPages', pushHistory] },
  ADD_CATEGORY: { guard: 'isNewCategory', target: '#agenda.events.loading', reenter: true, actions: ['addCategory', 'forgetPages', pushHistory] },
  REMOVE_CATEGORY: { guard: 'isSelectedCategory', target: '#agenda.events.loading', reenter: true, actions: ['removeCategory', 'forgetPages', pushHistory] },
  SELECT_MONTH: { target: '#agenda.events.loading', reenter: true, actions: ['setMonth', 'forgetPages', pushHistory] },
  SELECT_RANGE: { target: '#agenda.events.loading', reenter: true, actions: ['setRange', 'forgetPages', pushHistory] },
  SEARCH: { guard: 'hasTitle', target: '#agenda.events.loading', reenter: true, actions: ['keepTitleOnly', 'forgetPages', pushHistory] },
  RESTORE_FILTERS: { target: '#agenda.events.loading', reenter: true, actions: ['restoreFilters', 'restorePages'] },
} as const;

/** "Événements passés": the past a whole answer holds is shown at once, else the next past page is asked for. */
const loadPast = (ready: string) =>
  [
    { guard: 'holdsPast', target: ready, actions: ['revealPast', replaceHistory] },
    { guard: 'hasPastPage', target: `${ready}.loadingPast` },
  ] as const;

/** "Afficher plus": the upcoming events a whole answer holds are shown 50 at a time, else the next page is asked for. */
const loadMore = [
  { guard: 'holdsMore', target: '#agenda.events.ready.idle', actions: ['revealMore', replaceHistory] },
  { guard: 'hasNextPage', target: '#agenda.events.ready.loadingMore' },
] as const;

/** The agenda (SPEC §4, "Agenda"): the events, the category list and a permalink's event, side by side. */
export const agendaMachine = setup({
  types: {
    context: {} as AgendaContext,
    events: {} as AgendaMachineEvent,
    input: {} as AgendaInput,
  },
  actors: {
    loadAgenda: providedLater<AgendaEventsEvent, AgendaQuery>('agenda', 'loadAgenda'),
    loadMore: providedLater<MoreAgendaEvent, string>('agenda', 'loadMore'),
    loadPast: providedLater<PastAgendaEvent, string>('agenda', 'loadPast'),
    loadEvent: providedLater<AgendaPermalinkEvent, AgendaEventQuery>('agenda', 'loadEvent'),
    loadCategories: providedLater<AgendaCategoriesEvent, void>('agenda', 'loadCategories'),
    // A widget without URL sync keeps this silent default.
    watchHistory: fromCallback(() => undefined),
  },
  actions: {
    setCategories: assign({
      currentCategories: ({ event }) => {
        assertEvent(event, 'SET_CATEGORIES');
        return setCategories(event.categories);
      },
    }),
    addCategory: assign({
      currentCategories: ({ context, event }) => {
        assertEvent(event, 'ADD_CATEGORY');
        return addCategory(context.currentCategories, event.id);
      },
    }),
    removeCategory: assign({
      currentCategories: ({ context, event }) => {
        assertEvent(event, 'REMOVE_CATEGORY');
        return removeCategory(context.currentCategories, event.id);
      },
    }),
    setMonth: assign({
      month: ({ event }) => {
        assertEvent(event, 'SELECT_MONTH');
        return event.month;
      },
    }),
    setRange: assign({
      range: ({ event }) => {
        assertEvent(event, 'SELECT_RANGE');
        return event.range;
      },
    }),
    setTitle: assign({
      title: ({ event }) => {
        assertEvent(event, 'TITLE_CHANGED');
        return event.title;
      },
    }),
    // The search sends the title only: the other filters are let go, so the screen shows what was asked.
    keepTitleOnly: assign({ currentCategories: [], month: null, range: null }),
    resetFilters: assign(withFilters(NO_AGENDA_FILTERS)),
    restoreFilters: assign(({ event }) => {
      assertEvent(event, 'RESTORE_FILTERS');
      return withFilters(agendaFiltersFromSearch(event.search));
    }),
    // A new list starts at its first page, whatever pages the address asked of the previous one.
    forgetPages: assign({ wantedPages: 1, wantedPast: 0, pages: 1, pastPages: 0 }),
    restorePages: assign(({ event }) => {
      assertEvent(event, 'RESTORE_FILTERS');
      return { wantedPages: pagesFromSearch(event.search), wantedPast: pagesFromSearch(event.search, PAST_PARAM, 0), pages: 1, pastPages: 0 };
    }),
    // A new list starts from the filters as they are: the range is tried again.
    startList: assign({ rangeEmpty: false }),
    markRangeEmpty: assign({ rangeEmpty: true }),
    storeAgenda: assign(({ context, event }) => {
      assertEvent(event, 'AGENDA_LOADED');
      const { upcoming, heldUpcoming, heldPast, next, pastNext, upcomingTotal, pastTotal } = listOf(context, event);
      return {
        upcoming,
        heldUpcoming,
        heldPast,
        next,
        pastNext,
        upcomingTotal,
        pastTotal,
        past: [],
        agenda: grouped([], upcoming),
        added: null,
        error: null,
        pages: 1,
        pastPages: 0,
      };
    }),
    revealMore: assign(({ context }) => {
      const shown = context.heldUpcoming.slice(0, context.pageSize);
      const upcoming = [...context.upcoming, ...shown];
      return {
        upcoming,
        heldUpcoming: context.heldUpcoming.slice(context.pageSize),
        agenda: grouped(context.past, upcoming),
        added: additionOf(shown),
        pages: context.pages + 1,
      };
    }),
    appendMore: assign(({ context, event }) => {
      assertEvent(event, 'MORE_LOADED');
      const added = newEvents(context, event.events);
      const upcoming = [...context.upcoming, ...added];
      return {
        upcoming,
        next: event.next,
        agenda: grouped(context.past, upcoming),
        added: additionOf(added),
        error: null,
        pages: context.pages + 1,
        upcomingTotal: reportedTotal(event, upcoming.length) ?? context.upcomingTotal,
      };
    }),
    revealPast: assign(({ context }) => {
      const shown = context.heldPast.slice(0, context.pageSize);
      const past = [...context.past, ...shown];
      return {
        past,
        heldPast: context.heldPast.slice(context.pageSize),
        agenda: grouped(past, context.upcoming),
        added: additionOf(shown),
        pastPages: context.pastPages + 1,
      };
    }),
    appendPast: assign(({ context, event }) => {
      assertEvent(event, 'PAST_LOADED');
      const added = pastAdded(context, event);
      const shown = added.slice(0, context.pageSize);
      const past = [...context.past, ...shown];
      const heldPast = [...context.heldPast, ...added.slice(context.pageSize)];
      return {
        past,
        heldPast,
        // A whole answer holds every past event; a page reports their total, or ends the list.
        pastTotal: event.whole ? past.length + heldPast.length : (reportedTotal(event, past.length + heldPast.length) ?? context.pastTotal),
        pastNext: event.whole ? null : event.next,
        agenda: grouped(past, context.upcoming),
        added: additionOf(shown),
        error: null,
        pastPages: context.pastPages + 1,
      };
    }),
    storeError: assign({
      error: ({ event }) => {
        assertEvent(event, ['AGENDA_FAILED', 'MORE_FAILED', 'PAST_FAILED', 'CATEGORIES_FAILED']);
        return event.error;
      },
    }),
    storeCategories: assign({
      categories: ({ event }) => {
        assertEvent(event, 'CATEGORIES_LOADED');
        return event.categories;
      },
    }),
    // A legacy backend's whole answer holds the permalink's event wherever it stands: no call needed.
    takeHeldPermalink: assign({
      permalink: ({ context, event }) => {
        assertEvent(event, 'AGENDA_LOADED');
        return event.events.find((item) => item.id === context.openEvent) ?? null;
      },
    }),
    storePermalink: assign({
      permalink: ({ event }) => {
        assertEvent(event, 'EVENT_FOUND');
        return event.event;
      },
    }),
    // The page's event, when the list shows it (none without a permalink): kept, so it stays at the top whatever the list shows next.
    takeListedPermalink: assign({
      permalink: ({ context, event }) => {
        assertEvent(event, 'AGENDA_LOADED');
        return listOf(context, event).upcoming.find((item) => item.id === context.openEvent) ?? null;
      },
    }),
    openDetails: assign({
      detailsOpen: ({ event }) => {
        assertEvent(event, 'OPEN_DETAILS');
        return { id: event.id, title: event.title };
      },
    }),
    // Closing details other than the last opened leaves the address, and the title, on those.
    closeDetails: assign({
      detailsOpen: ({ context, event }) => {
        assertEvent(event, 'CLOSE_DETAILS');
        return context.detailsOpen?.id === event.id ? null : context.detailsOpen;
      },
    }),
    // Given by the widget: writes the filters to the address bar.
    writeHistory: (_, _params: { mode: HistoryMode }) => undefined,
  },
  guards: {
    isNewCategory: ({ context, event }) => {
      assertEvent(event, 'ADD_CATEGORY');
      return !context.currentCategories.includes(event.id);
    },
    isSelectedCategory: ({ context, event }) => {
      assertEvent(event, 'REMOVE_CATEGORY');
      return context.currentCategories.includes(event.id);
    },
    hasTitle: ({ context }) => isSet(context.title),
    hasFilters: ({ context }) => hasAnyAgendaFilter(filtersOf(context)),
    listsEvents: ({ context, event }) => {
      assertEvent(event, 'AGENDA_LOADED');
      return listOf(context, event).upcoming.length > 0;
    },
    // An empty range is not a dead end: the next events without it are loaded instead.
    isEmptyRange: ({ context }) => context.range !== null && !context.rangeEmpty,
    holdsMore: ({ context }) => context.heldUpcoming.length > 0,
    hasNextPage: ({ context }) => context.next !== null,
    holdsPast: ({ context }) => context.heldPast.length > 0,
    hasPastPage: ({ context }) => context.pastNext !== null,
    // The address asks for more pages than are shown (a followed link): the upcoming ones first, then the past.
    wantsHeldMore: ({ context }) => context.pages < context.wantedPages && context.heldUpcoming.length > 0,
    wantsNextPage: ({ context }) => context.pages < context.wantedPages && context.next !== null,
    wantsHeldPast: ({ context }) => context.pastPages < context.wantedPast && context.heldPast.length > 0,
    wantsPastPage: ({ context }) => context.pastPages < context.wantedPast && context.pastNext !== null,
    // A 400 on a cursor: the content changed since the first page, so the list starts again.
    isStaleCursor: ({ event }) => {
      assertEvent(event, ['MORE_FAILED', 'PAST_FAILED']);
      return event.error._tag === 'HttpError' && event.error.status === STALE_CURSOR_STATUS;
    },
    showsNothing: ({ context, event }) => {
      assertEvent(event, 'PAST_LOADED');
      return context.upcoming.length === 0 && context.past.length === 0 && pastAdded(context, event).length === 0;
    },
    opensNoEvent: ({ context }) => context.openEvent === null,
    listsOpenEvent: ({ context, event }) => {
      assertEvent(event, 'AGENDA_LOADED');
      return listOf(context, event).upcoming.some((item) => item.id === context.openEvent);
    },
    holdsOpenEvent: ({ context, event }) => {
      assertEvent(event, 'AGENDA_LOADED');
      return event.whole && event.events.some((item) => item.id === context.openEvent);
    },
  },
}).createMachine({
  id: 'agenda',
  type: 'parallel',
  context: ({ input }) => ({
    agendaId: input.agendaId,
    today: input.today ?? zurichToday(input.now ?? Date.now()),
    now: input.now ?? (input.today === undefined ? Date.now() : zurichInstant(dayNumber(input.today) ?? 0, 0, 0, 0)),
    pageSize: input.pageSize ?? PAGE_SIZES.events,
    agenda: [],
    upcoming: [],
    past: [],
    heldUpcoming: [],
    heldPast: [],
    next: null,
    pastNext: null,
    categories: [],
    ...withFilters(input.filters ?? NO_AGENDA_FILTERS),
    rangeEmpty: false,
    added: null,
    openEvent: input.openEvent ?? null,
    permalink: null,
    detailsOpen: null,
    upcomingTotal: null,
    pastTotal: null,
    error: null,
    pages: 1,
    pastPages: 0,
    wantedPages: input.pages ?? 1,
    wantedPast: input.pastPages ?? 0,
  }),
  invoke: { src: 'watchHistory' },
  // The visitor opens or closes an event's details in the list: the address and the title follow the last opened.
  on: { OPEN_DETAILS: { actions: 'openDetails' }, CLOSE_DETAILS: { actions: 'closeDetails' } },
  states: {
    events: {
      initial: 'loading',
      on: { TITLE_CHANGED: { actions: 'setTitle' } },
      states: {
        loading: {
          entry: 'startList',
          invoke: { src: 'loadAgenda', input: ({ context }) => listQuery(context) },
          initial: 'trying',
          states: {
            trying: { on: { AGENDA_RETRYING: 'retrying' } },
            // A slow or failing call is being tried again: the visitor is told the events are still coming.
            retrying: {},
          },
          on: {
            ...newFilters,
            AGENDA_LOADED: [
              { guard: 'listsEvents', target: 'ready', actions: 'storeAgenda' },
              { guard: 'isEmptyRange', target: 'nextEvents', actions: ['storeAgenda', 'markRangeEmpty'] },
              { target: 'empty', actions: 'storeAgenda' },
            ],
            AGENDA_FAILED: { target: 'failed', actions: 'storeError' },
          },
        },
        // The range held nothing: the next events without it, under their own heading.
        nextEvents: {
          invoke: { src: 'loadAgenda', input: ({ context }) => listQuery(context) },
          on: {
            ...newFilters,
            AGENDA_LOADED: [
              { guard: 'listsEvents', target: 'ready', actions: 'storeAgenda' },
              { target: 'empty', actions: 'storeAgenda' },
            ],
            AGENDA_FAILED: { target: 'failed', actions: 'storeError' },
          },
        },
        ready: {
          initial: 'idle',
          on: newFilters,
          states: {
            idle: {
              // An address of several pages (`?page=2&passes=1`, a followed link) grows the list to them.
              always: [
                { guard: 'wantsHeldMore', actions: 'revealMore' },
                { guard: 'wantsNextPage', target: 'loadingMore' },
                { guard: 'wantsHeldPast', actions: 'revealPast' },
                { guard: 'wantsPastPage', target: 'loadingPast' },
              ],
              on: { LOAD_MORE: loadMore, LOAD_PAST: loadPast('#agenda.events.ready') },
            },
            loadingMore: {
              invoke: { src: 'loadMore', input: ({ context }) => context.next ?? '' },
              on: {
                MORE_LOADED: { target: 'idle', actions: ['appendMore', replaceHistory] },
                MORE_FAILED: [
                  { guard: 'isStaleCursor', target: '#agenda.events.loading' },
                  { target: 'moreFailed', actions: 'storeError' },
                ],
              },
            },
            // The "Afficher plus" button stays where it was and tries again. Only a paged answer fails
            // a further page, and a paged answer holds no past: the past is asked for.
            moreFailed: { on: { LOAD_MORE: { target: 'loadingMore' }, LOAD_PAST: { guard: 'hasPastPage', target: 'loadingPast' } } },
            loadingPast: {
              invoke: { src: 'loadPast', input: ({ context }) => context.pastNext ?? '' },
              on: {
                PAST_LOADED: [
                  { guard: 'showsNothing', target: '#agenda.events.empty', actions: ['appendPast', replaceHistory] },
                  { target: 'idle', actions: ['appendPast', replaceHistory] },
                ],
                PAST_FAILED: [
                  { guard: 'isStaleCursor', target: '#agenda.events.loading' },
                  { target: 'pastFailed', actions: 'storeError' },
                ],
              },
            },
            // The "Événements passés" button stays where it was and tries again.
            pastFailed: { on: { LOAD_PAST: { target: 'loadingPast' }, LOAD_MORE: { guard: 'hasNextPage', target: 'loadingMore' } } },
          },
        },
        // Nothing from today on; the filters can be reset, and the past may hold what was asked for.
        empty: {
          // `?passes=1` on a list with nothing upcoming: the past the address asks for.
          always: [
            { guard: 'wantsHeldPast', target: '#agenda.events.ready', actions: 'revealPast' },
            { guard: 'wantsPastPage', target: '#agenda.events.ready.loadingPast' },
          ],
          on: {
            ...newFilters,
            RESET: { guard: 'hasFilters', target: 'loading', reenter: true, actions: ['resetFilters', 'forgetPages', pushHistory] },
            LOAD_PAST: loadPast('#agenda.events.ready'),
          },
        },
        failed: { on: { ...newFilters, RETRY: 'loading' } },
      },
    },
    categories: CATEGORY_LIST_REGION,
    // The event a permalink names, once the first answer tells whether the list shows it.
    permalink: {
      initial: 'waiting',
      states: {
        waiting: {
          on: {
            AGENDA_LOADED: [
              { guard: or(['opensNoEvent', 'listsOpenEvent']), target: 'listed', actions: 'takeListedPermalink' },
              { guard: 'holdsOpenEvent', target: 'shown', actions: 'takeHeldPermalink' },
              { target: 'loading' },
            ],
          },
        },
        // No permalink, or its event is in the list (and kept, to stand at the top too).
        listed: {},
        loading: {
          invoke: { src: 'loadEvent', input: ({ context }) => ({ agendaId: context.agendaId, eventId: context.openEvent ?? '' }) },
          on: {
            EVENT_FOUND: { target: 'shown', actions: 'storePermalink' },
            EVENT_MISSING: { target: 'missing' },
          },
        },
        shown: {},
        missing: {},
      },
    },
  },
});

/** A snapshot of the agenda machine. */
export type AgendaSnapshot = SnapshotFrom<typeof agendaMachine>;

/** What the list area shows. */
export type AgendaStatus = 'loading' | 'ready' | 'empty' | 'failed';

const SETTLED_STATUSES = ['ready', 'empty', 'failed'] as const;

/** The state of the list area: loading until it settles, the next events of an empty range included. */
export const selectAgendaStatus = (snapshot: AgendaSnapshot): AgendaStatus => SETTLED_STATUSES.find((status) => snapshot.matches({ events: status })) ?? 'loading';

/** The grouped agenda to show; the previous one stays while a newer request runs. */
export const selectShownAgenda = (snapshot: AgendaSnapshot): GroupedAgenda => {
  const status = selectAgendaStatus(snapshot);
  return status === 'ready' || status === 'loading' ? snapshot.context.agenda : [];
};

/** The events shown, in display order: what "Exporter ces événements" exports. */
export const selectShownEvents = (snapshot: AgendaSnapshot): readonly AgendaEvent[] => agendaEvents(selectShownAgenda(snapshot));

/** The filters in force. */
export const selectAgendaFilters = (snapshot: AgendaSnapshot): AgendaFilters => filtersOf(snapshot.context);

/** How many of a recurring event's next dates its details list. */
export const NEXT_DATES_SHOWN = 5;

/** The dates an event shows: the day it is dated, where its rule starts, and a recurring event's next dates. */
export interface EventDates {
  /** The day shown: its occurrence's date in a list; on the event's own page, the first of its next dates when it recurs. */
  readonly day: Day;
  /** Where a recurring event's rule starts (its own date for an event of one date). */
  readonly seriesStart: Day;
  /** A recurring event's next dates still coming at the agenda's moment (`now`; without one, from its own date), at most `NEXT_DATES_SHOWN`; none for an event of one date. */
  readonly nextDates: readonly Day[];
}

/** What an event's item shows of its dates, in the list (`onPage` false) or as its own page: the rule the view reads, not computes. */
export const eventDates = (event: AgendaEvent, now: number | undefined, onPage: boolean): EventDates => {
  const own = event.bel_date.slice(0, 10);
  const seriesStart = event.recurrence_start ?? own;
  const rule = event.recurrence;
  // Today's occurrence that is over is no next date: the one after it is.
  const nextDates =
    rule === null || rule === undefined
      ? []
      : now === undefined
        ? nextOccurrences(rule, seriesStart, own, NEXT_DATES_SHOWN)
        : comingOccurrences(event, now, NEXT_DATES_SHOWN);
  return { day: onPage ? (nextDates[0] ?? own) : own, seriesStart, nextDates };
};

/** The range that held nothing, while the list shows the next events without it (a new list forgets it as it starts loading). */
export const selectEmptyRange = (snapshot: AgendaSnapshot): QuickRange | null => (snapshot.context.rangeEmpty ? snapshot.context.range : null);

/** The category toggles: the available categories, plus any selected one the list does not name yet. */
export const selectCategoryToggles = (snapshot: AgendaSnapshot): readonly AgendaCategory[] => {
  const { categories, currentCategories } = snapshot.context;
  const known = new Set(categories.map((category) => category.id));
  return [...categories, ...currentCategories.filter((id) => !known.has(id)).map((id) => ({ id, title: id }))];
};

/** Whether "Afficher plus" is offered: more upcoming events are held or on the server (also while they load, or after they failed). */
export const selectHasMore = (snapshot: AgendaSnapshot): boolean =>
  snapshot.matches({ events: 'ready' }) && (snapshot.context.heldUpcoming.length > 0 || snapshot.context.next !== null);

/** Whether "Événements passés" is offered: older events are held or may be on the server. */
export const selectHasPast = (snapshot: AgendaSnapshot): boolean =>
  (snapshot.matches({ events: 'ready' }) || snapshot.matches({ events: 'empty' })) && (snapshot.context.heldPast.length > 0 || snapshot.context.pastNext !== null);

/** Whether the events are being asked for again after a time-out or a server error ("still trying"). */
export const selectRetrying = (snapshot: AgendaSnapshot): boolean => snapshot.matches({ events: { loading: 'retrying' } });

/** Whether a further upcoming page is on its way. */
export const selectLoadingMore = (snapshot: AgendaSnapshot): boolean => snapshot.matches({ events: { ready: 'loadingMore' } });

/** Whether a past page is on its way. */
export const selectLoadingPast = (snapshot: AgendaSnapshot): boolean => snapshot.matches({ events: { ready: 'loadingPast' } });

/** Whether the latest further page failed. */
export const selectMoreFailed = (snapshot: AgendaSnapshot): boolean => snapshot.matches({ events: { ready: 'moreFailed' } });

/** Whether the latest past page failed. */
export const selectPastFailed = (snapshot: AgendaSnapshot): boolean => snapshot.matches({ events: { ready: 'pastFailed' } });

/** The latest addition to the list, while the list shows it. */
export const selectAddition = (snapshot: AgendaSnapshot): AgendaAddition | null => (selectAgendaStatus(snapshot) === 'ready' ? snapshot.context.added : null);

/**
 * The permalink's event when it was loaded on its own, while the list does not show it: once
 * "Afficher plus" or "Événements passés" bring it into the list, it is shown there only, once.
 */
export const selectPermalinkEvent = (snapshot: AgendaSnapshot): AgendaEvent | null => {
  const { permalink } = snapshot.context;
  if (permalink === null || !snapshot.matches({ permalink: 'shown' })) return null;
  return selectShownEvents(snapshot).some((event) => event.id === permalink.id) ? null : permalink;
};

/** The address's event, in the list or loaded on its own: `null` when the address names none, or one that does not exist. */
export const selectOpenedEvent = (snapshot: AgendaSnapshot): AgendaEvent | null => {
  const { openEvent, permalink } = snapshot.context;
  if (openEvent === null) return null;
  return agendaEvents(snapshot.context.agenda).find((event) => event.id === openEvent) ?? (permalink?.id === openEvent ? permalink : null);
};

/** Whether the address's permalink names an event that exists: in the list, or loaded on its own. */
export const selectPermalinkFound = (snapshot: AgendaSnapshot): boolean => {
  const { openEvent, permalink } = snapshot.context;
  if (openEvent === null) return true;
  // Loaded on its own, or in the list now (the first list's copy, kept for the top of the page, does not count once a filter leaves it out).
  return (snapshot.matches({ permalink: 'shown' }) && permalink?.id === openEvent) || agendaEvents(snapshot.context.agenda).some((event) => event.id === openEvent);
};

/** The list's query string: its filters and the pages it shows (`?categories=…&page=2&passes=1`), as the address keeps them. */
export const listSearchOf = (context: AgendaContext): string =>
  withPages(withPages(agendaFiltersToSearch(filtersOf(context)), context.pages), context.pastPages, PAST_PARAM, 0);

/** The query string of "Afficher plus" as a link: one upcoming page more. */
export const selectMoreSearch = (snapshot: AgendaSnapshot): string => listSearchOf({ ...snapshot.context, pages: snapshot.context.pages + 1 });

/** The query string of "Événements passés" as a link: one past page more. */
export const selectPastSearch = (snapshot: AgendaSnapshot): string => listSearchOf({ ...snapshot.context, pastPages: snapshot.context.pastPages + 1 });

/** The page's event (the address's at load), in the list or loaded on its own: it stands at the top of its page, its details open. */
export const selectPageEvent = (snapshot: AgendaSnapshot): AgendaEvent | null => {
  const { openEvent, permalink } = snapshot.context;
  return openEvent !== null && permalink?.id === openEvent ? permalink : null;
};

/**
 * The name of the event the document's title leads with: the details last opened, else the page's
 * event; `null` on the list with nothing open; `undefined` while the page's event is still coming.
 */
export const selectItemTitle = (snapshot: AgendaSnapshot): string | null | undefined => {
  const { detailsOpen, openEvent } = snapshot.context;
  if (detailsOpen !== null) return detailsOpen.title;
  if (openEvent === null) return null;
  if (snapshot.matches({ permalink: 'waiting' }) || snapshot.matches({ permalink: 'loading' })) return undefined;
  return selectPageEvent(snapshot)?.title ?? null;
};

/** The count the list states (docs/requirements.md, "Agenda"): the total the API reports, and how many are shown when fewer are. */
export const selectAgendaCount = (snapshot: AgendaSnapshot): AgendaCount => {
  const { upcomingTotal, pastTotal, pastPages } = snapshot.context;
  return agendaCount({ upcoming: upcomingTotal, past: pastTotal, withPast: pastPages > 0 }, selectShownEvents(snapshot).length);
};
