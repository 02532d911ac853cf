import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Subject } from 'rxjs';
import { createActor, fromEventObservable, type Actor, type SnapshotFrom } from 'xstate';
import { filtersToSearch, type DirectoryFilters } from '../../src/domain/directory';
import {
  directoryMachine,
  selectCategoryOptions,
  selectHasMore,
  selectListSearch,
  selectOpenContact,
  type DirectoryEvent,
} from '../../src/machines/directory-machine';
import { contactSlug } from '../../src/domain/permalinks';
import type { CategoriesEvent, ContactEvent, ContactsEvent, MoreContactsEvent } from '../../src/services/contacts-service';
import { liveDirectoryMachine } from '../../src/views/directory/directory-entry';
import { DirectoryView } from '../../src/views/directory/directory-view';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { CONTACTS, FIRST_PAGE, MODEL_PAGE_SIZE } from '../support/directory-fixtures';
import { CARD, directoryModel, resultsHeading } from './directory-model';
import { describeModelWalk } from './model-walk';

type Snapshot = SnapshotFrom<typeof directoryMachine>;

/** The real machine of the page (its address sync included) with fake services whose answers the test gives. */
const harness = () => {
  const contactRequests: { filters: DirectoryFilters; answer: Subject<ContactsEvent> }[] = [];
  const moreRequests: { path: string; answer: Subject<MoreContactsEvent> }[] = [];
  const contactCalls: { slug: string; answer: Subject<ContactEvent> }[] = [];
  const categoryRequests: Subject<CategoriesEvent>[] = [];
  let actorRef: Actor<typeof directoryMachine> | null = null;
  const machine = liveDirectoryMachine('', { snapshot: () => actorRef?.getSnapshot() ?? null }).provide({
    actors: {
      loadContacts: fromEventObservable<ContactsEvent, DirectoryFilters>(({ input }) => {
        const answer = new Subject<ContactsEvent>();
        contactRequests.push({ filters: input, answer });
        return answer;
      }),
      loadMore: fromEventObservable<MoreContactsEvent, string>(({ input }) => {
        const answer = new Subject<MoreContactsEvent>();
        moreRequests.push({ path: input, answer });
        return answer;
      }),
      loadContact: fromEventObservable<ContactEvent, string>(({ input }) => {
        const answer = new Subject<ContactEvent>();
        contactCalls.push({ slug: input, answer });
        return answer;
      }),
      loadCategories: fromEventObservable<CategoriesEvent, void>(() => {
        const answer = new Subject<CategoriesEvent>();
        categoryRequests.push(answer);
        return answer;
      }),
    },
  });
  const actor = createActor(machine, { input: { pageSize: MODEL_PAGE_SIZE } });
  actorRef = actor;
  document.title = LIST_TITLE;
  const container = document.createElement('div');
  container.setAttribute('lang', 'fr');
  document.body.append(container);
  actor.start();
  render(
    <WidgetRoot container={container}>
      <DirectoryView actor={actor} exportBase="" />
    </WidgetRoot>,
    { container },
  );
  // How the open details were opened: by the card's name link, or by the address (Back or Forward to a permalink).
  const opened: { by: 'card' | 'address' | null } = { by: null };
  return { actor, contactRequests, moreRequests, contactCalls, categoryRequests, opened };
};

// The page's title with nothing open, as a page the server did not write has it.
const LIST_TITLE = 'Annuaire – Canton de Valmont';

type Harness = ReturnType<typeof harness>;

const searchBox = () => screen.getByRole('searchbox', { name: 'Rechercher un nom' });
const categorySelect = () => screen.getByRole('combobox', { name: 'Catégorie' });
const moreButton = () => screen.queryByRole('link', { name: 'Afficher plus' });

/** The browser going back or forward to an address of the directory. */
const visit = (path: string): void => {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
};

/** Makes the event happen as a visitor or a service would. */
const perform = (h: Harness, event: DirectoryEvent): void => {
  switch (event.type) {
    case 'TEXT_CHANGED':
      fireEvent.change(searchBox(), { target: { value: event.text } });
      return;
    case 'KEY_RELEASED':
      fireEvent.change(searchBox(), { target: { value: event.text } });
      fireEvent.keyUp(searchBox(), { key: 'l' });
      return;
    case 'SEARCH':
      fireEvent.change(searchBox(), { target: { value: event.text } });
      fireEvent.submit(screen.getByRole('search'));
      // Enter's own release follows the submission: it asks nothing more.
      fireEvent.keyUp(searchBox(), { key: 'Enter' });
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
    case 'LETTER_CHOSEN':
      fireEvent.click(
        within(screen.getByRole('navigation', { name: 'Index alphabétique' })).getByRole('link', { name: event.letter === '' ? 'Tous' : event.letter }),
      );
      return;
    case 'RESTORE_FILTERS':
      visit(`/annuaire/${event.search}`);
      return;
    case 'RETRY':
      fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
      return;
    case 'LOAD_MORE':
      fireEvent.click(moreButton()!);
      return;
    case 'OPEN_DETAILS':
      h.opened.by = event.slug === CARD ? 'card' : 'address';
      if (event.slug === CARD) fireEvent.click(screen.getByRole('link', { name: CONTACTS[0]!.title }));
      else visit(`/annuaire/${event.slug}/${window.location.search}`);
      return;
    case 'CLOSE_DETAILS':
      if (screen.queryByRole('dialog')) {
        fireEvent.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Fermer' }));
      } else {
        // Before the details open, Back to the directory's own address leaves them.
        visit(`/annuaire/${window.location.search}`);
      }
      return;
    case 'CONTACTS_LOADED':
    case 'CONTACTS_FAILED':
    case 'CONTACTS_RETRYING':
      h.contactRequests.at(-1)!.answer.next(event);
      return;
    case 'MORE_CONTACTS_LOADED':
    case 'MORE_CONTACTS_FAILED':
      h.moreRequests.at(-1)!.answer.next(event);
      return;
    case 'CONTACT_LOADED':
    case 'CONTACT_FAILED':
      h.contactCalls.at(-1)!.answer.next(event);
      return;
    case 'CATEGORIES_LOADED':
    case 'CATEGORIES_FAILED':
      h.categoryRequests.at(-1)!.next(event);
      return;
  }
};

const STARTS_REQUEST: ReadonlySet<string> = new Set([
  'KEY_RELEASED',
  'SEARCH',
  'SELECT_CATEGORY',
  'CLEAR',
  'CLEAR_FILTERS',
  'RESTORE_FILTERS',
  'RETRY',
  'MORE_CONTACTS_FAILED',
]);

/** The visitor's acts that make a new list, whose filters the address then holds. */
const WRITES_ADDRESS: ReadonlySet<string> = new Set(['KEY_RELEASED', 'SEARCH', 'SELECT_CATEGORY', 'CLEAR', 'LETTER_CHOSEN', 'CLEAR_FILTERS']);

/** What the visitor must see in a state of the model. */
const expectScreen = (h: Harness, expected: Snapshot, event: DirectoryEvent | null, before: Snapshot | null): void => {
  expect(h.actor.getSnapshot().value).toEqual(expected.value);
  const { filters, contacts, shown, appendedFrom } = expected.context;
  const articles = screen.queryAllByRole('article');
  const status = screen.getByRole('status');
  const cards = contacts.slice(0, shown).map((c) => c.title);

  expect(searchBox()).toHaveValue(filters.text);
  expect(categorySelect()).toHaveValue(filters.category);
  expect(screen.queryByRole('button', { name: 'Effacer la recherche' }) !== null).toBe(filters.text !== '');

  if (expected.matches({ contacts: 'loading' })) {
    // The address holds the filters of the new list: a category chosen on a letter keeps it (`?categorie=…&lettre=B`), a new name leaves it.
    if (event !== null && WRITES_ADDRESS.has(event.type)) expect(window.location.search).toBe(selectListSearch(expected));
    // A request that this step started asks for exactly the filters on screen (a refused cursor starts again from the first page).
    if (event === null || STARTS_REQUEST.has(event.type)) expect(h.contactRequests.at(-1)!.filters).toEqual(filters);
    // A slow list tried again says so in the count's polite status.
    if (expected.matches({ contacts: { loading: 'retrying' } })) expect(status).toHaveTextContent('Connexion lente ou serveur occupé : nouvel essai en cours…');
    else if (contacts.length === 0) expect(status).toHaveTextContent("Chargement de l'annuaire…");
    expect(articles.map((article) => within(article).getByRole('heading').textContent)).toEqual(cards);
  }
  if (expected.matches({ contacts: 'ready' })) {
    // Only the cards shown, however many are held: the heading says how many match in all, and how many are shown when fewer.
    expect(articles.map((article) => within(article).getByRole('heading').textContent)).toEqual(cards);
  }
  // The results heading, under which the cards' headings sit (h2 > h3).
  const heading = screen.getByRole('heading', { level: 2, name: resultsHeading(expected) });
  for (const article of articles) {
    expect(heading.compareDocumentPosition(within(article).getByRole('heading', { level: 3 })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  }
  // Each card's name is a link to its details, and "⋯" a second one, named with the name.
  for (const [index, article] of articles.entries()) {
    const contact = contacts[index]!;
    const href = within(article).getByRole('link', { name: contact.title }).getAttribute('href');
    expect(href).toBe(`/annuaire/${contactSlug(contact)}/`);
    expect(within(article).getByRole('link', { name: `Détails de ${contact.title}` })).toHaveAttribute('href', href);
  }
  // The title names the open contact first, and gives the list's back when the details close.
  const open = selectOpenContact(expected);
  expect(document.title).toBe(open === null ? LIST_TITLE : `${open.title} – ${LIST_TITLE}`);
  if (event?.type === 'CLOSE_DETAILS' && before?.matches({ details: 'open' }) === true) {
    // Focus back: to the link that opened the details, else to the contact's card, else to the results heading.
    const closed = selectOpenContact(before)!;
    const card = articles.find((article) => within(article).queryByRole('link', { name: closed.title }) !== null);
    expect(document.activeElement).toBe(card ? within(card).getByRole('link', { name: closed.title }) : heading);
    if (h.opened.by === 'card') expect(card).toBeDefined();
  }
  // "Afficher plus" while contacts are held but not shown, or the server has a further page.
  expect(moreButton() !== null).toBe(selectHasMore(expected));
  if (expected.matches({ contacts: { ready: 'loadingMore' } })) {
    expect(moreButton()).toHaveAttribute('aria-busy', 'true');
    expect(h.moreRequests.at(-1)!.path).toBe(FIRST_PAGE.next);
  }
  const live = document.querySelector('[aria-live="polite"]');
  if ((event?.type === 'LOAD_MORE' || event?.type === 'MORE_CONTACTS_LOADED') && expected.matches({ contacts: { ready: 'idle' } })) {
    // Focus goes to the first new card's title, and a polite region says how many came.
    expect(document.activeElement).toBe(within(articles[appendedFrom!]!).getByRole('heading'));
    const added = shown - appendedFrom!;
    expect(live).toHaveTextContent(added === 1 ? '1 contact ajouté' : `${added} contacts ajoutés`);
  } else if (appendedFrom === null) {
    expect(live).toHaveTextContent('');
  }
  if (expected.matches({ contacts: 'empty' })) {
    expect(articles).toHaveLength(0);
    expect(screen.getByText('Aucun contact ne correspond à votre recherche')).toBeVisible();
  } else {
    expect(screen.queryByText('Aucun contact ne correspond à votre recherche')).toBeNull();
  }
  const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent);
  if (expected.matches({ contacts: 'failed' })) {
    expect(articles).toHaveLength(0);
    expect(alerts).toEqual(["L'annuaire n'a pas pu être chargé.Réessayer"]);
  } else {
    expect(alerts).toEqual([
      ...(expected.matches({ categories: 'failed' }) ? ["La liste des catégories n'a pas pu être chargée.Réessayer"] : []),
      ...(expected.matches({ contacts: { ready: 'moreFailed' } }) ? ["Les contacts suivants n'ont pas pu être chargés. Réessayez avec « Afficher plus »."] : []),
    ]);
  }
  const options = within(categorySelect())
    .getAllByRole('option')
    .map((option) => option.textContent);
  expect(options).toEqual(['Sélectionner une catégorie', ...selectCategoryOptions(expected)]);
  if (!expected.matches({ details: 'open' })) expect(screen.queryByRole('dialog')).toBeNull();
  // The exports of the list as filtered, offered while a list is shown: the page's query on the export's path.
  const exports = screen.queryByRole('group', { name: 'Exporter la liste' });
  expect(exports !== null).toBe(expected.matches({ contacts: 'ready' }) || (expected.matches({ contacts: 'loading' }) && contacts.length > 0));
  if (exports !== null) {
    expect(within(exports).getByRole('link', { name: 'Exporter la liste en CSV' })).toHaveAttribute('href', `/annuaire/export.csv${filtersToSearch(filters)}`);
    expect(within(exports).getByRole('link', { name: 'Exporter la liste en vCard (.vcf)' })).toHaveAttribute(
      'href',
      `/annuaire/export.vcf${filtersToSearch(filters)}`,
    );
  }
  // A permalink's contact missing from the list is asked for by itself, by its slug.
  if (expected.matches({ details: 'finding' })) expect(h.contactCalls.at(-1)!.slug).toBe(expected.context.wanted);
};

/**
 * Modal as WCAG 2.4.3 asks: with the details open, focus is in the dialog and the filters, letters and cards behind it are inert
 * (the dialog, their sibling, never is); with none open, nothing of the widget is inert.
 */
const expectInertBehindDialog = async (expected: Snapshot): Promise<void> => {
  if (!expected.matches({ details: 'open' })) {
    expect(searchBox().closest('[inert]')).toBeNull();
    return;
  }
  // The dialog may come in a chunk of its own, a moment later; the list goes inert once the dialog holds focus.
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(searchBox().closest('[inert]')).not.toBeNull());
  expect(dialog).toContainElement(document.activeElement as HTMLElement | null);
  expect(dialog.closest('[inert]')).toBeNull();
};

describeModelWalk('the directory, walked through its statechart', {
  model: directoryModel,
  address: '/annuaire/',
  open: harness,
  close: (h) => h.actor.stop(),
  perform,
  measure: (h) => h.moreRequests.length,
  expectStep: async (h, { event, before, after, measured }) => {
    expectScreen(h, after as Snapshot, event, before as Snapshot | null);
    // "Afficher plus" over contacts already held reveals them without a request.
    if (event?.type === 'LOAD_MORE' && after.matches({ contacts: { ready: 'idle' } })) expect(h.moreRequests).toHaveLength(measured!);
    await expectInertBehindDialog(after as Snapshot);
  },
});
