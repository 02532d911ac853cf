import type { SnapshotFrom } from 'xstate';
import { directoryMachine, type DirectoryEvent } from '../../src/machines/directory-machine';
import { CATEGORIES, CONTACTS, FAILURE } from '../support/directory-fixtures';
import type { MachineModel } from './machine-model';
import { withoutInvocations } from './without-invocations';

type Snapshot = SnapshotFrom<typeof directoryMachine>;

const say = (language: 'fr' | 'en', fr: string, en: string): string => (language === 'fr' ? fr : en);

/** The directory machine as the model-based tests and `npm run paths` walk it. */
export const directoryModel: MachineModel<DirectoryEvent> = {
  name: 'directory',
  model: withoutInvocations(directoryMachine),
  input: {},
  events: (state) => {
    const snapshot = state as Snapshot;
    const { filters, categories, contacts } = snapshot.context;
    // The open dialog is modal: behind it, only the browser's Back button still acts.
    if (snapshot.matches({ details: 'open' })) {
      return [{ type: 'TOGGLE_MODAL' }, { type: 'RESTORE_FILTERS', search: '?categorie=Communes' }];
    }
    const events: DirectoryEvent[] = [
      { type: 'TYPE', text: 'hel' },
      { type: 'SEARCH', text: 'hel' },
      { type: 'RESTORE_FILTERS', search: '?categorie=Communes' },
    ];
    if (filters.text !== '') events.push({ type: 'CLEAR' });
    if (filters.category !== '') events.push({ type: 'SELECT_CATEGORY', category: '' });
    if (categories.includes('Grand Conseil') && filters.category !== 'Grand Conseil') {
      events.push({ type: 'SELECT_CATEGORY', category: 'Grand Conseil' });
    }
    if (snapshot.matches({ contacts: 'empty' })) events.push({ type: 'CLEAR_FILTERS' });
    if (snapshot.matches({ contacts: 'failed' }) || snapshot.matches({ categories: 'failed' })) events.push({ type: 'RETRY' });
    if (snapshot.matches({ contacts: 'loading' })) {
      events.push(
        { type: 'CONTACTS_LOADED', contacts: CONTACTS },
        { type: 'CONTACTS_LOADED', contacts: [] },
        { type: 'CONTACTS_FAILED', error: FAILURE },
      );
    }
    if (snapshot.matches({ categories: 'loading' })) {
      events.push({ type: 'CATEGORIES_LOADED', categories: CATEGORIES }, { type: 'CATEGORIES_FAILED', error: FAILURE });
    }
    if (snapshot.matches({ details: 'closed' }) && snapshot.matches({ contacts: 'ready' }) && contacts.length > 0) {
      events.push({ type: 'TOGGLE_MODAL', index: 0 });
    }
    return events;
  },
  // The state as far as the visitor can tell it apart: value, the filters, whether cards and categories exist.
  key: (state) => {
    const snapshot = state as Snapshot;
    return JSON.stringify([
      snapshot.value,
      snapshot.context.filters.text !== '',
      snapshot.context.filters.category,
      snapshot.context.contacts.length > 0,
      snapshot.context.categories.length > 0,
    ]);
  },
  describeEvent: (event, language) => {
    switch (event.type) {
      case 'TYPE':
        return say(language, `Coller « ${event.text} » dans la recherche, sans frappe au clavier`, `Paste “${event.text}” into the search box, without a key press`);
      case 'SEARCH':
        return say(language, `Taper « ${event.text} » dans la recherche`, `Type “${event.text}” in the search box`);
      case 'SELECT_CATEGORY':
        return event.category === ''
          ? say(language, 'Choisir « Sélectionner une catégorie » (aucune catégorie)', 'Choose “Select a category” (no category)')
          : say(language, `Choisir la catégorie « ${event.category} »`, `Choose the category “${event.category}”`);
      case 'CLEAR':
        return say(language, 'Cliquer sur la croix « Effacer la recherche »', 'Click the cross “Clear the search”');
      case 'CLEAR_FILTERS':
        return say(language, 'Cliquer sur « Effacer les filtres »', 'Click “Clear the filters”');
      case 'RESTORE_FILTERS':
        return say(language, `Revenir en arrière vers l’adresse « ${event.search} »`, `Go back to the address “${event.search}”`);
      case 'RETRY':
        return say(language, 'Cliquer sur « Réessayer »', 'Click “Try again”');
      case 'TOGGLE_MODAL':
        return event.index === undefined
          ? say(language, 'Fermer la fenêtre de détails (croix « Fermer »)', 'Close the details (cross “Close”)')
          : say(language, `Ouvrir les détails de « ${CONTACTS[event.index]?.title ?? event.index} » (bouton ⋯)`, `Open the details of “${CONTACTS[event.index]?.title ?? event.index}” (⋯ button)`);
      case 'CONTACTS_LOADED':
        return say(language, `Le serveur répond avec ${event.contacts.length} contact(s)`, `The server answers with ${event.contacts.length} contact(s)`);
      case 'CONTACTS_FAILED':
        return say(language, 'L’appel des contacts échoue', 'The contacts call fails');
      case 'CATEGORIES_LOADED':
        return say(language, `Le serveur répond avec ${event.categories.length} catégorie(s)`, `The server answers with ${event.categories.length} categories`);
      case 'CATEGORIES_FAILED':
        return say(language, 'L’appel des catégories échoue', 'The categories call fails');
    }
  },
  words: { contacts: ['contacts', 'contacts'], details: ['détails', 'details'] },
  describeContext: (state, language) => {
    const { filters, contacts } = (state as Snapshot).context;
    const parts = [
      say(language, `${contacts.length} carte(s)`, `${contacts.length} card(s)`),
      ...(filters.text ? [say(language, `texte « ${filters.text} »`, `text “${filters.text}”`)] : []),
      ...(filters.category ? [say(language, `catégorie « ${filters.category} »`, `category “${filters.category}”`)] : []),
    ];
    return parts.join(', ');
  },
};
