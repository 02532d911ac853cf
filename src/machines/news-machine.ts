import { assertEvent, assign, fromCallback, setup, type SnapshotFrom } from 'xstate';
import type { NewsCategory, NewsItem } from '../domain/news';
import {
  NO_SELECTION,
  addCategory,
  appendPage,
  removeCategory,
  replaceCategories,
  sameSelection,
  selectionFromSearch,
  selectionToSearch,
  type CategorySelection,
} from '../domain/news-list';
import { pagesFromSearch, withPages } from '../domain/list-pages';
import { PAGE_SIZES, STALE_CURSOR_STATUS, firstWindow, revealMore } from '../domain/paging';
import type { HistoryMode } from '../services/history-service';
import type { HttpFailure } from '../services/http';
import type { MoreNewsEvent, NewsCategoriesEvent, NewsEvent } from '../services/news-service';
import { CATEGORY_LIST_REGION } from './category-list-region';
import { providedLater, toHistory } from './machine-parts';

/** What the news list holds (SPEC §3, "News state"): news, categories, selected categories, and paging. */
export interface NewsContext {
  readonly items: readonly NewsItem[];
  readonly categories: readonly NewsCategory[];
  readonly selected: CategorySelection;
  /** The path of the server's further page, if there is one. */
  readonly next: string | null;
  /** How many items the whole answer holds (the server's `count`, or the length of a whole answer). */
  readonly total: number;
  /** How many items a step shows: the page size the services ask for. */
  readonly pageSize: number;
  /** How many of `items` the list shows: a page at first, a page more at each "Afficher plus". */
  readonly shown: number;
  readonly error: HttpFailure | null;
  /** The index of the first item the latest "Afficher plus" added, where focus goes; `null` after a new list. */
  readonly appendedFrom: number | null;
  /** The pages the address asks for (`?page=3`): the list grows to them by itself, as "Afficher plus" would; 1 after a new selection. */
  readonly wantedPages: number;
  /** The pages the list shows: 1 for a new list, one more at each "Afficher plus" (what the address says). */
  readonly pages: number;
}

/** Visitor intents (imperative) and service answers (past tense). */
export type NewsMachineEvent =
  | { readonly type: 'ADD_CATEGORY'; readonly id: string }
  | { readonly type: 'REMOVE_CATEGORY'; readonly id: string }
  | { readonly type: 'REPLACE_CATEGORIES'; readonly ids: readonly string[] }
  | { readonly type: 'RESTORE_SELECTION'; readonly search: string }
  | { readonly type: 'LOAD_MORE' }
  | { readonly type: 'RETRY' }
  | NewsEvent
  | MoreNewsEvent
  | NewsCategoriesEvent;

/** The selection an event asks for. */
const requestedSelection = (selected: CategorySelection, event: NewsMachineEvent): CategorySelection => {
  assertEvent(event, ['ADD_CATEGORY', 'REMOVE_CATEGORY', 'REPLACE_CATEGORIES', 'RESTORE_SELECTION']);
  switch (event.type) {
    case 'ADD_CATEGORY':
      return addCategory(selected, event.id);
    case 'REMOVE_CATEGORY':
      return removeCategory(selected, event.id);
    case 'REPLACE_CATEGORIES':
      return replaceCategories(event.ids);
    case 'RESTORE_SELECTION':
      return selectionFromSearch(event.search);
  }
};

const pushHistory = toHistory('push');

/**
 * A change of selection, from any state of the list: back to `loading`, which stops the
 * running request (and any further page), so only the latest selection is ever shown.
 * Written on each child rather than once on `list`: a re-entering transition on `list`
 * would have the parallel root as its domain and restart the categories region too.
 */
const newSelection = {
  ADD_CATEGORY: { guard: 'changesSelection', target: 'loading', reenter: true, actions: ['select', 'forgetPages', pushHistory] },
  REMOVE_CATEGORY: { guard: 'changesSelection', target: 'loading', reenter: true, actions: ['select', 'forgetPages', pushHistory] },
  REPLACE_CATEGORIES: { guard: 'changesSelection', target: 'loading', reenter: true, actions: ['select', 'forgetPages', pushHistory] },
  RESTORE_SELECTION: { guard: 'changesSelection', target: 'loading', reenter: true, actions: ['select', 'restorePages'] },
} as const;

/** The news list (SPEC §4, "News"): the list with its paging, and the category list, side by side. */
export const newsMachine = setup({
  types: {
    context: {} as NewsContext,
    events: {} as NewsMachineEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- XState takes the input's type from this assertion; `{}` fits a type whose keys are all optional, which the rule takes for a cast that changes nothing.
    input: {} as { selected?: CategorySelection; pageSize?: number; pages?: number },
  },
  actors: {
    loadNews: providedLater<NewsEvent, CategorySelection>('news', 'loadNews'),
    loadMore: providedLater<MoreNewsEvent, string>('news', 'loadMore'),
    loadCategories: providedLater<NewsCategoriesEvent, void>('news', 'loadCategories'),
    // A widget without URL sync (a host page that owns its address) keeps this silent default.
    watchHistory: fromCallback(() => undefined),
  },
  actions: {
    select: assign({ selected: ({ context, event }) => requestedSelection(context.selected, event) }),
    // A new list starts at its first page, whatever page the address asked of the previous one.
    forgetPages: assign({ wantedPages: 1, pages: 1 }),
    restorePages: assign(({ event }) => {
      assertEvent(event, 'RESTORE_SELECTION');
      return { wantedPages: pagesFromSearch(event.search), pages: 1 };
    }),
    storeNews: assign(({ context, event }) => {
      assertEvent(event, 'NEWS_LOADED');
      return {
        items: event.items,
        next: event.next,
        total: event.total,
        shown: firstWindow(event.items.length, context.pageSize),
        pages: 1,
        error: null,
        appendedFrom: null,
      };
    }),
    // A further page never repeats an item already listed (SPEC §5, across pages too).
    appendNews: assign(({ context, event }) => {
      assertEvent(event, 'MORE_NEWS_LOADED');
      const items = appendPage(context.items, event.items);
      return {
        pages: context.pages + 1,
        items,
        next: event.next,
        shown: revealMore(context.shown, items.length, context.pageSize),
        error: null,
        appendedFrom: context.shown,
      };
    }),
    // A whole answer (or a page larger than asked) is held already: a page more of it, without a request.
    revealNews: assign(({ context }) => ({
      shown: revealMore(context.shown, context.items.length, context.pageSize),
      appendedFrom: context.shown,
      pages: context.pages + 1,
    })),
    storeError: assign({
      error: ({ event }) => {
        assertEvent(event, ['NEWS_FAILED', 'MORE_NEWS_FAILED', 'CATEGORIES_FAILED']);
        return event.error;
      },
    }),
    storeCategories: assign({
      categories: ({ event }) => {
        assertEvent(event, 'CATEGORIES_LOADED');
        return event.categories;
      },
    }),
    // Given by the widget: writes the selection to the address bar.
    writeHistory: (_, _params: { mode: HistoryMode }) => undefined,
  },
  guards: {
    // Adding a category already selected, or removing one that is not, changes nothing and asks nothing.
    changesSelection: ({ context, event }) => !sameSelection(context.selected, requestedSelection(context.selected, event)),
    hasItems: ({ event }) => {
      assertEvent(event, 'NEWS_LOADED');
      return event.items.length > 0;
    },
    hasHiddenItems: ({ context }) => context.shown < context.items.length,
    hasNextPage: ({ context }) => context.next !== null,
    // The address asks for more pages than are shown: first those held, then the server's further page.
    wantsHiddenPage: ({ context }) => context.pages < context.wantedPages && context.shown < context.items.length,
    wantsNextPage: ({ context }) => context.pages < context.wantedPages && context.next !== null,
    // The server no longer knows the cursor (the content changed since the first page): start again.
    isStaleCursor: ({ event }) => {
      assertEvent(event, 'MORE_NEWS_FAILED');
      return event.error._tag === 'HttpError' && event.error.status === STALE_CURSOR_STATUS;
    },
  },
}).createMachine({
  id: 'news',
  type: 'parallel',
  context: ({ input }) => ({
    items: [],
    categories: [],
    selected: replaceCategories(input.selected ?? NO_SELECTION),
    next: null,
    total: 0,
    pageSize: input.pageSize ?? PAGE_SIZES.news,
    shown: 0,
    error: null,
    appendedFrom: null,
    wantedPages: input.pages ?? 1,
    pages: 1,
  }),
  invoke: { src: 'watchHistory' },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: { src: 'loadNews', input: ({ context }) => context.selected },
          initial: 'trying',
          states: {
            trying: { on: { NEWS_RETRYING: 'retrying' } },
            // A slow or failing call is being tried again: the visitor is told the news are still coming.
            retrying: {},
          },
          on: {
            ...newSelection,
            NEWS_LOADED: [
              { guard: 'hasItems', target: 'ready', actions: 'storeNews' },
              { target: 'empty', actions: 'storeNews' },
            ],
            NEWS_FAILED: { target: 'failed', actions: 'storeError' },
          },
        },
        ready: {
          on: newSelection,
          initial: 'idle',
          states: {
            // "Afficher plus": a page more of what is held, else the server's further page. Never on scroll.
            idle: {
              // An address of several pages (`?page=3`, a followed "Afficher plus" link) grows the list to them.
              always: [
                { guard: 'wantsHiddenPage', actions: 'revealNews' },
                { guard: 'wantsNextPage', target: 'loadingMore' },
              ],
              on: {
                LOAD_MORE: [
                  { guard: 'hasHiddenItems', actions: ['revealNews', toHistory('replace')] },
                  { guard: 'hasNextPage', target: 'loadingMore' },
                ],
              },
            },
            loadingMore: {
              invoke: { src: 'loadMore', input: ({ context }) => context.next ?? '' },
              on: {
                MORE_NEWS_LOADED: { target: 'idle', actions: ['appendNews', toHistory('replace')] },
                MORE_NEWS_FAILED: [
                  { guard: 'isStaleCursor', target: '#news.list.loading' },
                  { target: 'moreFailed', actions: 'storeError' },
                ],
              },
            },
            // The "more" button stays where it was and tries again.
            moreFailed: { on: { LOAD_MORE: { target: 'loadingMore' } } },
          },
        },
        empty: { on: newSelection },
        failed: { on: { ...newSelection, RETRY: 'loading' } },
      },
    },
    categories: CATEGORY_LIST_REGION,
  },
});

/** A snapshot of the news machine. */
export type NewsSnapshot = SnapshotFrom<typeof newsMachine>;

/** What the list area shows. */
export type NewsStatus = 'loading' | 'ready' | 'empty' | 'failed';

const NEWS_STATUSES: readonly NewsStatus[] = ['loading', 'ready', 'empty', 'failed'];

/** The state of the list area. */
export const selectStatus = (snapshot: NewsSnapshot): NewsStatus => NEWS_STATUSES.find((status) => snapshot.matches({ list: status })) ?? 'loading';

/**
 * The news held for the list. While a newer selection loads, the previous list stays in place
 * (marked busy by the view) rather than flashing placeholders at every click.
 */
export const selectVisibleNews = (snapshot: NewsSnapshot): readonly NewsItem[] => {
  const status = selectStatus(snapshot);
  return status === 'ready' || status === 'loading' ? snapshot.context.items : [];
};

/** How many of the held items are shown: the first pages only, however many a legacy answer holds. */
export const selectShownCount = (snapshot: NewsSnapshot): number => Math.min(snapshot.context.shown, selectVisibleNews(snapshot).length);

/** Whether any category is selected. */
export const selectHasSelection = (snapshot: NewsSnapshot): boolean => snapshot.context.selected.length > 0;

/** The selected category ids. */
export const selectSelected = (snapshot: NewsSnapshot): CategorySelection => snapshot.context.selected;

/** The categories offered as filters. */
export const selectCategories = (snapshot: NewsSnapshot): readonly NewsCategory[] => snapshot.context.categories;

/**
 * The selected categories with their titles. A category chosen by a shared link is listed
 * before (or without) the category list, with a `null` title for the view to name.
 */
export const selectSelectedCategories = (snapshot: NewsSnapshot): readonly { readonly id: string; readonly title: string | null }[] =>
  snapshot.context.selected.map((id) => ({ id, title: snapshot.context.categories.find((category) => category.id === id)?.title ?? null }));

/** How many items are shown, and how many the whole answer holds. */
export const selectCount = (snapshot: NewsSnapshot): { readonly shown: number; readonly total: number } => {
  const shown = selectShownCount(snapshot);
  return { shown, total: Math.max(shown, snapshot.context.total) };
};

/** Whether "Afficher plus" is offered: items held but not shown, or a further page; also while it loads or after it failed. */
export const selectHasMore = (snapshot: NewsSnapshot): boolean =>
  snapshot.matches({ list: 'ready' }) && (snapshot.context.shown < snapshot.context.items.length || snapshot.context.next !== null);

/** Whether the news are being asked for again after a time-out or a server error ("still trying"). */
export const selectRetrying = (snapshot: NewsSnapshot): boolean => snapshot.matches({ list: { loading: 'retrying' } });

/** Whether a further page is on its way. */
export const selectLoadingMore = (snapshot: NewsSnapshot): boolean => snapshot.matches({ list: { ready: 'loadingMore' } });

/** Whether the latest further page failed. */
export const selectMoreFailed = (snapshot: NewsSnapshot): boolean => snapshot.matches({ list: { ready: 'moreFailed' } });

/** The index of the first item the latest "Afficher plus" added, or `null`. */
export const selectAppendedFrom = (snapshot: NewsSnapshot): number | null => (snapshot.matches({ list: 'ready' }) ? snapshot.context.appendedFrom : null);

/** The list's query string: its selection and the pages it shows (`?…&page=2`), as the address keeps them. */
export const listSearchOf = (context: NewsContext): string => withPages(selectionToSearch(context.selected), context.pages);

/** The query string of "Afficher plus" as a link: the list with one page more. */
export const selectMoreSearch = (snapshot: NewsSnapshot): string => withPages(selectionToSearch(snapshot.context.selected), snapshot.context.pages + 1);
