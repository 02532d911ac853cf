import type { SnapshotFrom } from 'xstate';
import { hasAgendaFilters } from '../../src/domain/agenda-filters';
import { agendaEvents } from '../../src/domain/agenda-grouping';
import { agendaMachine, filtersOf, selectCategoryToggles, type AgendaMachineEvent } from '../../src/machines/agenda-machine';
import { AGENDA_CATEGORIES, AGENDA_EVENTS, AGENDA_FAILURE } from '../support/agenda-fixtures';
import type { MachineModel } from './machine-model';
import { withoutInvocations } from './without-invocations';

type Snapshot = SnapshotFrom<typeof agendaMachine>;

const say = (language: 'fr' | 'en', fr: string, en: string): string => (language === 'fr' ? fr : en);
const categoryTitle = (id: string): string => AGENDA_CATEGORIES.find((category) => category.id === id)?.title ?? id;

/** The agenda machine as the model-based tests and `npm run paths` walk it. */
export const agendaModel: MachineModel<AgendaMachineEvent> = {
  name: 'agenda',
  model: withoutInvocations(agendaMachine),
  input: { agendaId: '1' },
  events: (state) => {
    const snapshot = state as Snapshot;
    const { currentCategories, month, title } = snapshot.context;
    const toggles = selectCategoryToggles(snapshot).map((category) => category.id);
    const events: AgendaMachineEvent[] = [{ type: 'SEARCH' }, { type: 'SELECT_MONTH', month: month === null ? 12 : null }];
    if (title === null) events.push({ type: 'TYPE_TITLE', title: 'séance' });
    if (month === null && title === null) events.push({ type: 'RESTORE_FILTERS', search: '?mois=1' });
    for (const id of toggles.slice(0, 1)) {
      events.push(currentCategories.includes(id) ? { type: 'REMOVE_CATEGORY', id } : { type: 'ADD_CATEGORY', id });
    }
    if (currentCategories.length > 0) events.push({ type: 'SET_CATEGORIES', categories: [] });
    if (snapshot.matches({ events: 'empty' })) events.push({ type: 'RESET' });
    if (snapshot.matches({ events: 'failed' }) || snapshot.matches({ categories: 'failed' })) events.push({ type: 'RETRY' });
    if (snapshot.matches({ events: 'loading' })) {
      // The service asks for the plain agenda exactly when no filter is set.
      const plain = !hasAgendaFilters(filtersOf(snapshot.context));
      events.push(
        { type: 'AGENDA_LOADED', events: AGENDA_EVENTS, plain },
        { type: 'AGENDA_LOADED', events: [], plain },
        { type: 'AGENDA_FAILED', error: AGENDA_FAILURE },
      );
    }
    if (snapshot.matches({ categories: 'loading' })) {
      events.push({ type: 'CATEGORIES_LOADED', categories: AGENDA_CATEGORIES }, { type: 'CATEGORIES_FAILED', error: AGENDA_FAILURE });
    }
    return events;
  },
  // Everything the screen shows: the states, the filters, how many events show, whether categories are listed.
  key: (state) => {
    const snapshot = state as Snapshot;
    return JSON.stringify([
      snapshot.value,
      snapshot.context.currentCategories,
      snapshot.context.month,
      snapshot.context.title,
      agendaEvents(snapshot.context.agenda).length,
      snapshot.context.categories.length > 0,
    ]);
  },
  describeEvent: (event, language) => {
    switch (event.type) {
      case 'SET_CATEGORIES':
        return say(language, 'Cliquer sur « Toutes les catégories »', 'Click “All categories”');
      case 'ADD_CATEGORY':
        return say(language, `Activer la catégorie « ${categoryTitle(event.id)} »`, `Turn on the category “${categoryTitle(event.id)}”`);
      case 'REMOVE_CATEGORY':
        return say(language, `Désactiver la catégorie « ${categoryTitle(event.id)} »`, `Turn off the category “${categoryTitle(event.id)}”`);
      case 'SELECT_MONTH':
        return event.month === null
          ? say(language, 'Choisir « Tous les mois »', 'Choose “All months”')
          : say(language, `Choisir le mois n° ${event.month}`, `Choose month ${event.month}`);
      case 'TYPE_TITLE':
        return say(language, `Taper « ${event.title} » dans le titre`, `Type “${event.title}” in the title box`);
      case 'SEARCH':
        return say(language, 'Cliquer sur « Rechercher »', 'Click “Search”');
      case 'RESET':
        return say(language, 'Cliquer sur « Réinitialiser les filtres »', 'Click “Reset the filters”');
      case 'RESTORE_FILTERS':
        return say(language, `Revenir en arrière vers l’adresse « ${event.search} »`, `Go back to the address “${event.search}”`);
      case 'RETRY':
        return say(language, 'Cliquer sur « Réessayer »', 'Click “Try again”');
      case 'AGENDA_LOADED':
        return say(
          language,
          `Le serveur répond avec ${event.events.length} événement(s) (${event.plain ? 'agenda complet' : 'filtré'})`,
          `The server answers with ${event.events.length} event(s) (${event.plain ? 'whole agenda' : 'filtered'})`,
        );
      case 'AGENDA_FAILED':
        return say(language, 'L’appel de l’agenda échoue', 'The agenda call fails');
      case 'CATEGORIES_LOADED':
        return say(language, `Le serveur répond avec ${event.categories.length} catégorie(s)`, `The server answers with ${event.categories.length} categories`);
      case 'CATEGORIES_FAILED':
        return say(language, 'L’appel des catégories échoue', 'The categories call fails');
    }
  },
  words: { events: ['événements', 'events'] },
  describeContext: (state, language) => {
    const { currentCategories, month, title, agenda } = (state as Snapshot).context;
    return [
      say(language, `${agendaEvents(agenda).length} événement(s)`, `${agendaEvents(agenda).length} event(s)`),
      ...(currentCategories.length ? [say(language, `catégories ${currentCategories.map(categoryTitle).join(', ')}`, `categories ${currentCategories.map(categoryTitle).join(', ')}`)] : []),
      ...(month !== null ? [say(language, `mois ${month}`, `month ${month}`)] : []),
      ...(title ? [say(language, `titre « ${title} »`, `title “${title}”`)] : []),
    ].join(', ');
  },
};
