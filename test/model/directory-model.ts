import type { SnapshotFrom } from 'xstate';
import {
  directoryMachine,
  selectAnnouncedCount,
  selectHasMore,
  selectResultsCount,
  selectRetrying,
  selectVisibleContacts,
  selectOpenContact,
  selectShownCount,
  selectTotal,
  type DirectoryEvent,
} from '../../src/machines/directory-machine';
import { CATEGORIES, CONTACTS, DETACHED, FAILURE, FIRST_PAGE, LAST_PAGE, MODEL_PAGE_SIZE, NO_SUCH_CALL, STALE_CURSOR } from '../support/directory-fixtures';
import { contactSlug } from '../../src/domain/permalinks';
import { describeRetry, type MachineModel } from './machine-model';
import type { Seen } from './visible';
import { withoutInvocations } from './without-invocations';

type Snapshot = SnapshotFrom<typeof directoryMachine>;

const say = (language: 'fr' | 'en', fr: string, en: string): string => (language === 'fr' ? fr : en);

/** The results heading's words (the shared count rule): the total, and how many are shown when fewer. */
export const countWords = ({ total, shown }: { total: number; shown: number | null }): string =>
  `${total === 0 ? 'Aucun contact' : total === 1 ? '1 contact' : `${total} contacts`}${shown === null ? '' : `, ${shown} ${shown === 1 ? 'affiché' : 'affichés'}`}`;

/** What the results heading says in a state: its word while the first list loads or after a failure, else the count. */
export const resultsHeading = (snapshot: SnapshotFrom<typeof directoryMachine>): string =>
  (snapshot.matches({ contacts: 'loading' }) && snapshot.context.contacts.length === 0) || snapshot.matches({ contacts: 'failed' })
    ? 'Contacts'
    : countWords(selectResultsCount(snapshot));

/** The contact whose card the paths open with its name link; the others are opened by their address. */
export const CARD = contactSlug(CONTACTS[0]!);
const ZOE = 'zoe-python';
const MARC = DETACHED.slug!;
const RESTORED = '?categorie=Communes';

/** The directory machine as the model-based tests and `npm run paths` walk it. */
export const directoryModel: MachineModel<DirectoryEvent> = {
  name: 'directory',
  model: withoutInvocations(directoryMachine),
  // How many lists came (whether a count is announced) is not in the key: each path's snapshots are its own.
  replay: true,
  input: { pageSize: MODEL_PAGE_SIZE },
  events: (state) => {
    const snapshot = state as Snapshot;
    const { filters, categories, contacts } = snapshot.context;
    // Back or Forward to other filters (the address already holding them changes nothing).
    const restore: DirectoryEvent[] = filters.category === 'Communes' && filters.text === '' ? [] : [{ type: 'RESTORE_FILTERS', search: RESTORED }];
    const answers: DirectoryEvent[] = snapshot.matches({ contacts: 'loading' })
      ? [
          { type: 'CONTACTS_LOADED', contacts: CONTACTS },
          // A reference server's first page, walked without a typed text to keep the paths few.
          ...(filters.text === '' ? [{ type: 'CONTACTS_LOADED', ...FIRST_PAGE } as const] : []),
          { type: 'CONTACTS_LOADED', contacts: [] },
          { type: 'CONTACTS_FAILED', error: FAILURE },
          // A slow first list is tried again; walked on the first load only, to keep the paths few.
          ...(snapshot.matches({ contacts: { loading: 'trying' } }) && contacts.length === 0 && filters.text === '' && filters.category === ''
            ? [{ type: 'CONTACTS_RETRYING', attempt: 1, of: 2 } as const]
            : []),
        ]
      : [];
    // The open dialog is modal: behind it, only the browser's Back button still acts.
    if (snapshot.matches({ details: 'open' })) return [{ type: 'CLOSE_DETAILS' }, ...restore];
    // A permalink's contact on its way: the list's answer, its own, or Back.
    if (snapshot.matches({ details: 'waiting' })) return [...answers, { type: 'CLOSE_DETAILS' }, ...restore];
    if (snapshot.matches({ details: 'finding' })) {
      return [{ type: 'CONTACT_LOADED', contact: DETACHED }, { type: 'CONTACT_FAILED', error: NO_SUCH_CALL }, { type: 'CLOSE_DETAILS' }, ...restore];
    }
    const events: DirectoryEvent[] = [
      { type: 'TEXT_CHANGED', text: 'hel' },
      { type: 'KEY_RELEASED', text: 'hel' },
      // Submitting the form asks again, whatever the text; walked where no text is typed yet, to keep the paths few.
      ...(filters.text === '' ? [{ type: 'SEARCH', text: 'hel' } as const] : []),
      // "Rechercher" with the list's own name (after a category, say) keeps the letter; walked on a letter, with no text, to keep the paths few.
      ...(filters.text === '' && filters.letter === 'B' ? [{ type: 'SEARCH', text: '' } as const] : []),
      ...restore,
    ];
    if (filters.text !== '') events.push({ type: 'CLEAR' });
    if (filters.category !== '') events.push({ type: 'SELECT_CATEGORY', category: '' });
    if (categories.includes('Grand Conseil') && filters.category !== 'Grand Conseil') {
      events.push({ type: 'SELECT_CATEGORY', category: 'Grand Conseil' });
    }
    // A letter of the index, then "Tous"; walked without a typed text to keep the paths few.
    if (filters.text === '') events.push({ type: 'LETTER_CHOSEN', letter: filters.letter === 'B' ? '' : 'B' });
    if (snapshot.matches({ contacts: 'empty' })) events.push({ type: 'CLEAR_FILTERS' });
    if (snapshot.matches({ contacts: 'failed' }) || snapshot.matches({ categories: 'failed' })) events.push({ type: 'RETRY' });
    events.push(...answers);
    if (snapshot.matches({ categories: 'loading' })) {
      events.push({ type: 'CATEGORIES_LOADED', categories: CATEGORIES }, { type: 'CATEGORIES_FAILED', error: FAILURE });
    }
    if (filters.text === '' && selectHasMore(snapshot) && !snapshot.matches({ contacts: { ready: 'loadingMore' } })) events.push({ type: 'LOAD_MORE' });
    if (snapshot.matches({ contacts: { ready: 'loadingMore' } })) {
      events.push(
        { type: 'MORE_CONTACTS_LOADED', contacts: LAST_PAGE, next: null },
        { type: 'MORE_CONTACTS_FAILED', error: FAILURE },
        { type: 'MORE_CONTACTS_FAILED', error: STALE_CURSOR },
      );
    }
    if (snapshot.matches({ contacts: 'ready' }) && contacts.length > 0) events.push({ type: 'OPEN_DETAILS', slug: CARD });
    // Forward to a permalink, walked with no filter: a contact of the list, and one beyond it.
    if (filters.text === '' && filters.category === '' && categories.length > 0 && !snapshot.matches({ contacts: 'failed' })) {
      events.push({ type: 'OPEN_DETAILS', slug: ZOE }, { type: 'OPEN_DETAILS', slug: MARC });
    }
    return events;
  },
  // The state as far as the visitor can tell it apart: value, the filters, the cards held and shown, a further page, categories, the open contact.
  key: (state) => {
    const snapshot = state as Snapshot;
    const { filters, contacts, shown, next, categories, wanted, opened, searched } = snapshot.context;
    return JSON.stringify([
      snapshot.value,
      filters.text !== '',
      filters.text === searched,
      filters.category,
      filters.letter ?? '',
      contacts.length,
      shown,
      next !== null,
      categories.length > 0,
      wanted,
      snapshot.matches({ details: 'open' }) ? opened?.title : null,
    ]);
  },
  describeEvent: (event, language) => {
    switch (event.type) {
      case 'TEXT_CHANGED':
        return say(language, `Coller « ${event.text} » dans la recherche, sans frappe au clavier`, `Paste “${event.text}” into the search box, without a key press`);
      case 'KEY_RELEASED':
        return say(language, `Taper « ${event.text} » dans la recherche`, `Type “${event.text}” in the search box`);
      case 'SEARCH':
        return event.text === ''
          ? say(language, 'Cliquer sur « Rechercher », la recherche vide', 'Click “Rechercher” (search) with the search box empty')
          : say(language, `Saisir « ${event.text} » dans la recherche et appuyer sur Entrée`, `Enter “${event.text}” in the search box and press Enter`);
      case 'SELECT_CATEGORY':
        return event.category === ''
          ? say(language, 'Choisir « Sélectionner une catégorie » (aucune catégorie)', 'Choose “Select a category” (no category)')
          : say(language, `Choisir la catégorie « ${event.category} »`, `Choose the category “${event.category}”`);
      case 'CLEAR':
        return say(language, 'Cliquer sur la croix « Effacer la recherche »', 'Click the cross “Clear the search”');
      case 'LETTER_CHOSEN':
        return event.letter === ''
          ? say(language, 'Cliquer sur « Tous » dans l’index alphabétique', 'Click “Tous” (all) in the alphabetical index')
          : say(language, `Cliquer sur la lettre « ${event.letter} » de l’index alphabétique`, `Click the letter “${event.letter}” of the alphabetical index`);
      case 'CLEAR_FILTERS':
        return say(language, 'Cliquer sur « Effacer les filtres »', 'Click “Clear the filters”');
      case 'RESTORE_FILTERS':
        return say(language, `Revenir en arrière vers l’adresse « ${event.search} »`, `Go back to the address “${event.search}”`);
      case 'RETRY':
        return say(language, 'Cliquer sur « Réessayer »', 'Click “Try again”');
      case 'LOAD_MORE':
        return say(language, 'Cliquer sur « Afficher plus »', 'Click “Show more”');
      case 'CLOSE_DETAILS':
        return say(
          language,
          'Fermer les détails (croix « Fermer » ; avant leur ouverture, revenir à l’adresse de l’annuaire)',
          'Close the details (cross “Close”; before they open, go back to the directory’s address)',
        );
      case 'OPEN_DETAILS':
        return event.slug === CARD
          ? say(
              language,
              `Ouvrir les détails de « ${CONTACTS[0]!.title} » (son nom, lien de sa carte)`,
              `Open the details of “${CONTACTS[0]!.title}” (its name, its card's link)`,
            )
          : say(language, `Aller en avant vers l’adresse « /annuaire/${event.slug}/ »`, `Go forward to the address “/annuaire/${event.slug}/”`);
      case 'CONTACTS_LOADED':
        return event.next
          ? say(
              language,
              `Le serveur répond avec ${event.contacts.length} contact(s) sur ${event.count ?? '?'}, et une page suivante`,
              `The server answers with ${event.contacts.length} of ${event.count ?? '?'} contacts, and a further page`,
            )
          : say(language, `Le serveur répond avec ${event.contacts.length} contact(s)`, `The server answers with ${event.contacts.length} contact(s)`);
      case 'CONTACTS_RETRYING':
        return describeRetry(event, language);
      case 'CONTACTS_FAILED':
        return say(language, 'L’appel des contacts échoue', 'The contacts call fails');
      case 'MORE_CONTACTS_LOADED':
        return say(
          language,
          `Le serveur répond avec la page suivante : ${event.contacts.length} contact(s)${event.next === null ? ', la dernière' : ''}`,
          `The server answers with the further page: ${event.contacts.length} contact(s)${event.next === null ? ', the last one' : ''}`,
        );
      case 'MORE_CONTACTS_FAILED':
        return event.error._tag === 'HttpError' && event.error.status === 400
          ? say(
              language,
              'La page suivante est refusée (400 : le contenu a changé depuis la première)',
              'The further page is refused (400: the content changed since the first)',
            )
          : say(language, 'L’appel de la page suivante échoue', 'The further page call fails');
      case 'CONTACT_LOADED':
        return say(language, `Le serveur répond avec le contact « ${event.contact.title} »`, `The server answers with the contact “${event.contact.title}”`);
      case 'CONTACT_FAILED':
        return say(
          language,
          'L’appel du contact répond 404 (API sans cet appel, ou contact inconnu)',
          'The contact call answers 404 (an API without it, or an unknown contact)',
        );
      case 'CATEGORIES_LOADED':
        return say(language, `Le serveur répond avec ${event.categories.length} catégorie(s)`, `The server answers with ${event.categories.length} categories`);
      case 'CATEGORIES_FAILED':
        return say(language, 'L’appel des catégories échoue', 'The categories call fails');
    }
  },
  words: {
    contacts: ['contacts', 'contacts'],
    details: ['détails', 'details'],
    idle: ['au repos', 'idle'],
    loadingMore: ['page suivante en chargement', 'loading the further page'],
    moreFailed: ['page suivante en échec', 'further page failed'],
    waiting: ['en attente de la liste', 'waiting for the list'],
    finding: ['contact demandé seul', 'asking for the contact alone'],
  },
  describeContext: (state, language) => {
    const snapshot = state as Snapshot;
    const { filters } = snapshot.context;
    const shown = selectShownCount(snapshot);
    const total = selectTotal(snapshot);
    const opened = selectOpenContact(snapshot);
    const parts = [
      total > shown ? say(language, `${shown} carte(s) sur ${total}`, `${shown} of ${total} card(s)`) : say(language, `${shown} carte(s)`, `${shown} card(s)`),
      ...(selectHasMore(snapshot) ? [say(language, 'lien « Afficher plus »', '“Show more” link')] : []),
      ...(filters.text ? [say(language, `texte « ${filters.text} »`, `text “${filters.text}”`)] : []),
      ...(filters.category ? [say(language, `catégorie « ${filters.category} »`, `category “${filters.category}”`)] : []),
      ...(filters.letter ? [say(language, `lettre « ${filters.letter} »`, `letter “${filters.letter}”`)] : []),
      ...(opened ? [say(language, `détails de « ${opened.title} »`, `details of “${opened.title}”`)] : []),
    ];
    return parts.join(', ');
  },
  visible: (state) => {
    const snapshot = state as Snapshot;
    const { filters } = snapshot.context;
    const loading = snapshot.matches({ contacts: 'loading' });
    const opened = selectOpenContact(snapshot);
    const announced = selectAnnouncedCount(snapshot);
    // The first list's count is on the page (the results heading) and not said; a later list's is said politely.
    const status: Seen[] = selectRetrying(snapshot)
      ? [{ kind: 'status', text: 'Connexion lente ou serveur occupé : nouvel essai en cours…' }]
      : loading && snapshot.context.contacts.length === 0
        ? [{ kind: 'status', text: "Chargement de l'annuaire…" }]
        : announced !== null
          ? [{ kind: 'status', text: countWords(announced) }]
          : [];
    const alerts: Seen[] = [
      ...(snapshot.matches({ contacts: 'failed' }) ? [{ kind: 'alert', message: "L'annuaire n'a pas pu être chargé.", button: 'Réessayer' } as const] : []),
      ...(snapshot.matches({ categories: 'failed' }) && !snapshot.matches({ contacts: 'failed' })
        ? [{ kind: 'alert', message: "La liste des catégories n'a pas pu être chargée.", button: 'Réessayer' } as const]
        : []),
      ...(snapshot.matches({ contacts: { ready: 'moreFailed' } })
        ? [{ kind: 'alert', message: "Les contacts suivants n'ont pas pu être chargés. Réessayez avec « Afficher plus »." } as const]
        : []),
    ];
    return [
      { kind: 'field', role: 'searchbox', name: 'Rechercher un nom', value: filters.text },
      { kind: 'field', role: 'combobox', name: 'Catégorie', value: filters.category },
      {
        kind: 'cards',
        titles: selectVisibleContacts(snapshot)
          .slice(0, selectShownCount(snapshot))
          .map((contact) => contact.title),
        noun: ['carte', 'cartes'],
      },
      ...status,
      ...(alerts.length > 0 ? alerts : [{ kind: 'no-alert' } as const]),
      { kind: 'link', name: 'Afficher plus', shown: selectHasMore(snapshot) },
      { kind: 'text', text: 'Aucun contact ne correspond à votre recherche', shown: snapshot.matches({ contacts: 'empty' }) },
      { kind: 'dialog', name: opened?.title ?? null },
    ];
  },
};
