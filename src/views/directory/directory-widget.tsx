import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { filtersFromSearch, filtersToSearch } from '../../domain/directory';
import { DIRECTORY_MESSAGES } from '../../i18n/directory-messages';
import { addMessages } from '../../i18n/intl';
import { directoryMachine } from '../../machines/directory-machine';
import { contactCategoriesActor, contactsActor } from '../../services/contacts-service';
import { historyActor, writeSearch } from '../../services/history-service';
import { apiBaseOf } from '../../services/http';
import { WidgetRoot } from '../shared/widget-root';
import type { MountWidget } from '../widget';
import { DirectoryView } from './directory-view';
import '../shared/widgets.css';
import './directory.css';

// The directory's messages come with its chunk: other pages never load them.
addMessages(DIRECTORY_MESSAGES);

/** The directory machine with the real services of a container: its API base and the page history. */
export const liveDirectoryMachine = (container: Element) => {
  const base = apiBaseOf(container);
  return directoryMachine.provide({
    actors: {
      loadContacts: contactsActor(base),
      loadCategories: contactCategoriesActor(base),
      watchHistory: historyActor('RESTORE_FILTERS'),
    },
    actions: {
      writeHistory: ({ context }, params) => writeSearch(params.mode, filtersToSearch(context.filters)),
    },
  });
};

/** Mounts the directory into its container, with the filters of the page address. */
export const mountWidget: MountWidget = (container, tools) => {
  const input = { filters: filtersFromSearch(window.location.search) };
  const actor = createActor(liveDirectoryMachine(container), { input, inspect: tools.observe('directory', input) });
  actor.start();
  const root = createRoot(container);
  root.render(
    <WidgetRoot container={container}>
      <DirectoryView actor={actor} />
    </WidgetRoot>,
  );
  return () => {
    root.unmount();
    actor.stop();
  };
};
