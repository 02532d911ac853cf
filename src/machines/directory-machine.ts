import { assign, fromCallback, fromEventObservable, setup, type SnapshotFrom } from 'xstate';
import { throwError } from 'rxjs';
import type { Contact } from '../domain/contact';
import { NO_FILTERS, filtersFromSearch, type DirectoryFilters } from '../domain/directory';
import type { CategoriesEvent, ContactsEvent } from '../services/contacts-service';
import type { HistoryMode } from '../services/history-service';
import type { HttpFailure } from '../services/http';
import { CATEGORY_LIST_REGION } from './category-list-region';

/** What the directory holds (SPEC §3, "Directory state"): contacts and category titles, plus the filters. */
export interface DirectoryContext {
  readonly contacts: readonly Contact[];
  readonly categories: readonly string[];
  readonly filters: DirectoryFilters;
  readonly error: HttpFailure | null;
  /** The index in `contacts` of the contact whose details are open. */
  readonly selected: number | null;
}

/** Visitor intents (imperative) and service answers (past tense). */
export type DirectoryEvent =
  | { readonly type: 'TYPE'; readonly text: string }
  | { readonly type: 'SEARCH'; readonly text: string }
  | { readonly type: 'SELECT_CATEGORY'; readonly category: string }
  | { readonly type: 'CLEAR' }
  | { readonly type: 'CLEAR_FILTERS' }
  | { readonly type: 'RESTORE_FILTERS'; readonly search: string }
  | { readonly type: 'RETRY' }
  | { readonly type: 'TOGGLE_MODAL'; readonly index?: number }
  | ContactsEvent
  | CategoriesEvent;

const unprovided = (name: string) => () =>
  throwError(() => new Error(`The directory machine needs the actor "${name}": give it with machine.provide().`));

const toHistory = (mode: HistoryMode) => ({ type: 'writeHistory', params: { mode } }) as const;

/**
 * A change of filters, from any state of the contacts: back to `loading`, which stops the
 * running request, so only the latest answer is ever shown. Written on each child rather
 * than once on `contacts`: a re-entering transition there would have the parallel root as
 * its domain and restart the categories too (a categories call at every key release).
 */
const newFilters = {
  SEARCH: { target: 'loading', reenter: true, actions: ['setText', toHistory('replace')] },
  SELECT_CATEGORY: { target: 'loading', reenter: true, actions: ['setCategory', toHistory('push')] },
  CLEAR: { guard: 'hasText', target: 'loading', reenter: true, actions: ['clearText', toHistory('push')] },
  RESTORE_FILTERS: { target: 'loading', reenter: true, actions: 'restoreFilters' },
} as const;

/** The directory (SPEC §4, "Directory"): contacts, category list and the detail modal run side by side. */
export const directoryMachine = setup({
  types: {
    context: {} as DirectoryContext,
    events: {} as DirectoryEvent,
    input: {} as { filters?: DirectoryFilters },
  },
  actors: {
    loadContacts: fromEventObservable<ContactsEvent, DirectoryFilters>(unprovided('loadContacts')),
    loadCategories: fromEventObservable<CategoriesEvent, void>(unprovided('loadCategories')),
    // A widget without URL sync (a host page that owns its address) keeps this silent default.
    watchHistory: fromCallback(() => undefined),
  },
  actions: {
    setText: assign({
      filters: ({ context, event }) =>
        event.type === 'TYPE' || event.type === 'SEARCH' ? { ...context.filters, text: event.text } : context.filters,
    }),
    setCategory: assign({
      filters: ({ context, event }) =>
        event.type === 'SELECT_CATEGORY' ? { ...context.filters, category: event.category } : context.filters,
    }),
    clearText: assign({ filters: ({ context }) => ({ ...context.filters, text: '' }) }),
    clearFilters: assign({ filters: NO_FILTERS }),
    restoreFilters: assign({
      filters: ({ context, event }) => (event.type === 'RESTORE_FILTERS' ? filtersFromSearch(event.search) : context.filters),
    }),
    storeContacts: assign({
      contacts: ({ context, event }) => (event.type === 'CONTACTS_LOADED' ? event.contacts : context.contacts),
      error: null,
    }),
    storeError: assign({
      error: ({ context, event }) =>
        event.type === 'CONTACTS_FAILED' || event.type === 'CATEGORIES_FAILED' ? event.error : context.error,
    }),
    storeCategories: assign({
      categories: ({ context, event }) => (event.type === 'CATEGORIES_LOADED' ? event.categories : context.categories),
    }),
    openDetails: assign({
      selected: ({ context, event }) => (event.type === 'TOGGLE_MODAL' && event.index !== undefined ? event.index : context.selected),
    }),
    closeDetails: assign({ selected: null }),
    // Given by the widget: writes the filters to the address bar.
    writeHistory: (_, _params: { mode: HistoryMode }) => undefined,
  },
  guards: {
    hasText: ({ context }) => context.filters.text !== '',
    hasFilters: ({ context }) => context.filters.text !== '' || context.filters.category !== '',
    hasContacts: ({ event }) => event.type === 'CONTACTS_LOADED' && event.contacts.length > 0,
    isListedContact: ({ context, event }) =>
      event.type === 'TOGGLE_MODAL' && event.index !== undefined && event.index >= 0 && event.index < context.contacts.length,
  },
}).createMachine({
  id: 'directory',
  type: 'parallel',
  context: ({ input }) => ({
    contacts: [],
    categories: [],
    filters: input.filters ?? NO_FILTERS,
    error: null,
    selected: null,
  }),
  invoke: { src: 'watchHistory' },
  states: {
    contacts: {
      initial: 'loading',
      // Typing without a key release only changes the text; the request waits for the release.
      on: { TYPE: { actions: 'setText' } },
      states: {
        loading: {
          invoke: { src: 'loadContacts', input: ({ context }) => context.filters },
          on: {
            ...newFilters,
            CONTACTS_LOADED: [
              { guard: 'hasContacts', target: 'ready', actions: 'storeContacts' },
              { target: 'empty', actions: 'storeContacts' },
            ],
            CONTACTS_FAILED: { target: 'failed', actions: 'storeError' },
          },
        },
        ready: { on: newFilters },
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
        closed: { on: { TOGGLE_MODAL: { guard: 'isListedContact', target: 'open', actions: 'openDetails' } } },
        open: {
          on: {
            TOGGLE_MODAL: { target: 'closed', actions: 'closeDetails' },
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

/** The state of the grid area. */
export const selectStatus = (snapshot: DirectorySnapshot): DirectoryStatus =>
  (snapshot.value as { contacts: DirectoryStatus }).contacts;

/**
 * The contacts to show as cards. While a newer search loads, the previous answer stays in
 * place (marked busy by the view) rather than flashing placeholders at every key release.
 */
export const selectVisibleContacts = (snapshot: DirectorySnapshot): readonly Contact[] => {
  const status = selectStatus(snapshot);
  return status === 'ready' || status === 'loading' ? snapshot.context.contacts : [];
};

/** The contact whose details are open, if any. */
export const selectOpenContact = (snapshot: DirectorySnapshot): Contact | null =>
  snapshot.matches({ details: 'open' }) && snapshot.context.selected !== null
    ? snapshot.context.contacts[snapshot.context.selected] ?? null
    : null;

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
