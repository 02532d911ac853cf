import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import type { AgendaEvent } from '../domain/agenda';
import { NO_AGENDA_FILTERS } from '../domain/agenda-filters';
import { zurichToday } from '../domain/calendar-days';
import { HOME_EVENTS_ASKED, HOME_LIST_SIZE, latestNews, nextEvents } from '../domain/home-lists';
import type { CategorySelection } from '../domain/news-list';
import type { NewsItem } from '../domain/news';
import type { AgendaEventsEvent, AgendaQuery } from '../services/agenda-service';
import type { HttpFailure } from '../services/http';
import type { NewsEvent } from '../services/news-service';
import { providedLater } from './machine-parts';

/** What the home page holds: the next events of the site's agenda and the latest news of its scope. */
export interface HomeContext {
  readonly agendaId: string;
  /** The moment (ms) the widget was started at, the server's when it rendered the page: the next events are those still coming then. */
  readonly now: number;
  /** How many events and news items are listed. */
  readonly count: number;
  readonly events: readonly AgendaEvent[];
  readonly news: readonly NewsItem[];
  readonly eventsError: HttpFailure | null;
  readonly newsError: HttpFailure | null;
}

/** Visitor intents (imperative) and service answers (past tense). */
export type HomeMachineEvent = { readonly type: 'RETRY_EVENTS' } | { readonly type: 'RETRY_NEWS' } | AgendaEventsEvent | NewsEvent;

/** What the home widget is started with. */
export interface HomeInput {
  readonly agendaId: string;
  /** The moment the list is for: the server's "now" while the browser takes over its page (no other markup), else the clock's. */
  readonly now: number;
  readonly count?: number;
}

/** The plain news list: the home page shows the latest of every category. */
const NO_CATEGORY: CategorySelection = [];

/**
 * The home page's two lists, side by side, each loading, then listed, empty or failed with a
 * retry: one failing never hides the other.
 */
export const homeMachine = setup({
  types: {
    context: {} as HomeContext,
    events: {} as HomeMachineEvent,
    input: {} as HomeInput,
  },
  actors: {
    loadEvents: providedLater<AgendaEventsEvent, AgendaQuery>('home', 'loadEvents'),
    loadNews: providedLater<NewsEvent, CategorySelection>('home', 'loadNews'),
  },
  actions: {
    storeEvents: assign({
      events: ({ context, event }) => {
        assertEvent(event, 'AGENDA_LOADED');
        return nextEvents(event.events, context.now, context.count, event.next === null);
      },
      eventsError: null,
    }),
    storeEventsError: assign({
      eventsError: ({ event }) => {
        assertEvent(event, 'AGENDA_FAILED');
        return event.error;
      },
    }),
    storeNews: assign({
      news: ({ context, event }) => {
        assertEvent(event, 'NEWS_LOADED');
        return latestNews(event.items, context.count);
      },
      newsError: null,
    }),
    storeNewsError: assign({
      newsError: ({ event }) => {
        assertEvent(event, 'NEWS_FAILED');
        return event.error;
      },
    }),
  },
  guards: {
    // A legacy answer may hold only past events: what counts is what is left from today on.
    hasNextEvents: ({ context, event }) => {
      assertEvent(event, 'AGENDA_LOADED');
      return nextEvents(event.events, context.now, context.count, event.next === null).length > 0;
    },
    hasNews: ({ event }) => {
      assertEvent(event, 'NEWS_LOADED');
      return event.items.length > 0;
    },
  },
}).createMachine({
  id: 'home',
  type: 'parallel',
  context: ({ input }) => ({
    agendaId: input.agendaId,
    now: input.now,
    count: input.count ?? HOME_LIST_SIZE,
    events: [],
    news: [],
    eventsError: null,
    newsError: null,
  }),
  states: {
    events: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadEvents',
            // `today` decides no path (no quick range): the browser asks for the path the server answered.
            // Each event once: however many dates a series has, the page holds `count` distinct events once
            // those of today that are over are left out (`HOME_EVENTS_ASKED` leaves room for them).
            input: ({ context }) => ({
              agendaId: context.agendaId,
              filters: NO_AGENDA_FILTERS,
              page: { period: 'upcoming', today: zurichToday(context.now), pageSize: Math.max(context.count, HOME_EVENTS_ASKED), occurrences: 'first' },
            }),
          },
          initial: 'trying',
          states: {
            trying: { on: { AGENDA_RETRYING: 'retrying' } },
            // A slow or failing call is being tried again: the visitor is told the list is still coming.
            retrying: {},
          },
          on: {
            AGENDA_LOADED: [
              { guard: 'hasNextEvents', target: 'loaded', actions: 'storeEvents' },
              { target: 'empty', actions: 'storeEvents' },
            ],
            AGENDA_FAILED: { target: 'failed', actions: 'storeEventsError' },
          },
        },
        loaded: {},
        empty: {},
        failed: { on: { RETRY_EVENTS: 'loading' } },
      },
    },
    news: {
      initial: 'loading',
      states: {
        loading: {
          invoke: { src: 'loadNews', input: () => NO_CATEGORY },
          initial: 'trying',
          states: {
            trying: { on: { NEWS_RETRYING: 'retrying' } },
            // A slow or failing call is being tried again: the visitor is told the list is still coming.
            retrying: {},
          },
          on: {
            NEWS_LOADED: [
              { guard: 'hasNews', target: 'loaded', actions: 'storeNews' },
              { target: 'empty', actions: 'storeNews' },
            ],
            NEWS_FAILED: { target: 'failed', actions: 'storeNewsError' },
          },
        },
        loaded: {},
        empty: {},
        failed: { on: { RETRY_NEWS: 'loading' } },
      },
    },
  },
});

/** A snapshot of the home machine. */
export type HomeSnapshot = SnapshotFrom<typeof homeMachine>;

/** What a list of the home page shows. */
export type HomeListStatus = 'loading' | 'loaded' | 'empty' | 'failed';

const HOME_LIST_STATUSES: readonly HomeListStatus[] = ['loading', 'loaded', 'empty', 'failed'];

/** The state of the events list. */
export const selectEventsStatus = (snapshot: HomeSnapshot): HomeListStatus => HOME_LIST_STATUSES.find((status) => snapshot.matches({ events: status })) ?? 'loading';

/** The state of the news list. */
export const selectNewsStatus = (snapshot: HomeSnapshot): HomeListStatus => HOME_LIST_STATUSES.find((status) => snapshot.matches({ news: status })) ?? 'loading';

/** Whether the events are being asked for again after a time-out or a server error ("still trying"). */
export const selectEventsRetrying = (snapshot: HomeSnapshot): boolean => snapshot.matches({ events: { loading: 'retrying' } });

/** Whether the news are being asked for again after a time-out or a server error ("still trying"). */
export const selectNewsRetrying = (snapshot: HomeSnapshot): boolean => snapshot.matches({ news: { loading: 'retrying' } });

/** The next events, in date order, those still coming at the machine's `now`. */
export const selectNextEvents = (snapshot: HomeSnapshot): readonly AgendaEvent[] => snapshot.context.events;

/** The latest news items. */
export const selectLatestNews = (snapshot: HomeSnapshot): readonly NewsItem[] => snapshot.context.news;
