import { assertEvent, assign, fromCallback, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { Contact } from '../domain/contact';
import { NO_FILTERS, filtersFromSearch, filtersToSearch, type DirectoryFilters } from '../domain/directory';
import { LETTERS, type LetterCount } from '../domain/directory-letter';
import { pagesFromSearch, withPages } from '../domain/list-pages';
import { PAGE_SIZES, STALE_CURSOR_STATUS, firstWindow, revealMore } from '../domain/paging';
import { contactSlug } from '../domain/permalinks';
import type { CategoriesEvent, ContactEvent, ContactsEvent, MoreContactsEvent } from '../services/contacts-service';
import type { HistoryMode } from '../services/history-service';
import type { HttpFailure } from '../services/http';
import { CATEGORY_LIST_REGION } from './category-list-region';
import { providedLater, toHistory } from './machine-parts';

/** What the directory holds (SPEC §3, "Directory state"): contacts and category titles, plus the filters, paging and the open contact. */
export interface DirectoryContext {
  readonly contacts: readonly Contact[];
  readonly categories: readonly string[];
  readonly filters: DirectoryFilters;
  readonly error: HttpFailure | null;
  /** How many cards a step shows: the page size the services ask for. */
  readonly pageSize: number;
  /** How many of `contacts` the grid shows: a page at first, a page more at each "Afficher plus". */
  readonly shown: number;
  /** The path of the server's further page, if there is one. */
  readonly next: string | null;
  /** How many contacts match in all: the server's `count`, or the length of a whole answer. */
  readonly count: number;
  /** The index of the first card the latest "Afficher plus" added, where focus goes; `null` after a new list. */
  readonly appendedFrom: number | null;
  /** The contact whose details are open: one of the list, or one loaded by itself for a permalink. */
  readonly opened: Contact | null;
  /** The slug of a permalink whose contact is being looked for. */
  readonly wanted: string | null;
  /** The text the list in place (or on its way) was asked for: a key release that leaves it as it is asks nothing. */
  readonly searched: string;
  /** The pages the address asks for (`?page=3`): the list grows to them by itself, as "Afficher plus" would; 1 after a new filter. */
  readonly wantedPages: number;
  /** The pages the list shows: 1 for a new list, one more at each "Afficher plus" (what the address says). */
  readonly pages: number;
  /** How many lists have arrived: the first one's count is on the page as it loads, only the later ones are announced. */
  readonly lists: number;
  /** The index's letters that have contacts under the name and category filters, from the latest list; `null` when the backend does not say. */
  readonly letters: readonly LetterCount[] | null;
}

/** Visitor intents (imperative) and service answers (past tense). */
export type DirectoryEvent =
  | { readonly type: 'TEXT_CHANGED'; readonly text: string }
  | { readonly type: 'KEY_RELEASED'; readonly text: string }
  | { readonly type: 'SEARCH'; readonly text: string }
  | { readonly type: 'SELECT_CATEGORY'; readonly category: string }
  /** A letter of the index, or `''` for every letter ("Tous"). */
  | { readonly type: 'LETTER_CHOSEN'; readonly letter: string }
  | { readonly type: 'CLEAR' }
  | { readonly type: 'CLEAR_FILTERS' }
  | { readonly type: 'RESTORE_FILTERS'; readonly search: string }
  | { readonly type: 'RETRY' }
  | { readonly type: 'LOAD_MORE' }
  | { readonly type: 'OPEN_DETAILS'; readonly slug: string }
  | { readonly type: 'CLOSE_DETAILS' }
  | ContactsEvent
  | MoreContactsEvent
  | ContactEvent
  | CategoriesEvent;

const listsSlug = (contacts: readonly Contact[], slug: string | null): Contact | undefined =>
  slug === null ? undefined : contacts.find((contact) => contactSlug(contact) === slug);

/**
 * A change of filters, from any state of the contacts: back to `loading`, which stops the
 * running request (and a running further page), so only the latest answer is ever shown.
 * Written on each child rather than once on `contacts`: a re-entering transition there would
 * have the parallel root as its domain and restart the categories too (a categories call at
 * every key release).
 */
const newFilters = {
  // A key that leaves the text as it was (Tab, an arrow) asks nothing; the form's submission always asks.
  // A new name is looked for under every letter: whoever types a name does not know where the index files it, so the letter in force is left.
  KEY_RELEASED: { guard: 'changesSearch', target: 'loading', reenter: true, actions: ['setText', 'forgetLetter', 'forgetPages', toHistory('replace')] },
  SEARCH: [
    { guard: 'changesSearch', target: 'loading', reenter: true, actions: ['setText', 'forgetLetter', 'forgetPages', toHistory('replace')] },
    // The name of the list submitted again ("Rechercher" after a category, as without script, where the form carries the letter): the letter stays.
    { target: 'loading', reenter: true, actions: ['setText', 'forgetPages', toHistory('replace')] },
  ],
  // A category and a letter combine, either chosen first: the index browses the category's list, and a category narrows the letter's.
  SELECT_CATEGORY: { target: 'loading', reenter: true, actions: ['setCategory', 'forgetPages', toHistory('push')] },
  CLEAR: { guard: 'hasText', target: 'loading', reenter: true, actions: ['clearText', 'forgetLetter', 'forgetPages', toHistory('push')] },
  // A letter keeps the name and the category: the index browses the list they make.
  LETTER_CHOSEN: { target: 'loading', reenter: true, actions: ['setLetter', 'forgetPages', toHistory('push')] },
  RESTORE_FILTERS: { target: 'loading', reenter: true, actions: 'restoreFilters' },
} as const;

/** Leaving a contact that was being looked for: the visitor moved on, or it does not exist. */
const giveUp = { target: 'closed', actions: 'forgetContact' } as const;

/** The directory (SPEC §4, "Directory"): contacts with their paging, category list and the detail modal run side by side. */
export const directoryMachine = setup({
  types: {
    context: {} as DirectoryContext,
    events: {} as DirectoryEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- XState takes the input's type from this assertion; `{}` fits a type whose keys are all optional, which the rule takes for a cast that changes nothing.
    input: {} as { filters?: DirectoryFilters; permalink?: string | null; pageSize?: number; pages?: number },
  },
  actors: {
    loadContacts: providedLater<ContactsEvent, DirectoryFilters>('directory', 'loadContacts'),
    loadMore: providedLater<MoreContactsEvent, string>('directory', 'loadMore'),
    loadContact: providedLater<ContactEvent, string>('directory', 'loadContact'),
    loadCategories: providedLater<CategoriesEvent, void>('directory', 'loadCategories'),
    // A widget without URL sync (a host page that owns its address) keeps this silent default.
    watchHistory: fromCallback(() => undefined),
  },
  actions: {
    setText: assign({
      filters: ({ context, event }) => {
        assertEvent(event, ['TEXT_CHANGED', 'KEY_RELEASED', 'SEARCH']);
        return { ...context.filters, text: event.text };
      },
    }),
    setCategory: assign({
      filters: ({ context, event }) => {
        assertEvent(event, 'SELECT_CATEGORY');
        return { ...context.filters, category: event.category };
      },
    }),
    clearText: assign({ filters: ({ context }) => ({ ...context.filters, text: '' }) }),
    setLetter: assign({
      filters: ({ context, event }) => {
        assertEvent(event, 'LETTER_CHOSEN');
        return { ...context.filters, letter: event.letter };
      },
    }),
    forgetLetter: assign({ filters: ({ context }) => ({ ...context.filters, letter: '' }) }),
    clearFilters: assign({ filters: NO_FILTERS }),
    restoreFilters: assign(({ event }) => {
      assertEvent(event, 'RESTORE_FILTERS');
      return { filters: filtersFromSearch(event.search), wantedPages: pagesFromSearch(event.search), pages: 1 };
    }),
    // A new list starts at its first page, whatever page the address asked of the previous one.
    forgetPages: assign({ wantedPages: 1, pages: 1 }),
    // Every request starts here, with the filters in force.
    rememberSearch: assign({ searched: ({ context }) => context.filters.text }),
    storeContacts: assign(({ context, event }) => {
      assertEvent(event, 'CONTACTS_LOADED');
      return {
        contacts: event.contacts,
        next: event.next ?? null,
        count: Math.max(event.count ?? event.contacts.length, event.contacts.length),
        shown: firstWindow(event.contacts.length, context.pageSize),
        pages: 1,
        appendedFrom: null,
        error: null,
        lists: context.lists + 1,
        letters: event.letters ?? null,
      };
    }),
    appendContacts: assign(({ context, event }) => {
      assertEvent(event, 'MORE_CONTACTS_LOADED');
      const contacts = [...context.contacts, ...event.contacts];
      return {
        pages: context.pages + 1,
        contacts,
        next: event.next,
        count: Math.max(context.count, contacts.length),
        shown: revealMore(context.shown, contacts.length, context.pageSize),
        appendedFrom: context.shown,
        error: null,
      };
    }),
    // A whole answer (or a page larger than asked) is held already: a page more of it, without a request.
    revealContacts: assign(({ context }) => ({
      shown: revealMore(context.shown, context.contacts.length, context.pageSize),
      appendedFrom: context.shown,
      pages: context.pages + 1,
    })),
    storeError: assign({
      error: ({ event }) => {
        assertEvent(event, ['CONTACTS_FAILED', 'MORE_CONTACTS_FAILED', 'CATEGORIES_FAILED']);
        return event.error;
      },
    }),
    storeCategories: assign({
      categories: ({ event }) => {
        assertEvent(event, 'CATEGORIES_LOADED');
        return event.categories;
      },
    }),
    openListedSlug: assign({
      opened: ({ context, event }) => {
        assertEvent(event, 'OPEN_DETAILS');
        return listsSlug(context.contacts, event.slug) ?? null;
      },
    }),
    // The list just arrived: the event holds it (the contacts region stores it in the same step).
    openWanted: assign({
      opened: ({ context, event }) => {
        assertEvent(event, 'CONTACTS_LOADED');
        return listsSlug(event.contacts, context.wanted) ?? null;
      },
      wanted: null,
    }),
    openFound: assign({
      opened: ({ event }) => {
        assertEvent(event, 'CONTACT_LOADED');
        return event.contact;
      },
      wanted: null,
    }),
    wantContact: assign({
      wanted: ({ event }) => {
        assertEvent(event, 'OPEN_DETAILS');
        return event.slug;
      },
    }),
    forgetContact: assign({ wanted: null }),
    closeDetails: assign({ opened: null }),
    // Given by the widget: writes the filters to the address bar.
    writeHistory: (_, _params: { mode: HistoryMode }) => undefined,
  },
  guards: {
    hasText: ({ context }) => context.filters.text !== '',
    hasFilters: ({ context }) => context.filters.text !== '' || context.filters.category !== '' || (context.filters.letter ?? '') !== '',
    // The text differs from the one the list in place (or on its way) was asked for: a new name.
    changesSearch: ({ context, event }) => {
      assertEvent(event, ['KEY_RELEASED', 'SEARCH']);
      return event.text !== context.searched;
    },
    hasContacts: ({ event }) => {
      assertEvent(event, 'CONTACTS_LOADED');
      return event.contacts.length > 0;
    },
    hasHiddenContacts: ({ context }) => context.shown < context.contacts.length,
    hasNextPage: ({ context }) => context.next !== null,
    // The address asks for more pages than are shown: first those held, then the server's further page.
    wantsHiddenPage: ({ context }) => context.pages < context.wantedPages && context.shown < context.contacts.length,
    wantsNextPage: ({ context }) => context.pages < context.wantedPages && context.next !== null,
    // The server no longer knows the cursor (the content changed since the first page): start again.
    isStaleCursor: ({ event }) => {
      assertEvent(event, 'MORE_CONTACTS_FAILED');
      return event.error._tag === 'HttpError' && event.error.status === STALE_CURSOR_STATUS;
    },
    isListedSlug: ({ context, event }) => {
      assertEvent(event, 'OPEN_DETAILS');
      return listsSlug(context.contacts, event.slug) !== undefined;
    },
    isLoadingContacts: stateIn({ contacts: 'loading' }),
    isWanting: ({ context }) => context.wanted !== null,
    listsWanted: ({ context, event }) => {
      assertEvent(event, 'CONTACTS_LOADED');
      return listsSlug(event.contacts, context.wanted) !== undefined;
    },
  },
}).createMachine({
  id: 'directory',
  type: 'parallel',
  context: ({ input }) => ({
    contacts: [],
    categories: [],
    filters: input.filters ?? NO_FILTERS,
    error: null,
    pageSize: input.pageSize ?? PAGE_SIZES.contacts,
    shown: 0,
    next: null,
    count: 0,
    appendedFrom: null,
    opened: null,
    wanted: input.permalink ?? null,
    searched: '',
    wantedPages: input.pages ?? 1,
    pages: 1,
    lists: 0,
    letters: null,
  }),
  invoke: { src: 'watchHistory' },
  states: {
    contacts: {
      initial: 'loading',
      // Typing without a key release only changes the text; the request waits for the release.
      on: { TEXT_CHANGED: { actions: 'setText' } },
      states: {
        loading: {
          entry: 'rememberSearch',
          invoke: { src: 'loadContacts', input: ({ context }) => context.filters },
          initial: 'trying',
          states: {
            trying: { on: { CONTACTS_RETRYING: 'retrying' } },
            // A slow or failing call is being tried again: the visitor is told the contacts are still coming.
            retrying: {},
          },
          on: {
            ...newFilters,
            CONTACTS_LOADED: [
              { guard: 'hasContacts', target: 'ready', actions: 'storeContacts' },
              { target: 'empty', actions: 'storeContacts' },
            ],
            CONTACTS_FAILED: { target: 'failed', actions: 'storeError' },
          },
        },
        ready: {
          on: newFilters,
          initial: 'idle',
          states: {
            // "Afficher plus": a page more of what is held, else the server's further page. Never on scroll.
            idle: {
              // An address of several pages (`?page=3`, a followed "Afficher plus" link) grows the list to them.
              always: [
                { guard: 'wantsHiddenPage', actions: 'revealContacts' },
                { guard: 'wantsNextPage', target: 'loadingMore' },
              ],
              on: {
                LOAD_MORE: [
                  { guard: 'hasHiddenContacts', actions: ['revealContacts', toHistory('replace')] },
                  { guard: 'hasNextPage', target: 'loadingMore' },
                ],
              },
            },
            loadingMore: {
              invoke: { src: 'loadMore', input: ({ context }) => context.next ?? '' },
              on: {
                MORE_CONTACTS_LOADED: { target: 'idle', actions: ['appendContacts', toHistory('replace')] },
                MORE_CONTACTS_FAILED: [
                  { guard: 'isStaleCursor', target: '#directory.contacts.loading' },
                  { target: 'moreFailed', actions: 'storeError' },
                ],
              },
            },
            // The "more" button stays where it was and tries again.
            moreFailed: { on: { LOAD_MORE: { target: 'loadingMore' } } },
          },
        },
        // Only an empty answer offers to clear every filter at once.
        empty: {
          on: {
            ...newFilters,
            CLEAR_FILTERS: { guard: 'hasFilters', target: 'loading', reenter: true, actions: ['clearFilters', toHistory('push')] },
          },
        },
        failed: { on: { ...newFilters, RETRY: 'loading' } },
      },
    },
    categories: CATEGORY_LIST_REGION,
    details: {
      initial: 'closed',
      states: {
        closed: {
          // A permalink given at start waits for the list it may be in.
          always: { guard: 'isWanting', target: 'waiting' },
          on: {
            // A card's "⋯", or Back or Forward to a permalink: the contact of the list, else after the list on its way, else by itself.
            OPEN_DETAILS: [
              { guard: 'isListedSlug', target: 'open', actions: 'openListedSlug' },
              { guard: 'isLoadingContacts', target: 'waiting', actions: 'wantContact' },
              { target: 'finding', actions: 'wantContact' },
            ],
          },
        },
        // The list is on its way: the contact is looked for in it first, with no call of its own.
        waiting: {
          on: {
            CONTACTS_LOADED: [{ guard: 'listsWanted', target: 'open', actions: 'openWanted' }, { target: 'finding' }],
            // The contact may still be found by itself.
            CONTACTS_FAILED: { target: 'finding' },
            CLOSE_DETAILS: giveUp,
            RESTORE_FILTERS: giveUp,
          },
        },
        // Not in the list (beyond its first page): `GET /api/contacts/{slug}/`; a legacy API answers 404.
        finding: {
          invoke: { src: 'loadContact', input: ({ context }) => context.wanted ?? '' },
          on: {
            CONTACT_LOADED: { target: 'open', actions: 'openFound' },
            CONTACT_FAILED: giveUp,
            CLOSE_DETAILS: giveUp,
            RESTORE_FILTERS: giveUp,
          },
        },
        open: {
          on: {
            CLOSE_DETAILS: { target: 'closed', actions: 'closeDetails' },
            // A new list may not hold the contact any more.
            RESTORE_FILTERS: { target: 'closed', actions: 'closeDetails' },
          },
        },
      },
    },
  },
});

/** A snapshot of the directory machine. */
export type DirectorySnapshot = SnapshotFrom<typeof directoryMachine>;

/** What the grid area shows. */
export type DirectoryStatus = 'loading' | 'ready' | 'empty' | 'failed';

const DIRECTORY_STATUSES: readonly DirectoryStatus[] = ['loading', 'ready', 'empty', 'failed'];

/** The state of the grid area. */
export const selectStatus = (snapshot: DirectorySnapshot): DirectoryStatus =>
  DIRECTORY_STATUSES.find((status) => snapshot.matches({ contacts: status })) ?? 'loading';

/**
 * The contacts held for the cards. While a newer search loads, the previous answer stays in
 * place (marked busy by the view) rather than flashing placeholders at every key release.
 */
export const selectVisibleContacts = (snapshot: DirectorySnapshot): readonly Contact[] => {
  const status = selectStatus(snapshot);
  return status === 'ready' || status === 'loading' ? snapshot.context.contacts : [];
};

/** How many of the held contacts are cards: the first pages only, however many a legacy answer holds. */
export const selectShownCount = (snapshot: DirectorySnapshot): number => Math.min(snapshot.context.shown, selectVisibleContacts(snapshot).length);

/** How many contacts match the filters in all (what "N contacts" says). */
export const selectTotal = (snapshot: DirectorySnapshot): number => Math.max(snapshot.context.count, selectShownCount(snapshot));

/** What the results heading counts (the shared rule): the total the API reports, and how many cards are shown when fewer. */
export const selectResultsCount = (snapshot: DirectorySnapshot): { total: number; shown: number | null } => {
  const total = selectTotal(snapshot);
  const shown = selectShownCount(snapshot);
  return { total, shown: shown < total ? shown : null };
};

/**
 * What the polite status says of the count: nothing for the first list (its count is on the page as it
 * loads), the count of each later one as it arrives, and nothing after "Afficher plus", which says
 * itself how many cards it added. `shown` is `null` when every match is shown.
 */
export const selectAnnouncedCount = (snapshot: DirectorySnapshot): { total: number; shown: number | null } | null => {
  const status = selectStatus(snapshot);
  if (snapshot.context.lists < 2 || (status !== 'ready' && status !== 'empty') || snapshot.context.appendedFrom !== null) return null;
  return selectResultsCount(snapshot);
};

/** Whether "Afficher plus" is offered: contacts held but not shown, or a further page; also while it loads or after it failed. */
export const selectHasMore = (snapshot: DirectorySnapshot): boolean =>
  snapshot.matches({ contacts: 'ready' }) && (snapshot.context.shown < snapshot.context.contacts.length || snapshot.context.next !== null);

/** Whether the contacts are being asked for again after a time-out or a server error ("still trying"). */
export const selectRetrying = (snapshot: DirectorySnapshot): boolean => snapshot.matches({ contacts: { loading: 'retrying' } });

/** Whether a further page is on its way. */
export const selectLoadingMore = (snapshot: DirectorySnapshot): boolean => snapshot.matches({ contacts: { ready: 'loadingMore' } });

/** Whether the latest further page failed. */
export const selectMoreFailed = (snapshot: DirectorySnapshot): boolean => snapshot.matches({ contacts: { ready: 'moreFailed' } });

/** The index of the first card the latest "Afficher plus" added, or `null`. */
export const selectAppendedFrom = (snapshot: DirectorySnapshot): number | null => (snapshot.matches({ contacts: 'ready' }) ? snapshot.context.appendedFrom : null);

/** The contact whose details are open, if any. */
export const selectOpenContact = (snapshot: DirectorySnapshot): Contact | null => (snapshot.matches({ details: 'open' }) ? snapshot.context.opened : null);

/** Whether a permalink's contact is still being looked for (in the list on its way, or by itself). */
export const selectFindingContact = (snapshot: DirectorySnapshot): boolean => snapshot.matches({ details: 'waiting' }) || snapshot.matches({ details: 'finding' });

/** The filters as the visitor set them. */
export const selectFilters = (snapshot: DirectorySnapshot): DirectoryFilters => snapshot.context.filters;

/**
 * The category titles of the dropdown. A category chosen by a shared link is listed even
 * before (or without) the category list, so the dropdown always shows the filter in force.
 */
export const selectCategoryOptions = (snapshot: DirectorySnapshot): readonly string[] => {
  const { categories, filters } = snapshot.context;
  return filters.category === '' || categories.includes(filters.category) ? categories : [filters.category, ...categories];
};

/** The list's query string: its filters and the pages it shows (`?…&page=2`), as the address keeps them. */
export const listSearchOf = (context: DirectoryContext): string => withPages(filtersToSearch(context.filters), context.pages);

/** The list's query string, as the address keeps it. */
export const selectListSearch = (snapshot: DirectorySnapshot): string => listSearchOf(snapshot.context);

/** The query string of "Afficher plus" as a link: the list with one page more. */
export const selectMoreSearch = (snapshot: DirectorySnapshot): string => withPages(filtersToSearch(snapshot.context.filters), snapshot.context.pages + 1);

/** A letter of the index as the row shows it: how many contacts it has (`null`: the backend does not say), and whether it is the one in force. */
export interface IndexLetter {
  readonly letter: string;
  readonly count: number | null;
  readonly current: boolean;
}

/** The row of letters A to Z over the cards: each with its count under the name and category filters, the letter in force marked. */
export const selectLetterIndex = (snapshot: DirectorySnapshot): readonly IndexLetter[] => {
  const { letters, filters } = snapshot.context;
  const counts = new Map((letters ?? []).map((entry) => [entry.letter, entry.count]));
  return LETTERS.map((letter) => ({ letter, count: letters === null ? null : (counts.get(letter) ?? 0), current: filters.letter === letter }));
};

/** The letter in force, or `''` for every letter. */
export const selectLetter = (snapshot: DirectorySnapshot): string => snapshot.context.filters.letter ?? '';

/** The query string of a letter's link (`''`: every letter): the name and the category kept, the list at its first page. */
export const letterSearch = (filters: DirectoryFilters, letter: string): string => filtersToSearch({ ...filters, letter });
