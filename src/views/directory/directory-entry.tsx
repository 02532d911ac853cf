import { createActor, fromCallback } from 'xstate';
import { filtersFromSearch } from '../../domain/directory';
import { pagesFromSearch } from '../../domain/list-pages';
import { exportBaseFor } from '../../domain/directory-export';
import { PAGE_SIZES, pageSizeOf } from '../../domain/paging';
import { contactPath, contactSlug, localizedPath, parseSitePath, PAGE_PATHS, splitLanguage } from '../../domain/permalinks';
import { directoryMachine, listSearchOf, selectFindingContact, selectListSearch, selectOpenContact, type DirectorySnapshot } from '../../machines/directory-machine';
import { contactActor, contactCategoriesActor, contactsActor, moreContactsActor } from '../../services/contacts-service';
import { syncPermalink } from '../../services/permalink-history';
import { writeSearch } from '../../services/history-service';
import type { Api } from '../../services/http';
import type { WidgetEntry } from '../entries/widget-entry';
import { DirectoryView } from './directory-view';

/** The slug of the contact an address names, if it names one. */
const slugOf = (pathname: string): string | null => {
  const path = parseSitePath(splitLanguage(pathname).path);
  return path?.kind === 'contact' ? path.slug : null;
};

/**
 * The directory machine with the services of a setting. In the browser it follows the address:
 * Back and Forward restore the filters, or open and close the contact a permalink names.
 */
export const liveDirectoryMachine = (api: Api, history: { snapshot: () => DirectorySnapshot | null } | null, pageSize: number = PAGE_SIZES.contacts) =>
  directoryMachine.provide({
    actors: {
      loadContacts: contactsActor(api, pageSize),
      loadMore: moreContactsActor(api),
      loadContact: contactActor(api),
      loadCategories: contactCategoriesActor(api),
      ...(history
        ? {
            watchHistory: fromCallback(({ sendBack }) => {
              const onPopState = (): void => {
                const before = history.snapshot();
                if (!before) return;
                // Other filters in the address: the list changes, and the details close.
                if (selectListSearch(before) !== window.location.search) {
                  sendBack({ type: 'RESTORE_FILTERS', search: window.location.search });
                }
                const snapshot = history.snapshot() ?? before;
                const slug = slugOf(window.location.pathname);
                const open = selectOpenContact(snapshot);
                const busy = open !== null || selectFindingContact(snapshot);
                if (slug !== null && open !== null && contactSlug(open) === slug) return;
                if (busy) sendBack({ type: 'CLOSE_DETAILS' });
                // The contact of the list, or of the list on its way, or loaded by itself.
                if (slug !== null) sendBack({ type: 'OPEN_DETAILS', slug });
              };
              window.addEventListener('popstate', onPopState);
              return () => window.removeEventListener('popstate', onPopState);
            }),
          }
        : {}),
    },
    actions: history ? { writeHistory: ({ context }, params) => writeSearch(params.mode, listSearchOf(context)) } : {},
  });

/** The directory's render entry: filters from the query, an open contact from a permalink. */
export const directoryEntry: WidgetEntry = {
  name: 'directory',
  // Its first screen is the server's: the code loads when the visitor reaches for it.
  wake: 'intent',
  create: (setting) => {
    const slug = slugOf(setting.location.pathname);
    // Nothing volatile: the browser's first calls must be the server's, whose answers the page holds.
    const pageSize = pageSizeOf(setting.attribute('data-page-size'), PAGE_SIZES.contacts);
    const input = { filters: filtersFromSearch(setting.location.search), permalink: slug, pageSize, pages: pagesFromSearch(setting.location.search) };
    const browser = setting.side === 'browser';
    let actorRef: ReturnType<typeof createActor<ReturnType<typeof liveDirectoryMachine>>> | null = null;
    const machine = liveDirectoryMachine(setting.api, browser ? { snapshot: () => actorRef?.getSnapshot() ?? null } : null, pageSize);
    const actor = createActor(machine, { input, inspect: setting.observe(input) });
    actorRef = actor;
    return {
      actor,
      element: <DirectoryView actor={actor} exportBase={exportBaseFor(setting.attribute('data-export-base'), setting.attribute('data-api-base'))} />,
      // The machine opens the permalink's contact itself (from the list, or by its own call): found or not, it has settled.
      afterSettle: () => slug === null || selectOpenContact(actor.getSnapshot()) !== null,
      subject: () => {
        const contact = selectOpenContact(actor.getSnapshot());
        return contact === null ? null : { kind: 'contact', contact };
      },
      attach: () =>
        syncPermalink({
          subscribe: (listener) => {
            const subscription = actor.subscribe(listener);
            return () => subscription.unsubscribe();
          },
          // The language of the address at the time: the header's switch may have changed it.
          permalink: () => {
            const open = selectOpenContact(actor.getSnapshot());
            return open ? localizedPath(contactPath(open), splitLanguage(window.location.pathname, setting.root).language, setting.root) : null;
          },
          listPath: () => localizedPath(PAGE_PATHS.directory, splitLanguage(window.location.pathname, setting.root).language, setting.root),
        }),
    };
  },
};
