import { createActor, fromCallback } from 'xstate';
import type { Contact } from '../../domain/contact';
import { filtersFromSearch, filtersToSearch } from '../../domain/directory';
import { contactPath, contactSlug, localizedPath, parseSitePath, PAGE_PATHS, splitLanguage } from '../../domain/permalinks';
import { DIRECTORY_MESSAGES } from '../../i18n/directory-messages';
import { addMessages } from '../../i18n/intl';
import { directoryMachine, selectOpenContact, type DirectorySnapshot } from '../../machines/directory-machine';
import { contactCategoriesActor, contactsActor } from '../../services/contacts-service';
import { syncPermalink } from '../../services/permalink-history';
import { writeSearch } from '../../services/history-service';
import type { Api } from '../../services/http';
import type { WidgetEntry } from '../entries/widget-entry';
import { DirectoryView } from './directory-view';

// The directory's messages come with its chunk (and with the server's renderer).
addMessages(DIRECTORY_MESSAGES);

/** The index of the contact a permalink names in the list, or -1. */
const indexOfSlug = (contacts: readonly Contact[], slug: string): number => contacts.findIndex((contact) => contactSlug(contact) === slug);

/** The slug of the contact an address names, if it names one. */
const slugOf = (pathname: string): string | null => {
  const path = parseSitePath(splitLanguage(pathname).path);
  return path?.kind === 'contact' ? path.slug : null;
};

/**
 * The directory machine with the services of a setting. In the browser it follows the address:
 * Back and Forward restore the filters, or open and close the contact a permalink names.
 */
export const liveDirectoryMachine = (api: Api, history: { snapshot: () => DirectorySnapshot | null } | null) =>
  directoryMachine.provide({
    actors: {
      loadContacts: contactsActor(api),
      loadCategories: contactCategoriesActor(api),
      ...(history
        ? {
            watchHistory: fromCallback(({ sendBack }) => {
              const onPopState = (): void => {
                const snapshot = history.snapshot();
                // Other filters in the address: the list changes. The same ones: only the open contact may.
                if (!snapshot || filtersToSearch(snapshot.context.filters) !== window.location.search) {
                  sendBack({ type: 'RESTORE_FILTERS', search: window.location.search });
                  return;
                }
                const slug = slugOf(window.location.pathname);
                const open = selectOpenContact(snapshot);
                if (slug === null && open) sendBack({ type: 'TOGGLE_MODAL' });
                else if (slug !== null && (!open || contactSlug(open) !== slug)) {
                  const index = indexOfSlug(snapshot.context.contacts, slug);
                  if (open) sendBack({ type: 'TOGGLE_MODAL' });
                  if (index >= 0) sendBack({ type: 'TOGGLE_MODAL', index });
                }
              };
              window.addEventListener('popstate', onPopState);
              return () => window.removeEventListener('popstate', onPopState);
            }),
          }
        : {}),
    },
    actions: history
      ? { writeHistory: ({ context }, params) => writeSearch(params.mode, filtersToSearch(context.filters)) }
      : {},
  });

/** The directory's render entry: filters from the query, an open contact from a permalink. */
export const directoryEntry: WidgetEntry = {
  name: 'directory',
  create: (setting) => {
    const input = { filters: filtersFromSearch(setting.location.search) };
    const browser = setting.side === 'browser';
    let actorRef: ReturnType<typeof createActor<ReturnType<typeof liveDirectoryMachine>>> | null = null;
    const machine = liveDirectoryMachine(setting.api, browser ? { snapshot: () => actorRef?.getSnapshot() ?? null } : null);
    const actor = createActor(machine, { input, inspect: setting.observe(input) });
    actorRef = actor;
    const slug = slugOf(setting.location.pathname);
    return {
      actor,
      element: <DirectoryView actor={actor} />,
      afterSettle: () => {
        if (slug === null) return true;
        const index = indexOfSlug(actor.getSnapshot().context.contacts, slug);
        if (index < 0) return false;
        actor.send({ type: 'TOGGLE_MODAL', index });
        return true;
      },
      attach: () =>
        syncPermalink({
          subscribe: (listener) => actor.subscribe(listener).unsubscribe,
          // The language of the address at the time: the header's switch may have changed it.
          permalink: () => {
            const open = selectOpenContact(actor.getSnapshot());
            return open ? localizedPath(contactPath(open), splitLanguage(window.location.pathname).language) : null;
          },
          listPath: () => localizedPath(PAGE_PATHS.directory, splitLanguage(window.location.pathname).language),
        }),
    };
  },
};
