import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { moveHighlight, sameQuery, searchCapped, searchHits, searchQuery, searchTotal, type SearchHit, type SiteSearchAnswer } from '../domain/site-search';
import type { HttpFailure } from '../services/http';
import type { SiteSearchEvent, SiteSearchRequest } from '../services/site-search-service';
import { providedLater } from './machine-parts';

/** What the site search holds: the text in the box, the query last asked, its answer, and the suggestions' highlight. */
export interface SiteSearchContext {
  /** The text as typed. */
  readonly text: string;
  /** The query of the latest request (the text, collapsed and trimmed); `''` before any. */
  readonly query: string;
  /** The latest answer: kept on screen while a newer query loads, so results do not flash away at each key. */
  readonly answer: SiteSearchAnswer | null;
  readonly error: HttpFailure | null;
  /** How many results of each kind are asked for: a few as suggestions, more on the search page. */
  readonly limit: number;
  /** How long a text changed without a key release (a paste, dictation) waits before it is sent. */
  readonly pauseMs: number;
  /** The wait of the request under way: `pauseMs` after such a change, 0 after a key release, a submit or a retry. */
  readonly wait: number;
  /** The highlighted suggestion (an index in `searchHits(answer)`), moved by the arrow keys. */
  readonly highlight: number | null;
  /** Whether the visitor closed the suggestions (Escape, leaving the box) since they last changed. */
  readonly dismissed: boolean;
}

/** Visitor intents (imperative) and the search call's answers (past tense). */
export type SiteSearchMachineEvent =
  /** The text changed (an input event): it is asked for after a pause, unless a key release comes first. */
  | { readonly type: 'TEXT_CHANGED'; readonly text: string }
  /** A key was released in the box (the search page's submission counts as Enter's): the text is asked for now, unless it is the query asked. */
  | { readonly type: 'KEY_RELEASED'; readonly text: string }
  | { readonly type: 'RETRY' }
  /** An arrow key: the next (1) or previous (-1) suggestion. */
  | { readonly type: 'MOVE'; readonly step: 1 | -1 }
  /** Escape, or focus left the search: the suggestions close. */
  | { readonly type: 'DISMISS' }
  /** Enter on the highlighted suggestion, or a click on one (`index`): its page opens. */
  | { readonly type: 'CHOOSE'; readonly index?: number }
  | SiteSearchEvent;

/** What a search page or a header box starts with. */
export interface SiteSearchInput {
  readonly text?: string;
  readonly limit: number;
  readonly pauseMs?: number;
}

/** How long a change without a key release waits, by default. */
export const SEARCH_PAUSE_MS = 250;

const textOf = (event: SiteSearchMachineEvent): string => {
  assertEvent(event, ['TEXT_CHANGED', 'KEY_RELEASED']);
  return event.text;
};

/** The suggestion a CHOOSE names: its index, else the highlighted one. */
const chosenHit = (context: SiteSearchContext, event: SiteSearchMachineEvent): SearchHit | undefined => {
  assertEvent(event, 'CHOOSE');
  const index = event.index ?? context.highlight;
  return index === null ? undefined : searchHits(context.answer)[index];
};

/** A new query: the request (after its wait) replaces whatever was under way, which the re-entry stops. */
const newQuery = (wait: 'pause' | 'now') =>
  ({ target: '#siteSearch.searching', reenter: true, actions: ['setText', 'setQuery', { type: 'setWait', params: { wait } }, 'writeHistory'] }) as const;

/** The text got shorter than a query: nothing is asked, nothing is shown. */
const tooShort = { guard: 'isTooShort', target: '#siteSearch.idle', actions: ['setText', 'forgetAnswer', 'writeHistory'] } as const;

/**
 * The site search (the header's suggestions and the search page): a text becomes a query on
 * the key release, or after a pause when it changed without a key; a newer query stops the
 * request under way, so only the latest answer is shown. Walkable: the wait is part of the
 * search service, which reports `SEARCH_SENT`, never an `after`.
 */
export const siteSearchMachine = setup({
  types: {
    context: {} as SiteSearchContext,
    events: {} as SiteSearchMachineEvent,
    input: {} as SiteSearchInput,
  },
  actors: {
    search: providedLater<SiteSearchEvent, SiteSearchRequest>('site search', 'search'),
  },
  actions: {
    setText: assign({ text: ({ event }) => textOf(event), highlight: null, dismissed: false }),
    setQuery: assign({ query: ({ context }) => searchQuery(context.text) ?? '' }),
    setWait: assign({ wait: ({ context }, params: { wait: 'pause' | 'now' }) => (params.wait === 'pause' ? context.pauseMs : 0) }),
    storeAnswer: assign({
      answer: ({ event }) => {
        assertEvent(event, 'RESULTS_LOADED');
        return event.answer;
      },
      error: null,
      highlight: null,
    }),
    storeError: assign({
      error: ({ event }) => {
        assertEvent(event, 'RESULTS_FAILED');
        return event.error;
      },
    }),
    forgetAnswer: assign({ answer: null, error: null, query: '', highlight: null }),
    moveHighlight: assign({
      highlight: ({ context, event }) => {
        assertEvent(event, 'MOVE');
        return moveHighlight(context.dismissed ? null : context.highlight, event.step, searchHits(context.answer).length);
      },
      dismissed: false,
    }),
    dismiss: assign({ dismissed: true, highlight: null }),
    // Given by the search page: writes the query to the address bar (`?q=…`).
    writeHistory: () => undefined,
    // Given by the header's box: opens the chosen suggestion's page.
    openResult: (_, _params: { path: string }) => undefined,
  },
  guards: {
    isTooShort: ({ event }) => searchQuery(textOf(event)) === null,
    hasQuery: ({ context }) => searchQuery(context.text) !== null,
    // A key release that changes nothing (an arrow, Escape, a shift) asks nothing again.
    isAskedQuery: ({ context, event }) => context.query !== '' && sameQuery(textOf(event), context.query),
    hasResults: ({ event }) => {
      assertEvent(event, 'RESULTS_LOADED');
      return searchHits(event.answer).length > 0;
    },
    hasChoice: ({ context, event }) => chosenHit(context, event) !== undefined,
  },
}).createMachine({
  id: 'siteSearch',
  context: ({ input }) => ({
    text: input.text ?? '',
    query: '',
    answer: null,
    error: null,
    limit: input.limit,
    pauseMs: input.pauseMs ?? SEARCH_PAUSE_MS,
    wait: 0,
    highlight: null,
    dismissed: false,
  }),
  initial: 'idle',
  on: {
    DISMISS: { actions: 'dismiss' },
  },
  states: {
    // No query: the box is empty or holds one character. A page opened with `?q=…` searches at once.
    idle: {
      always: { guard: 'hasQuery', target: 'searching', actions: ['setQuery', { type: 'setWait', params: { wait: 'now' } }] },
      on: {
        TEXT_CHANGED: [tooShort, newQuery('pause')],
        KEY_RELEASED: [tooShort, newQuery('now')],
      },
    },
    searching: {
      invoke: {
        src: 'search',
        input: ({ context }) => ({ query: context.query, limit: context.limit, pauseMs: context.wait }),
      },
      initial: 'typing',
      on: {
        // The text changed: the request waits for the key release, or a pause; a space more asks nothing new.
        TEXT_CHANGED: [tooShort, { guard: 'isAskedQuery', actions: 'setText' }, newQuery('pause')],
        RESULTS_LOADED: [
          { guard: 'hasResults', target: 'results', actions: 'storeAnswer' },
          { target: 'empty', actions: 'storeAnswer' },
        ],
        RESULTS_FAILED: { target: 'failed', actions: 'storeError' },
      },
      states: {
        // The query waits for the key release, or for a pause in typing.
        typing: {
          on: {
            KEY_RELEASED: [tooShort, newQuery('now')],
            SEARCH_SENT: 'loading',
          },
        },
        // The request is out; the previous answer stays shown, marked busy.
        loading: {
          on: {
            KEY_RELEASED: [tooShort, { guard: 'isAskedQuery' }, newQuery('now')],
            RESULTS_RETRYING: 'retrying',
          },
        },
        // A slow or failing request is being tried again: the visitor is told the search is still trying.
        retrying: {
          on: {
            KEY_RELEASED: [tooShort, { guard: 'isAskedQuery' }, newQuery('now')],
          },
        },
      },
    },
    results: {
      on: {
        TEXT_CHANGED: [tooShort, { guard: 'isAskedQuery', actions: 'setText' }, newQuery('pause')],
        KEY_RELEASED: [tooShort, { guard: 'isAskedQuery' }, newQuery('now')],
        MOVE: { actions: 'moveHighlight' },
        CHOOSE: {
          guard: 'hasChoice',
          actions: { type: 'openResult', params: ({ context, event }) => ({ path: chosenHit(context, event)?.result.path ?? '' }) },
        },
      },
    },
    empty: {
      on: {
        TEXT_CHANGED: [tooShort, { guard: 'isAskedQuery', actions: 'setText' }, newQuery('pause')],
        KEY_RELEASED: [tooShort, { guard: 'isAskedQuery' }, newQuery('now')],
      },
    },
    // The same text asks nothing again by itself (Escape, Tab or an arrow released): "Réessayer" does.
    failed: {
      on: {
        TEXT_CHANGED: [tooShort, { guard: 'isAskedQuery', actions: 'setText' }, newQuery('pause')],
        KEY_RELEASED: [tooShort, { guard: 'isAskedQuery' }, newQuery('now')],
        RETRY: { target: 'searching', reenter: true, actions: { type: 'setWait', params: { wait: 'now' } } },
      },
    },
  },
});

/** A snapshot of the site search machine. */
export type SiteSearchSnapshot = SnapshotFrom<typeof siteSearchMachine>;

/** What the search shows. */
export type SiteSearchStatus = 'idle' | 'typing' | 'loading' | 'retrying' | 'results' | 'empty' | 'failed';

/** The state of the search: its value, whose type the machine gives, so the compiler checks every name. */
export const selectStatus = (snapshot: SiteSearchSnapshot): SiteSearchStatus => {
  const { value } = snapshot;
  return typeof value === 'string' ? value : value.searching;
};

/** Whether a newer query is on its way (the shown answer, if any, is an older one's). */
export const selectBusy = (snapshot: SiteSearchSnapshot): boolean => snapshot.matches('searching');

/** The answer on screen: the latest, also while a newer query loads; none when idle or failed. */
export const selectAnswer = (snapshot: SiteSearchSnapshot): SiteSearchAnswer | null =>
  snapshot.matches('idle') || snapshot.matches('failed') ? null : snapshot.context.answer;

/** The results on screen, group after group: the suggestions' options. */
export const selectHits = (snapshot: SiteSearchSnapshot): readonly SearchHit[] => searchHits(selectAnswer(snapshot));

/** The query last asked, or `null` when the box holds none: the search page's title names it. */
export const selectQuery = (snapshot: SiteSearchSnapshot): string | null => (snapshot.context.query === '' ? null : snapshot.context.query);

/** How many things match the query shown, in all kinds. */
export const selectTotal = (snapshot: SiteSearchSnapshot): number => searchTotal(selectAnswer(snapshot));

/** Whether more match than `selectTotal` says (a kind's count stopped at its limit). */
export const selectCapped = (snapshot: SiteSearchSnapshot): boolean => searchCapped(selectAnswer(snapshot));

/** Whether the suggestions' list is open: results on screen that the visitor has not closed. */
export const selectExpanded = (snapshot: SiteSearchSnapshot): boolean => !snapshot.context.dismissed && selectHits(snapshot).length > 0;

/** Whether the suggestions' panel shows something: the list, "no result", "still trying" or a failure, not closed by the visitor. */
export const selectPanelOpen = (snapshot: SiteSearchSnapshot): boolean =>
  !snapshot.context.dismissed &&
  (selectExpanded(snapshot) || snapshot.matches('empty') || snapshot.matches('failed') || snapshot.matches({ searching: 'retrying' }));

/** The highlighted suggestion's index, while the list is open. */
export const selectHighlight = (snapshot: SiteSearchSnapshot): number | null => (selectExpanded(snapshot) ? snapshot.context.highlight : null);
