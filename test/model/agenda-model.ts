import type { SnapshotFrom } from 'xstate';
import type { QuickRange } from '../../src/domain/agenda-window';
import {
  agendaMachine,
  selectAddition,
  selectAgendaCount,
  selectAgendaStatus,
  selectCategoryToggles,
  selectEmptyRange,
  selectHasMore,
  selectHasPast,
  selectRetrying,
  selectShownEvents,
  type AgendaInput,
  type AgendaMachineEvent,
} from '../../src/machines/agenda-machine';
import {
  AGENDA_CATEGORIES,
  AGENDA_EVENTS,
  AGENDA_FAILURE,
  AGENDA_NEXT_PAGE,
  AGENDA_PAGE_SIZE,
  AGENDA_TODAY,
  LATER_EVENT,
  LEGACY_AGENDA,
  MORE_EVENTS,
  PAST_EVENTS,
  STALE_CURSOR,
} from '../support/agenda-fixtures';
import { describeRetry, type MachineModel } from './machine-model';
import type { Seen } from './visible';
import { withoutInvocations } from './without-invocations';

type Snapshot = SnapshotFrom<typeof agendaMachine>;

const say = (language: 'fr' | 'en', fr: string, en: string): string => (language === 'fr' ? fr : en);
const categoryTitle = (id: string): string => AGENDA_CATEGORIES.find((category) => category.id === id)?.title ?? id;

// The count's words, as the page's French messages put them (a plural's "one" is 0 and 1 in French): the
// total the API reports, how many are shown when fewer are, and how many the latest addition brought.
const events = (count: number): string => `${count} ${count < 2 ? 'événement' : 'événements'}`;
const addedWords = (added: number): string => `dont ${added === 0 ? 'aucun nouveau' : added === 1 ? '1 nouveau' : `${added} nouveaux`}`;
/** The count sentence a visitor reads for a total, the events shown (`null`: all of them) and the latest addition. */
export const countSentence = (total: number, shown: number | null, added: number | null): string =>
  [
    shown === null && added === null && total === 0 ? 'Aucun événement' : events(total),
    ...(shown === null ? [] : [`${shown} ${shown < 2 ? 'affiché' : 'affichés'}`]),
    ...(added === null ? [] : [addedWords(added)]),
  ].join(', ');

/** The details the walk opens and closes: an event of the first page that has some. */
const DETAILS_EVENT = AGENDA_EVENTS[1]!;

const EMPTY_RANGE: Readonly<Record<QuickRange, string>> = {
  aujourdhui: "Aucun événement aujourd'hui.",
  weekend: 'Aucun événement ce week-end.',
  semaine: 'Aucun événement cette semaine.',
  mois: 'Aucun événement ce mois-ci.',
};

const RANGE_NAMES: Readonly<Record<QuickRange, string>> = { aujourdhui: "Aujourd'hui", weekend: 'Ce week-end', semaine: 'Cette semaine', mois: 'Ce mois' };

/** The agenda the model walks: the tests' today, pages of two, and a permalink to an event beyond the first page. */
export const AGENDA_MODEL_INPUT: AgendaInput = { agendaId: '1', today: AGENDA_TODAY, pageSize: AGENDA_PAGE_SIZE, openEvent: LATER_EVENT.id };

// The first answers a list can get: a server's page with a next one, a legacy backend's whole
// agenda, an empty page, and a legacy answer that holds only the past.
const FIRST_ANSWERS: readonly AgendaMachineEvent[] = [
  // Two events shown of the three the API counts: LATER_EVENT is on the next page.
  { type: 'AGENDA_LOADED', events: AGENDA_EVENTS, next: AGENDA_NEXT_PAGE, whole: false, count: 3 },
  { type: 'AGENDA_LOADED', events: LEGACY_AGENDA, next: null, whole: true },
  { type: 'AGENDA_LOADED', events: [], next: null, whole: false },
  { type: 'AGENDA_LOADED', events: PAST_EVENTS, next: null, whole: true },
  { type: 'AGENDA_FAILED', error: AGENDA_FAILURE },
];

/** The agenda machine as the model-based tests and `npm run paths` walk it. */
export const agendaModel: MachineModel<AgendaMachineEvent> = {
  name: 'agenda',
  model: withoutInvocations(agendaMachine),
  input: AGENDA_MODEL_INPUT,
  // Several filter combinations share a key: each path's snapshots are replayed from its own events.
  replay: true,
  events: (state) => {
    const snapshot = state as Snapshot;
    const { currentCategories, month, title, range } = snapshot.context;
    const loading = snapshot.matches({ events: 'loading' }) || snapshot.matches({ events: 'nextEvents' });
    // The permalink is decided by the first answer: the answers tried first, then its own call,
    // after which the walk goes on only where the permalink's event is listed (or none is named).
    if (snapshot.matches({ permalink: 'waiting' })) {
      return [
        ...FIRST_ANSWERS.slice(0, 3),
        { type: 'AGENDA_LOADED', events: [LATER_EVENT], next: null, whole: false },
        // A slow first list is tried again; walked on the first load only, to keep the paths few.
        ...(snapshot.matches({ events: { loading: 'trying' } }) ? [{ type: 'AGENDA_RETRYING', attempt: 1, of: 2 } as const] : []),
      ];
    }
    if (snapshot.matches({ permalink: 'loading' })) return [{ type: 'EVENT_FOUND', event: LATER_EVENT }, { type: 'EVENT_MISSING' }];
    if (!snapshot.matches({ permalink: 'listed' })) return [];
    // Details open from a title's link are closed before anything else: the walk stays short, both transitions taken.
    const { detailsOpen } = snapshot.context;
    if (detailsOpen !== null) return [{ type: 'CLOSE_DETAILS', id: detailsOpen.id }];
    // The categories answer right after the first list, so the walk goes on with their toggles (or their failure).
    if (snapshot.matches({ categories: 'loading' }))
      return [
        { type: 'CATEGORIES_LOADED', categories: AGENDA_CATEGORIES },
        { type: 'CATEGORIES_FAILED', error: AGENDA_FAILURE },
      ];
    if (snapshot.matches({ categories: 'failed' })) return [{ type: 'RETRY' }];
    const events: AgendaMachineEvent[] = [];
    const plain = currentCategories.length === 0 && month === null && title === null;
    const nextEvents = snapshot.matches({ events: 'nextEvents' });
    // One kind of filter at a time, besides a typed title, so the walk stays short; the quick range alone.
    if (range === null || nextEvents) {
      events.push({ type: 'SEARCH' });
      if (title === null) events.push({ type: 'TITLE_CHANGED', title: 'séance' });
      if (month !== null) events.push({ type: 'SELECT_MONTH', month: null });
      else if (currentCategories.length === 0) events.push({ type: 'SELECT_MONTH', month: 12 });
      if (plain) events.push({ type: 'RESTORE_FILTERS', search: '?mois=1' });
      const first = selectCategoryToggles(snapshot)[0]?.id;
      if (first !== undefined && currentCategories.includes(first)) events.push({ type: 'REMOVE_CATEGORY', id: first }, { type: 'SET_CATEGORIES', categories: [] });
      else if (first !== undefined && month === null) events.push({ type: 'ADD_CATEGORY', id: first });
    }
    if (plain) events.push({ type: 'SELECT_RANGE', range: range === null ? 'semaine' : null });
    if (snapshot.matches({ events: 'empty' })) events.push({ type: 'RESET' });
    if (snapshot.matches({ events: 'failed' })) events.push({ type: 'RETRY' });
    // An event's details opened from its title's link (then closed, above): the title and the address follow; walked on the plain first page.
    if (plain && range === null && snapshot.context.past.length === 0 && selectShownEvents(snapshot).some((event) => event.id === DETAILS_EVENT.id)) {
      events.push({ type: 'OPEN_DETAILS', id: DETAILS_EVENT.id, title: DETAILS_EVENT.title });
    }
    // The paging is walked without filters (a range aside): filters change the paths asked for, not the paging.
    if (plain && selectHasMore(snapshot) && !snapshot.matches({ events: { ready: 'loadingMore' } }) && !snapshot.matches({ events: { ready: 'loadingPast' } })) {
      events.push({ type: 'LOAD_MORE' });
    }
    if (plain && selectHasPast(snapshot) && !snapshot.matches({ events: { ready: 'loadingPast' } }) && !snapshot.matches({ events: { ready: 'loadingMore' } })) {
      events.push({ type: 'LOAD_PAST' });
    }
    // A legacy backend's whole answers are walked without filters (a range aside): filtered, a page or nothing.
    if (loading) events.push(...(plain ? FIRST_ANSWERS : [FIRST_ANSWERS[0]!, FIRST_ANSWERS[2]!, FIRST_ANSWERS[4]!]));
    if (snapshot.matches({ events: { ready: 'loadingMore' } })) {
      events.push(
        { type: 'MORE_LOADED', events: MORE_EVENTS, next: null, whole: false },
        { type: 'MORE_FAILED', error: AGENDA_FAILURE },
        { type: 'MORE_FAILED', error: STALE_CURSOR },
      );
    }
    if (snapshot.matches({ events: { ready: 'loadingPast' } })) {
      events.push(
        { type: 'PAST_LOADED', events: PAST_EVENTS, next: null, whole: false },
        { type: 'PAST_LOADED', events: [], next: null, whole: false },
        { type: 'PAST_FAILED', error: AGENDA_FAILURE },
        { type: 'PAST_FAILED', error: STALE_CURSOR },
      );
    }
    return events;
  },
  // What the screen tells apart: the states, which filters are set, the events shown and held, the paging.
  key: (state) => {
    const { value, context } = state as Snapshot;
    return JSON.stringify([
      value,
      context.currentCategories.length > 0,
      context.month !== null,
      context.title !== null,
      context.range,
      context.rangeEmpty,
      context.upcoming.length,
      context.past.length,
      context.heldUpcoming.length > 0,
      context.heldPast.length > 0,
      context.next !== null,
      context.pastNext !== null,
      context.categories.length > 0,
      context.detailsOpen !== null,
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
      case 'SELECT_RANGE':
        return event.range === null
          ? say(language, 'Désactiver la période « Cette semaine »', 'Turn off the period “This week”')
          : say(language, 'Activer la période « Cette semaine »', 'Turn on the period “This week”');
      case 'TITLE_CHANGED':
        return say(language, `Taper « ${event.title} » dans le titre`, `Type “${event.title}” in the title box`);
      case 'SEARCH':
        return say(language, 'Cliquer sur « Rechercher »', 'Click “Search”');
      case 'RESET':
        return say(language, 'Cliquer sur « Réinitialiser les filtres »', 'Click “Reset the filters”');
      case 'RESTORE_FILTERS':
        return say(language, `Revenir en arrière vers l’adresse « ${event.search} »`, `Go back to the address “${event.search}”`);
      case 'RETRY':
        return say(language, 'Cliquer sur « Réessayer »', 'Click “Try again”');
      case 'LOAD_MORE':
        return say(language, 'Cliquer sur « Afficher plus »', 'Click “Show more”');
      case 'LOAD_PAST':
        return say(language, 'Cliquer sur « Événements passés »', 'Click “Past events”');
      case 'AGENDA_LOADED':
        return event.whole
          ? say(
              language,
              `Un ancien serveur répond avec tout l’agenda : ${event.events.length} ligne(s)`,
              `A legacy server answers with the whole agenda: ${event.events.length} row(s)`,
            )
          : say(
              language,
              `Le serveur répond avec une page de ${event.events.length} événement(s)${event.next === null ? ', la dernière' : ''}`,
              `The server answers with a page of ${event.events.length} event(s)${event.next === null ? ', the last one' : ''}`,
            );
      case 'AGENDA_RETRYING':
        return describeRetry(event, language);
      case 'AGENDA_FAILED':
        return say(language, 'L’appel de l’agenda échoue', 'The agenda call fails');
      case 'MORE_LOADED':
        return say(
          language,
          `Le serveur répond avec la page suivante : ${event.events.length} événement(s)`,
          `The server answers with the next page: ${event.events.length} event(s)`,
        );
      case 'MORE_FAILED':
        return event.error._tag === 'HttpError' && event.error.status === 400
          ? say(language, 'Le serveur refuse la page suivante (400 : le contenu a changé)', 'The server refuses the next page (400: the content changed)')
          : say(language, 'L’appel de la page suivante échoue', 'The next page call fails');
      case 'PAST_LOADED':
        return say(language, `Le serveur répond avec ${event.events.length} événement(s) passé(s)`, `The server answers with ${event.events.length} past event(s)`);
      case 'PAST_FAILED':
        return event.error._tag === 'HttpError' && event.error.status === 400
          ? say(language, 'Le serveur refuse la page passée (400 : le contenu a changé)', 'The server refuses the past page (400: the content changed)')
          : say(language, 'L’appel des événements passés échoue', 'The past events call fails');
      case 'EVENT_FOUND':
        return say(
          language,
          `Le serveur répond avec l’événement du lien « ${event.event.title} »`,
          `The server answers with the linked event “${event.event.title}”`,
        );
      case 'EVENT_MISSING':
        return say(language, 'Le serveur ne connaît pas l’événement du lien (404)', 'The server does not know the linked event (404)');
      case 'CATEGORIES_LOADED':
        return say(language, `Le serveur répond avec ${event.categories.length} catégorie(s)`, `The server answers with ${event.categories.length} categories`);
      case 'CATEGORIES_FAILED':
        return say(language, 'L’appel des catégories échoue', 'The categories call fails');
      case 'OPEN_DETAILS':
        return say(language, `Suivre le lien du titre « ${event.title} »`, `Follow the title link “${event.title}”`);
      case 'CLOSE_DETAILS':
        return say(language, 'Refermer les détails de l’événement ouvert', 'Close the open event’s details');
    }
  },
  words: {
    events: ['événements', 'events'],
    nextEvents: ['prochains événements en chargement', 'loading the next events'],
    idle: ['au repos', 'idle'],
    loadingMore: ['page suivante en chargement', 'loading the next page'],
    moreFailed: ['page suivante en échec', 'next page failed'],
    loadingPast: ['événements passés en chargement', 'loading past events'],
    pastFailed: ['événements passés en échec', 'past events failed'],
    permalink: ['lien', 'link'],
    waiting: ['en attente de la liste', 'waiting for the list'],
    listed: ['dans la liste', 'in the list'],
    shown: ['affiché en tête', 'shown on top'],
    missing: ['introuvable', 'not found'],
  },
  describeContext: (state, language) => {
    const snapshot = state as Snapshot;
    const { currentCategories, month, title, range, upcoming, past } = snapshot.context;
    return [
      say(language, `${upcoming.length} à venir, ${past.length} passé(s)`, `${upcoming.length} upcoming, ${past.length} past`),
      ...(currentCategories.length
        ? [say(language, `catégories ${currentCategories.map(categoryTitle).join(', ')}`, `categories ${currentCategories.map(categoryTitle).join(', ')}`)]
        : []),
      ...(month !== null ? [say(language, `mois ${month}`, `month ${month}`)] : []),
      ...(title ? [say(language, `titre « ${title} »`, `title “${title}”`)] : []),
      ...(range !== null ? [say(language, `période ${range}`, `period ${range}`)] : []),
      ...(selectHasMore(snapshot) ? [say(language, 'lien « Afficher plus »', '“Show more” link')] : []),
      ...(selectHasPast(snapshot) ? [say(language, 'lien « Événements passés »', '“Past events” link')] : []),
      ...(snapshot.context.detailsOpen !== null
        ? [say(language, `détails de « ${snapshot.context.detailsOpen.title} » ouverts`, `details of “${snapshot.context.detailsOpen.title}” open`)]
        : []),
    ].join(', ');
  },
  visible: (state) => {
    const snapshot = state as Snapshot;
    const { title, month, range, currentCategories } = snapshot.context;
    const status = selectAgendaStatus(snapshot);
    const events = selectShownEvents(snapshot);
    const addition = selectAddition(snapshot);
    const emptyRange = selectEmptyRange(snapshot);
    const { total, shown } = selectAgendaCount(snapshot);
    // The count's polite status; a failed list leaves it empty, its alert says why.
    const count: Seen[] = selectRetrying(snapshot)
      ? [{ kind: 'status', text: 'Connexion lente ou serveur occupé : nouvel essai en cours…' }]
      : status === 'loading' && events.length === 0
        ? [{ kind: 'status', text: "Chargement de l'agenda…" }]
        : status === 'failed'
          ? []
          : [{ kind: 'status', text: countSentence(total, shown, addition?.count ?? null) }];
    const alerts: Seen[] = [
      ...(status === 'failed'
        ? [{ kind: 'alert', message: "L'agenda n'a pas pu être chargé.", button: 'Réessayer' } as const]
        : snapshot.matches({ categories: 'failed' })
          ? [{ kind: 'alert', message: "La liste des catégories n'a pas pu être chargée.", button: 'Réessayer' } as const]
          : []),
      ...(snapshot.matches({ events: { ready: 'pastFailed' } }) ? [{ kind: 'alert', message: "Les événements passés n'ont pas pu être chargés." } as const] : []),
      ...(snapshot.matches({ events: { ready: 'moreFailed' } }) ? [{ kind: 'alert', message: "Les événements suivants n'ont pas pu être chargés." } as const] : []),
    ];
    return [
      { kind: 'field', role: 'searchbox', name: 'Rechercher un titre', value: title ?? '' },
      { kind: 'field', role: 'combobox', name: 'Mois', value: month === null ? '' : String(month) },
      {
        kind: 'pressed',
        group: 'Catégories',
        names: selectCategoryToggles(snapshot)
          .filter((category) => currentCategories.includes(category.id))
          .map((category) => category.title),
      },
      { kind: 'pressed', group: 'Période', names: range === null ? [] : [RANGE_NAMES[range]] },
      // The list's events; the page's event stands above the filters, named by the page's heading (agenda.model.test.tsx checks it).
      {
        kind: 'cards',
        titles: events.map((event) => event.title),
        noun: ['fiche d’événement', 'fiches d’événement'],
      },
      ...count,
      ...(alerts.length > 0 ? alerts : [{ kind: 'no-alert' } as const]),
      { kind: 'link', name: 'Événements passés', shown: selectHasPast(snapshot) },
      { kind: 'link', name: 'Afficher plus', shown: selectHasMore(snapshot) },
      { kind: 'text', text: 'Aucun événement pour ces filtres', shown: status === 'empty' },
      // The notice of a quick range that holds nothing, while the next events are listed without it.
      ...(range === null ? [] : [{ kind: 'text', text: EMPTY_RANGE[range], shown: emptyRange !== null } as const]),
    ];
  },
};
