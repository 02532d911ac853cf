import type { SnapshotFrom } from 'xstate';
import {
  newsMachine,
  selectCategories,
  selectCount,
  selectHasMore,
  selectRetrying,
  selectShownCount,
  selectStatus,
  selectVisibleNews,
  type NewsMachineEvent,
} from '../../src/machines/news-machine';
import { MODEL_PAGE_SIZE, MORE_NEWS, NEWS, NEWS_CATEGORIES, NEWS_FAILURE, NEXT_PAGE, STALE_CURSOR } from '../support/news-fixtures';
import { describeRetry, type MachineModel } from './machine-model';
import type { Seen } from './visible';
import { withoutInvocations } from './without-invocations';

type Snapshot = SnapshotFrom<typeof newsMachine>;

const say = (language: 'fr' | 'en', fr: string, en: string): string => (language === 'fr' ? fr : en);
const categoryTitle = (id: string): string => NEWS_CATEGORIES.find((category) => category.id === id)?.title ?? id;

// The count's words, as the page's French messages put them (a plural's "one" is 0 and 1 in French): the total, then how many are shown.
const newsCount = ({ shown, total }: { readonly shown: number; readonly total: number }): string =>
  total > shown
    ? `${total} ${total < 2 ? 'actualité' : 'actualités'}, ${shown} ${shown < 2 ? 'affichée' : 'affichées'}`
    : shown === 0
      ? 'Aucune actualité'
      : `${shown} ${shown === 1 ? 'actualité' : 'actualités'}`;

/** The news machine as the model-based tests and `npm run paths` walk it. */
export const newsModel: MachineModel<NewsMachineEvent> = {
  name: 'news',
  model: withoutInvocations(newsMachine),
  input: { pageSize: MODEL_PAGE_SIZE },
  // The events a visitor or a service can cause from a state, as the view offers them.
  events: (state) => {
    const snapshot = state as Snapshot;
    const { selected, categories } = snapshot.context;
    const events: NewsMachineEvent[] = [{ type: 'RESTORE_SELECTION', search: '?categorie=3' }];
    if (categories.length > 0) {
      for (const id of ['1', '2']) if (!selected.includes(id)) events.push({ type: 'ADD_CATEGORY', id });
    }
    for (const id of selected) events.push({ type: 'REMOVE_CATEGORY', id });
    if (selected.length > 0) events.push({ type: 'REPLACE_CATEGORIES', ids: [] });
    if (snapshot.matches({ list: 'failed' }) || snapshot.matches({ categories: 'failed' })) events.push({ type: 'RETRY' });
    if (selectHasMore(snapshot) && !snapshot.matches({ list: { ready: 'loadingMore' } })) {
      events.push({ type: 'LOAD_MORE' });
    }
    if (snapshot.matches({ list: 'loading' })) {
      events.push(
        // The plain fetch as a legacy API answers it (the whole list, windowed here); a filtered answer has a further page.
        { type: 'NEWS_LOADED', items: NEWS, next: selected.length === 0 ? null : NEXT_PAGE, total: selected.length === 0 ? NEWS.length : 5 },
        { type: 'NEWS_LOADED', items: [], next: null, total: 0 },
        { type: 'NEWS_FAILED', error: NEWS_FAILURE },
      );
      // A slow first list is tried again; walked on the first load only, to keep the paths few.
      if (snapshot.matches({ list: { loading: 'trying' } }) && selected.length === 0 && snapshot.context.items.length === 0) {
        events.push({ type: 'NEWS_RETRYING', attempt: 1, of: 2 });
      }
    }
    if (snapshot.matches({ list: { ready: 'loadingMore' } })) {
      events.push(
        { type: 'MORE_NEWS_LOADED', items: MORE_NEWS, next: null },
        { type: 'MORE_NEWS_FAILED', error: NEWS_FAILURE },
        { type: 'MORE_NEWS_FAILED', error: STALE_CURSOR },
      );
    }
    if (snapshot.matches({ categories: 'loading' })) {
      events.push({ type: 'CATEGORIES_LOADED', categories: NEWS_CATEGORIES }, { type: 'CATEGORIES_FAILED', error: NEWS_FAILURE });
    }
    return events;
  },
  // The state as far as the visitor can tell it apart: value, the selection (as a set), how many items, a further page, categories.
  key: (state) => {
    const snapshot = state as Snapshot;
    return JSON.stringify([
      snapshot.value,
      [...snapshot.context.selected].sort(),
      snapshot.context.items.length,
      snapshot.context.shown,
      snapshot.context.next !== null,
      snapshot.context.categories.length > 0,
    ]);
  },
  describeEvent: (event, language, before) => {
    switch (event.type) {
      case 'ADD_CATEGORY':
        return say(language, `Activer la catégorie « ${categoryTitle(event.id)} »`, `Turn on the category “${categoryTitle(event.id)}”`);
      case 'REMOVE_CATEGORY': {
        // Before the category list, the remove button knows the category by its id only.
        const name = before !== undefined && selectCategories(before as Snapshot).length === 0 ? `Catégorie ${event.id}` : categoryTitle(event.id);
        return say(language, `Cliquer sur « Retirer le filtre ${name} »`, `Click “Remove the filter ${name}”`);
      }
      case 'REPLACE_CATEGORIES':
        return event.ids.length === 0
          ? say(language, 'Cliquer sur « Tout afficher »', 'Click “Show all”')
          : say(language, `Choisir les catégories ${event.ids.map(categoryTitle).join(', ')}`, `Choose the categories ${event.ids.map(categoryTitle).join(', ')}`);
      case 'RESTORE_SELECTION':
        return say(language, `Revenir en arrière vers l’adresse « ${event.search} »`, `Go back to the address “${event.search}”`);
      case 'LOAD_MORE':
        return say(language, 'Cliquer sur « Afficher plus »', 'Click “Show more”');
      case 'RETRY':
        return say(language, 'Cliquer sur « Réessayer »', 'Click “Try again”');
      case 'NEWS_LOADED':
        return event.next === null
          ? say(language, `Le serveur répond avec ${event.items.length} actualité(s)`, `The server answers with ${event.items.length} news item(s)`)
          : say(
              language,
              `Le serveur répond avec ${event.items.length} actualité(s) sur ${event.total}, et une page suivante`,
              `The server answers with ${event.items.length} of ${event.total} news items, and a further page`,
            );
      case 'NEWS_RETRYING':
        return describeRetry(event, language);
      case 'NEWS_FAILED':
        return say(language, 'L’appel des actualités échoue', 'The news call fails');
      case 'MORE_NEWS_LOADED':
        return say(
          language,
          `Le serveur répond avec la page suivante : ${event.items.length} actualité(s)${event.next === null ? ', la dernière' : ''}`,
          `The server answers with the further page: ${event.items.length} news item(s)${event.next === null ? ', the last one' : ''}`,
        );
      case 'MORE_NEWS_FAILED':
        return event.error._tag === 'HttpError' && event.error.status === 400
          ? say(
              language,
              'La page suivante est refusée (400 : le contenu a changé depuis la première)',
              'The further page is refused (400: the content changed since the first)',
            )
          : say(language, 'L’appel de la page suivante échoue', 'The further page call fails');
      case 'CATEGORIES_LOADED':
        return say(language, `Le serveur répond avec ${event.categories.length} catégorie(s)`, `The server answers with ${event.categories.length} categories`);
      case 'CATEGORIES_FAILED':
        return say(language, 'L’appel des catégories échoue', 'The categories call fails');
    }
  },
  words: {
    list: ['actualités', 'news'],
    idle: ['au repos', 'idle'],
    loadingMore: ['page suivante en chargement', 'loading the further page'],
    moreFailed: ['page suivante en échec', 'further page failed'],
  },
  // What the screen shows: the items in view (none once the list failed or is empty), the selection, the "more" button.
  describeContext: (state, language) => {
    const snapshot = state as Snapshot;
    const { shown, total } = selectCount(snapshot);
    const { selected } = snapshot.context;
    return [
      shown > 0 && total > shown
        ? say(language, `${total} actualité(s), ${shown} affichée(s)`, `${total} news items, ${shown} shown`)
        : say(language, `${shown} actualité(s)`, `${shown} news item(s)`),
      ...(selected.length ? [say(language, `catégories ${selected.map(categoryTitle).join(', ')}`, `categories ${selected.map(categoryTitle).join(', ')}`)] : []),
      ...(selectHasMore(snapshot) ? [say(language, 'lien « Afficher plus »', '“Show more” link')] : []),
    ].join(', ');
  },
  visible: (state) => {
    const snapshot = state as Snapshot;
    const { selected } = snapshot.context;
    const status = selectStatus(snapshot);
    const items = selectVisibleNews(snapshot).slice(0, selectShownCount(snapshot));
    // The count's polite status; a failed list leaves it empty, its alert says why.
    const count: Seen[] = selectRetrying(snapshot)
      ? [{ kind: 'status', text: 'Connexion lente ou serveur occupé : nouvel essai en cours…' }]
      : status === 'loading' && items.length === 0
        ? [{ kind: 'status', text: 'Chargement des actualités…' }]
        : status === 'failed'
          ? []
          : [{ kind: 'status', text: newsCount(selectCount(snapshot)) }];
    const alerts: Seen[] = [
      ...(snapshot.matches({ categories: 'failed' })
        ? [{ kind: 'alert', message: "Les catégories n'ont pas pu être chargées.", button: 'Réessayer' } as const]
        : []),
      ...(status === 'failed' ? [{ kind: 'alert', message: "Les actualités n'ont pas pu être chargées.", button: 'Réessayer' } as const] : []),
      ...(snapshot.matches({ list: { ready: 'moreFailed' } })
        ? [{ kind: 'alert', message: "Les actualités suivantes n'ont pas pu être chargées. Réessayez avec « Afficher plus »." } as const]
        : []),
    ];
    return [
      {
        kind: 'pressed',
        group: 'Filtrer par catégorie',
        names: selectCategories(snapshot)
          .filter((category) => selected.includes(category.id))
          .map((category) => category.title),
      },
      // Before the category list there is no toggle: a category chosen by the address shows as its remove button, named by its id.
      ...(selectCategories(snapshot).length > 0
        ? []
        : [...new Set([...NEWS_CATEGORIES.map((category) => category.id), ...selected])].map(
            (id) => ({ kind: 'button', name: `Retirer le filtre Catégorie ${id}`, shown: selected.includes(id) }) as const,
          )),
      { kind: 'cards', titles: items.map((item) => item.title?.trim() || 'Sans titre'), noun: ['actualité', 'actualités'] },
      ...count,
      ...(alerts.length > 0 ? alerts : [{ kind: 'no-alert' } as const]),
      { kind: 'link', name: 'Afficher plus', shown: selectHasMore(snapshot) },
      { kind: 'text', text: 'Aucune actualité pour le moment.', shown: status === 'empty' && selected.length === 0 },
      { kind: 'text', text: 'Aucune actualité ne correspond à ces catégories.', shown: status === 'empty' && selected.length > 0 },
      { kind: 'button', name: 'Afficher toutes les actualités', shown: status === 'empty' && selected.length > 0 },
    ];
  },
};
