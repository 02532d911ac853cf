import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { agendaFiltersFromSearch, agendaFiltersToSearch } from '../../domain/agenda-filters';
import { AGENDA_MESSAGES } from '../../i18n/agenda-messages';
import { addMessages } from '../../i18n/intl';
import { agendaMachine, filtersOf } from '../../machines/agenda-machine';
import { agendaActor, agendaCategoriesActor } from '../../services/agenda-service';
import { historyActor, writeSearch } from '../../services/history-service';
import { apiBaseOf } from '../../services/http';
import { WidgetRoot } from '../shared/widget-root';
import type { MountWidget } from '../widget';
import { AgendaView } from './agenda-view';
import '../shared/widgets.css';
import './agenda.css';

// The agenda's messages come with its chunk: other pages never load them.
addMessages(AGENDA_MESSAGES);

/** The agenda machine with the real services of a container: its API base and the page history. */
export const liveAgendaMachine = (container: Element) => {
  const base = apiBaseOf(container);
  return agendaMachine.provide({
    actors: {
      loadAgenda: agendaActor(base),
      loadCategories: agendaCategoriesActor(base),
      watchHistory: historyActor('RESTORE_FILTERS'),
    },
    actions: {
      writeHistory: ({ context }, params) => writeSearch(params.mode, agendaFiltersToSearch(filtersOf(context))),
    },
  });
};

/** Mounts the agenda of the container's `data-agenda-id`, with the filters of the page address. */
export const mountWidget: MountWidget = (container, tools) => {
  const input = { agendaId: container.dataset.agendaId ?? '1', filters: agendaFiltersFromSearch(window.location.search) };
  const actor = createActor(liveAgendaMachine(container), { input, inspect: tools.observe('agenda', input) });
  actor.start();
  const root = createRoot(container);
  root.render(
    <WidgetRoot container={container}>
      <AgendaView actor={actor} />
    </WidgetRoot>,
  );
  return () => {
    root.unmount();
    actor.stop();
  };
};
