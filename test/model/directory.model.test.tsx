import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Subject } from 'rxjs';
import { createActor, fromEventObservable, type SnapshotFrom } from 'xstate';
import { filtersToSearch, type DirectoryFilters } from '../../src/domain/directory';
import { directoryMachine, selectCategoryOptions, type DirectoryEvent } from '../../src/machines/directory-machine';
import type { CategoriesEvent, ContactsEvent } from '../../src/services/contacts-service';
import { historyActor, writeSearch } from '../../src/services/history-service';
import { DirectoryView } from '../../src/views/directory/directory-view';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { CONTACTS } from '../support/directory-fixtures';
import { unwalked, type ModelPath } from './coverage';
import { directoryModel } from './directory-model';
import { pathsOf } from './machine-model';

type Snapshot = SnapshotFrom<typeof directoryMachine>;

const model = directoryModel.model;
const paths = pathsOf(directoryModel);

/** The real machine with fake services whose answers the test gives, and the real history. */
const harness = () => {
  const contactRequests: { filters: DirectoryFilters; answer: Subject<ContactsEvent> }[] = [];
  const categoryRequests: Subject<CategoriesEvent>[] = [];
  const machine = directoryMachine.provide({
    actors: {
      loadContacts: fromEventObservable<ContactsEvent, DirectoryFilters>(({ input }) => {
        const answer = new Subject<ContactsEvent>();
        contactRequests.push({ filters: input, answer });
        return answer;
      }),
      loadCategories: fromEventObservable<CategoriesEvent, void>(() => {
        const answer = new Subject<CategoriesEvent>();
        categoryRequests.push(answer);
        return answer;
      }),
      watchHistory: historyActor('RESTORE_FILTERS'),
    },
    actions: { writeHistory: ({ context }, params) => writeSearch(params.mode, filtersToSearch(context.filters)) },
  });
  const actor = createActor(machine, { input: {} });
  const container = document.createElement('div');
  container.setAttribute('lang', 'fr');
  document.body.append(container);
  actor.start();
  render(
    <WidgetRoot container={container}>
      <DirectoryView actor={actor} />
    </WidgetRoot>,
    { container },
  );
  return { actor, contactRequests, categoryRequests };
};

type Harness = ReturnType<typeof harness>;

const searchBox = () => screen.getByRole('searchbox', { name: 'Rechercher un nom' });
const categorySelect = () => screen.getByRole('combobox', { name: 'Catégorie' });

/** Makes the event happen as a visitor or a service would. */
const perform = (h: Harness, event: DirectoryEvent): void => {
  switch (event.type) {
    case 'TYPE':
      fireEvent.change(searchBox(), { target: { value: event.text } });
      return;
    case 'SEARCH':
      fireEvent.change(searchBox(), { target: { value: event.text } });
      fireEvent.keyUp(searchBox(), { key: 'l' });
      return;
    case 'SELECT_CATEGORY':
      fireEvent.change(categorySelect(), { target: { value: event.category } });
      return;
    case 'CLEAR':
      fireEvent.click(screen.getByRole('button', { name: 'Effacer la recherche' }));
      return;
    case 'CLEAR_FILTERS':
      fireEvent.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
      return;
    case 'RESTORE_FILTERS':
      window.history.pushState(null, '', `/annuaire/${event.search}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
      return;
    case 'RETRY':
      fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
      return;
    case 'TOGGLE_MODAL':
      fireEvent.click(
        event.index === undefined
          ? within(screen.getByRole('dialog')).getByRole('button', { name: 'Fermer' })
          : screen.getByRole('link', { name: `Plus d'informations sur ${CONTACTS[event.index]!.title}` }),
      );
      return;
    case 'CONTACTS_LOADED':
    case 'CONTACTS_FAILED':
      h.contactRequests.at(-1)!.answer.next(event);
      return;
    case 'CATEGORIES_LOADED':
    case 'CATEGORIES_FAILED':
      h.categoryRequests.at(-1)!.next(event);
      return;
  }
};

const STARTS_REQUEST: ReadonlySet<string> = new Set(['SEARCH', 'SELECT_CATEGORY', 'CLEAR', 'CLEAR_FILTERS', 'RESTORE_FILTERS', 'RETRY']);

/** What the visitor must see in a state of the model. */
const expectScreen = (h: Harness, expected: Snapshot, event: DirectoryEvent | null): void => {
  expect(h.actor.getSnapshot().value).toEqual(expected.value);
  const { filters, contacts } = expected.context;
  const articles = screen.queryAllByRole('article');
  const status = screen.getByRole('status');

  expect(searchBox()).toHaveValue(filters.text);
  expect(categorySelect()).toHaveValue(filters.category);
  expect(screen.queryByRole('button', { name: 'Effacer la recherche' }) !== null).toBe(filters.text !== '');

  if (expected.matches({ contacts: 'loading' })) {
    // A request that this step started asks for exactly the filters on screen.
    if (event === null || STARTS_REQUEST.has(event.type)) expect(h.contactRequests.at(-1)!.filters).toEqual(filters);
    if (contacts.length === 0) expect(status).toHaveTextContent("Chargement de l'annuaire…");
    expect(articles).toHaveLength(contacts.length);
  }
  if (expected.matches({ contacts: 'ready' })) {
    expect(articles.map((article) => within(article).getByRole('heading').textContent)).toEqual(contacts.map((c) => c.title));
    expect(status).toHaveTextContent(`${contacts.length} contacts`);
  }
  if (expected.matches({ contacts: 'empty' })) {
    expect(articles).toHaveLength(0);
    expect(screen.getByText('Aucun contact ne correspond à votre recherche')).toBeVisible();
  } else {
    expect(screen.queryByText('Aucun contact ne correspond à votre recherche')).toBeNull();
  }
  const alert = screen.queryByRole('alert');
  if (expected.matches({ contacts: 'failed' })) {
    expect(articles).toHaveLength(0);
    expect(alert).toHaveTextContent("L'annuaire n'a pas pu être chargé.");
  } else if (expected.matches({ categories: 'failed' })) {
    expect(alert).toHaveTextContent("La liste des catégories n'a pas pu être chargée.");
  } else {
    expect(alert).toBeNull();
  }
  const options = within(categorySelect()).getAllByRole('option').map((option) => option.textContent);
  expect(options).toEqual(['Sélectionner une catégorie', ...selectCategoryOptions(expected)]);
  if (!expected.matches({ details: 'open' })) expect(screen.queryByRole('dialog')).toBeNull();
};

// The modal is a chunk of its own, loaded the first time a contact opens: the visitor sees it a moment later.
const expectDialog = async (expected: Snapshot): Promise<void> => {
  if (expected.matches({ details: 'open' })) {
    expect(await screen.findByRole('dialog')).toHaveAccessibleName(expected.context.contacts[expected.context.selected!]!.title);
  }
};

const walk = async (path: ModelPath<DirectoryEvent>): Promise<void> => {
  window.history.replaceState(null, '', '/annuaire/');
  const h = harness();
  try {
    expectScreen(h, path.steps[0]!.snapshot as Snapshot, null);
    for (const step of path.steps.slice(1)) {
      act(() => perform(h, step.event));
      expectScreen(h, step.snapshot as Snapshot, step.event);
      await expectDialog(step.snapshot as Snapshot);
    }
  } finally {
    h.actor.stop();
    cleanup();
  }
};

describe('the directory, walked through its statechart', () => {
  it('walks every state and every transition of the machine', () => {
    expect(unwalked(model, paths)).toEqual({ states: [], transitions: [] });
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', (_description, path) => walk(path));
});
