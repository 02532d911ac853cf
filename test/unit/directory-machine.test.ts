import { NEVER } from 'rxjs';
import { createActor, fromEventObservable } from 'xstate';
import type { DirectoryFilters } from '../../src/domain/directory';
import { directoryMachine, listSearchOf, selectLetter, type DirectoryEvent } from '../../src/machines/directory-machine';
import type { CategoriesEvent, ContactsEvent } from '../../src/services/contacts-service';
import type { HistoryMode } from '../../src/services/history-service';
import { CATEGORIES, CONTACTS } from '../support/directory-fixtures';

/**
 * The directory on a page of the index's letter B (`?lettre=B`), its list shown: the filters each
 * request asked for, and each address the machine wrote, as the history service would receive it.
 */
const onLetter = (filters: DirectoryFilters = { text: '', category: '', letter: 'B' }) => {
  const requests: DirectoryFilters[] = [];
  const addresses: { mode: HistoryMode; search: string }[] = [];
  const actor = createActor(
    directoryMachine.provide({
      actors: {
        loadContacts: fromEventObservable<ContactsEvent, DirectoryFilters>(({ input }) => {
          requests.push(input);
          return NEVER;
        }),
        loadCategories: fromEventObservable<CategoriesEvent, void>(() => NEVER),
      },
      actions: {
        writeHistory: ({ context }, params: { mode: HistoryMode }) => {
          addresses.push({ mode: params.mode, search: listSearchOf(context) });
        },
      },
    }),
    { input: { filters } },
  ).start();
  actor.send({ type: 'CATEGORIES_LOADED', categories: CATEGORIES });
  actor.send({ type: 'CONTACTS_LOADED', contacts: CONTACTS });
  const send = (event: DirectoryEvent): void => actor.send(event);
  return { actor, send, requests, addresses };
};

describe('the letter of the directory’s index', () => {
  it('stays when a category is chosen: the list asked is the letter’s within the category, and the address holds both', () => {
    const { actor, send, requests, addresses } = onLetter();
    send({ type: 'SELECT_CATEGORY', category: 'Grand Conseil' });
    expect(selectLetter(actor.getSnapshot())).toBe('B');
    expect(requests.at(-1)).toEqual({ text: '', category: 'Grand Conseil', letter: 'B' });
    expect(addresses).toEqual([{ mode: 'push', search: '?categorie=Grand+Conseil&lettre=B' }]);
    // "Sélectionner une catégorie" widens to the whole letter again.
    send({ type: 'CONTACTS_LOADED', contacts: [] });
    send({ type: 'SELECT_CATEGORY', category: '' });
    expect(requests.at(-1)).toEqual({ text: '', category: '', letter: 'B' });
    expect(addresses.at(-1)).toEqual({ mode: 'push', search: '?lettre=B' });
    actor.stop();
  });

  it('stays when the form is submitted with the name of the list, as "Rechercher" after a category does without script', () => {
    const { actor, send, requests, addresses } = onLetter({ text: 'ro', category: '', letter: 'B' });
    send({ type: 'SEARCH', text: 'ro' });
    expect(requests.at(-1)).toEqual({ text: 'ro', category: '', letter: 'B' });
    expect(addresses.at(-1)?.search).toBe('?lettre=B&q=ro');
    actor.stop();
  });

  it.each<[string, DirectoryEvent[]]>([
    ['typed', [{ type: 'KEY_RELEASED', text: 'rochat' }]],
    ['submitted', [{ type: 'SEARCH', text: 'rochat' }]],
    [
      'pasted, then submitted',
      [
        { type: 'TEXT_CHANGED', text: 'rochat' },
        { type: 'SEARCH', text: 'rochat' },
      ],
    ],
  ])('is left for a new name %s: a name is looked for under every letter, the category kept', (_how, events) => {
    const { actor, send, requests, addresses } = onLetter({ text: '', category: 'Grand Conseil', letter: 'B' });
    for (const event of events) send(event);
    expect(selectLetter(actor.getSnapshot())).toBe('');
    expect(requests.at(-1)).toEqual({ text: 'rochat', category: 'Grand Conseil', letter: '' });
    expect(addresses.at(-1)).toEqual({ mode: 'replace', search: '?categorie=Grand+Conseil&q=rochat' });
    actor.stop();
  });

  it('is left when the search is cleared by its cross', () => {
    const { actor, send, addresses } = onLetter({ text: 'ro', category: 'Grand Conseil', letter: 'B' });
    send({ type: 'CLEAR' });
    expect(selectLetter(actor.getSnapshot())).toBe('');
    expect(addresses.at(-1)).toEqual({ mode: 'push', search: '?categorie=Grand+Conseil' });
    actor.stop();
  });

  it('with a category that has no contact under it, gives the empty list, which "Effacer les filtres" clears with the letter', () => {
    const { actor, send, requests, addresses } = onLetter();
    send({ type: 'SELECT_CATEGORY', category: 'Communes' });
    send({ type: 'CONTACTS_LOADED', contacts: [], letters: [{ letter: 'R', count: 1 }] });
    expect(actor.getSnapshot().matches({ contacts: 'empty' })).toBe(true);
    send({ type: 'CLEAR_FILTERS' });
    expect(requests.at(-1)).toEqual({ text: '', category: '' });
    expect(addresses.at(-1)).toEqual({ mode: 'push', search: '' });
    actor.stop();
  });
});
