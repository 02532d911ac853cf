import type { SnapshotFrom } from 'xstate';
import { searchHits } from '../../src/domain/site-search';
import {
  selectExpanded,
  selectHighlight,
  selectPanelOpen,
  selectTotal,
  siteSearchMachine,
  type SiteSearchMachineEvent,
} from '../../src/machines/site-search-machine';
import { HITS, NONE, SEARCH_FAILURE } from '../support/site-search-fixtures';
import { describeRetry, type MachineModel } from './machine-model';
import type { Seen } from './visible';
import { withoutInvocations } from './without-invocations';

type Snapshot = SnapshotFrom<typeof siteSearchMachine>;

const say = (language: 'fr' | 'en', fr: string, en: string): string => (language === 'fr' ? fr : en);

/** How many results of each kind the walked box asks for, and how long a change without a key release waits. */
export const MODEL_INPUT = { limit: 5, pauseMs: 250 } as const;

// The texts the walk types: one letter (too short), a query, the same with a space, another query.
const OTHER = (query: string): string => (query === 'zoe' ? 'hel' : 'zoe');

/** What the polite status says: only while the panel shows something, and what it shows. */
export const liveText = (snapshot: SnapshotFrom<typeof siteSearchMachine>): string => {
  if (!selectPanelOpen(snapshot)) return '';
  const hits = selectExpanded(snapshot) ? searchHits(snapshot.context.answer) : [];
  if (snapshot.matches('results')) return `${selectTotal(snapshot)} résultats, ${hits.length} suggestions : flèches haut et bas pour choisir`;
  if (snapshot.matches('empty')) return `Aucun résultat pour « ${snapshot.context.query} ». Vérifiez l’orthographe, ou essayez un autre mot.`;
  if (snapshot.matches('failed')) return 'La recherche n’a pas pu aboutir.';
  if (snapshot.matches({ searching: 'retrying' })) return 'Connexion lente ou serveur occupé : nouvel essai en cours…';
  return '';
};

/** The site search machine (the header's suggestions) as the model-based tests and `npm run paths` walk it. */
export const siteSearchModel: MachineModel<SiteSearchMachineEvent> = {
  name: 'site-search',
  model: withoutInvocations(siteSearchMachine),
  input: MODEL_INPUT,
  events: (state) => {
    const snapshot = state as Snapshot;
    const { text, query, answer, dismissed } = snapshot.context;
    const typing: SiteSearchMachineEvent[] = [
      ...(text === 'h' ? [] : [{ type: 'TEXT_CHANGED', text: 'h' } as const]),
      ...(text === 'hel' ? [{ type: 'TEXT_CHANGED', text: 'hel ' } as const] : [{ type: 'TEXT_CHANGED', text: 'hel' } as const]),
      ...(query === 'hel' ? [{ type: 'TEXT_CHANGED', text: 'zoe' } as const] : []),
      // The key release after the change: the text of the box.
      { type: 'KEY_RELEASED', text },
    ];
    // A text that reaches the box with a key release but no input event (some autofills), or a chunk loaded after typing.
    const unseen: SiteSearchMachineEvent = { type: 'KEY_RELEASED', text: OTHER(query) };
    // The box emptied without an input event (a browser's own clearing), then a key release.
    const cleared: SiteSearchMachineEvent[] = text === '' ? [] : [{ type: 'KEY_RELEASED', text: '' }];
    const dismiss: SiteSearchMachineEvent[] = selectPanelOpen(snapshot) ? [{ type: 'DISMISS' }] : [];
    if (snapshot.matches('idle')) return [...typing, unseen];
    if (snapshot.matches({ searching: 'typing' })) return [...typing, ...cleared, { type: 'SEARCH_SENT' }];
    if (snapshot.matches({ searching: 'loading' }) || snapshot.matches({ searching: 'retrying' })) {
      return [
        ...typing,
        unseen,
        ...cleared,
        { type: 'RESULTS_LOADED', answer: { ...HITS, query } },
        { type: 'RESULTS_LOADED', answer: { ...NONE, query } },
        { type: 'RESULTS_FAILED', error: SEARCH_FAILURE },
        // A slow request is tried again; walked for a first query only, to keep the paths few.
        ...(snapshot.matches({ searching: 'loading' }) && answer === null && !dismissed ? [{ type: 'RESULTS_RETRYING', attempt: 1, of: 2 } as const] : []),
      ];
    }
    if (snapshot.matches('results')) {
      const highlighted = selectHighlight(snapshot);
      return [
        ...typing,
        unseen,
        ...cleared,
        { type: 'MOVE', step: 1 },
        { type: 'MOVE', step: -1 },
        ...dismiss,
        ...(highlighted === null ? [] : [{ type: 'CHOOSE' } as const]),
        ...(dismissed || searchHits(answer).length < 2 ? [] : [{ type: 'CHOOSE', index: 1 } as const]),
      ];
    }
    if (snapshot.matches('empty')) return [...typing, unseen, ...cleared, ...dismiss];
    // failed
    return [...typing, unseen, ...cleared, ...dismiss, ...(dismissed ? [] : [{ type: 'RETRY' } as const])];
  },
  // What the visitor can tell apart: the state, the box's text, the query asked, the kind of answer, the highlight, closed or not, the wait.
  key: (state) => {
    const snapshot = state as Snapshot;
    const { text, query, answer, highlight, dismissed, wait } = snapshot.context;
    return JSON.stringify([snapshot.value, text, query, answer === null ? null : searchHits(answer).length > 0, highlight, dismissed, wait > 0]);
  },
  describeEvent: (event, language) => {
    switch (event.type) {
      case 'TEXT_CHANGED':
        return say(
          language,
          `Saisir « ${event.text} » dans la recherche de l’en-tête (sans relâcher la touche)`,
          `Enter “${event.text}” in the header’s search (key not yet released)`,
        );
      case 'KEY_RELEASED':
        return event.text === ''
          ? say(language, 'Vider la recherche (sa croix) et relâcher la touche', 'Empty the search (its cross) and release the key')
          : say(language, `Relâcher la touche, la recherche contenant « ${event.text} »`, `Release the key, the search holding “${event.text}”`);
      case 'RETRY':
        return say(language, 'Cliquer sur « Réessayer » sous la recherche', 'Click “Try again” under the search');
      case 'MOVE':
        return event.step === 1
          ? say(language, 'Appuyer sur la flèche bas', 'Press the down arrow')
          : say(language, 'Appuyer sur la flèche haut', 'Press the up arrow');
      case 'DISMISS':
        return say(language, 'Appuyer sur Échap (ou quitter la recherche)', 'Press Escape (or leave the search)');
      case 'CHOOSE':
        return event.index === undefined
          ? say(language, 'Appuyer sur Entrée sur la suggestion en surbrillance', 'Press Enter on the highlighted suggestion')
          : say(language, `Cliquer sur la suggestion n° ${event.index + 1}`, `Click suggestion no. ${event.index + 1}`);
      case 'SEARCH_SENT':
        return say(language, 'La pause est passée : la requête part', 'The pause is over: the request goes out');
      case 'RESULTS_LOADED':
        return searchHits(event.answer).length > 0
          ? say(
              language,
              `Le serveur répond avec ${searchHits(event.answer).length} suggestions`,
              `The server answers with ${searchHits(event.answer).length} suggestions`,
            )
          : say(language, 'Le serveur répond : aucun résultat', 'The server answers: no result');
      case 'RESULTS_RETRYING':
        return describeRetry(event, language);
      case 'RESULTS_FAILED':
        return say(language, 'L’appel de la recherche échoue', 'The search call fails');
    }
  },
  words: {
    idle: ['au repos', 'idle'],
    searching: ['recherche', 'searching'],
    typing: ['requête en attente (de la touche relâchée ou d’une pause)', 'query waiting (for the key release or a pause)'],
    results: ['suggestions affichées', 'suggestions shown'],
  },
  describeContext: (state, language) => {
    const snapshot = state as Snapshot;
    const { text, query, highlight, dismissed } = snapshot.context;
    return [
      say(language, `texte « ${text} »`, `text “${text}”`),
      ...(query === '' ? [] : [say(language, `requête « ${query} »`, `query “${query}”`)]),
      ...(highlight === null ? [] : [say(language, `suggestion n° ${highlight + 1} en surbrillance`, `suggestion no. ${highlight + 1} highlighted`)]),
      ...(dismissed ? [say(language, 'suggestions fermées', 'suggestions closed')] : []),
    ].join(', ');
  },
  visible: (state) => {
    const snapshot = state as Snapshot;
    const { text, query } = snapshot.context;
    const open = selectPanelOpen(snapshot);
    const hits = selectExpanded(snapshot) ? searchHits(snapshot.context.answer) : [];
    const live = liveText(snapshot);
    return [
      { kind: 'field', role: 'combobox', name: 'Rechercher sur le site', value: text },
      {
        kind: 'options',
        listbox: 'Suggestions',
        titles: hits.map((hit) => hit.result.title),
        highlighted: selectHighlight(snapshot),
        noun: ['suggestion', 'suggestions'],
      },
      ...(live === '' ? [] : [{ kind: 'status', text: live } satisfies Seen]),
      { kind: 'button', name: 'Réessayer', shown: open && snapshot.matches('failed') },
      // The link to every result, once a query was asked, in the panel: said while the panel shows, its absence being the panel's.
      ...(open && query !== '' ? [{ kind: 'link', name: `Tous les résultats pour « ${query} »`, shown: true } satisfies Seen] : []),
    ];
  },
};
