import { Contact, ContactCategoryList, ContactList } from '../../../src/domain/contact';
import { CONTACTS_PATH, contactItemPath } from '../../../src/domain/directory';
import { LETTERS } from '../../../src/domain/directory-letter';
import type { DirectorySnapshot, DirectoryEvent } from '../../../src/machines/directory-machine';
import type { HttpFailure } from '../../../src/services/http';
import { CONTACTS, MODEL_PAGE_SIZE } from '../../support/directory-fixtures';
import { CARD, directoryModel } from '../../model/directory-model';
import { literal, visit, type PlaywrightDriver } from '../driver';
import type { CallMatch } from '../scripted-api';

const CATEGORIES_PATH = '/api/categories/contacts/';
const PAGE_SIZE = String(MODEL_PAGE_SIZE);
// Every letter the model's contacts are filed under has entries: the row's links are all followable.
const LETTERS_ANSWER = LETTERS.map((letter) => ({ letter, count: 1 }));

// The call of the list on its way asks for the text the list was last asked for, which a paste alone leaves as it was.
const contactsCall = (before: DirectorySnapshot): CallMatch => {
  const { searched, filters } = before.context;
  return {
    path: CONTACTS_PATH,
    query: {
      page_size: PAGE_SIZE,
      ...(searched === '' ? {} : { title: searched }),
      ...(filters.category === '' ? {} : { category: filters.category }),
      ...(filters.letter ? { letter: filters.letter } : {}),
    },
  };
};

// The index's letters, asked for beside the list with its name and category: the list waits for them.
const lettersCall = (before: DirectorySnapshot): CallMatch => {
  const { searched, filters } = before.context;
  return {
    path: '/api/letters/contacts/',
    query: { ...(searched === '' ? {} : { title: searched }), ...(filters.category === '' ? {} : { category: filters.category }) },
  };
};

// The further page is the one the first page's `next` named.
const moreCall = (before: DirectorySnapshot): CallMatch => {
  const next = new URL(before.context.next ?? CONTACTS_PATH, 'http://relative.invalid');
  return { path: next.pathname, query: Object.fromEntries(next.searchParams) };
};

// A refusal is not tried again, so the widget shows its failure at once: a 5xx of the model's becomes a 404.
const finalStatus = (error: HttpFailure): number => (error._tag === 'HttpError' && error.status < 500 ? error.status : 404);

const searchBox = `page.getByRole('searchbox', { name: 'Rechercher un nom' })`;

/** The directory's covering suite on /annuaire/, two cards a page as the model walks it. */
export const directoryDriver: PlaywrightDriver<DirectoryEvent> = {
  model: directoryModel,
  page: { path: '/annuaire/', widget: 'directory', attributes: { 'data-page-size': PAGE_SIZE } },
  act: (event, state) => {
    const before = state as DirectorySnapshot;
    switch (event.type) {
      // `fill` sets the text as a paste does: an input event, no key.
      case 'TEXT_CHANGED':
        return [`await ${searchBox}.fill(${literal(event.text)});`];
      case 'KEY_RELEASED':
        return [`await ${searchBox}.fill(${literal(event.text)});`, `await ${searchBox}.press('End');`];
      case 'SEARCH':
        return event.text === ''
          ? [`await page.getByRole('button', { name: 'Rechercher', exact: true }).click();`]
          : [`await ${searchBox}.fill(${literal(event.text)});`, `await ${searchBox}.press('Enter');`];
      case 'SELECT_CATEGORY':
        return [
          `await page.getByRole('combobox', { name: 'Catégorie' }).selectOption({ label: ${literal(event.category === '' ? 'Sélectionner une catégorie' : event.category)} });`,
        ];
      case 'CLEAR':
        return [`await page.getByRole('button', { name: 'Effacer la recherche' }).click();`];
      case 'CLEAR_FILTERS':
        return [`await page.getByRole('button', { name: 'Effacer les filtres' }).click();`];
      case 'LETTER_CHOSEN':
        return [
          `await page.getByRole('navigation', { name: 'Index alphabétique' }).getByRole('link', { name: ${literal(event.letter === '' ? 'Tous' : event.letter)}, exact: true }).click();`,
        ];
      case 'RESTORE_FILTERS':
        return [visit(literal(`/annuaire/${event.search}`))];
      case 'RETRY':
        return [`await page.getByRole('button', { name: 'Réessayer' }).click();`];
      case 'LOAD_MORE':
        return [`await page.getByRole('link', { name: 'Afficher plus' }).click();`];
      case 'OPEN_DETAILS':
        return event.slug === CARD
          ? [`await page.getByRole('link', { name: ${literal(CONTACTS[0]!.title)}, exact: true }).click();`]
          : [visit(`${literal(`/annuaire/${event.slug}/`)} + (await page.evaluate(() => window.location.search))`)];
      // Before the details open, Back to the directory's own address leaves them.
      case 'CLOSE_DETAILS':
        return before.matches({ details: 'open' })
          ? [`await page.getByRole('dialog').getByRole('link', { name: 'Fermer' }).click();`]
          : [visit(`'/annuaire/' + (await page.evaluate(() => window.location.search))`)];
      case 'CONTACTS_LOADED':
        return [
          `await api.answer(${literal(lettersCall(before))}, ${literal(LETTERS_ANSWER)});`,
          `await api.answer(${literal(contactsCall(before))}, ${literal(
            event.next === undefined && event.count === undefined
              ? ContactList.encode([...event.contacts])
              : { results: ContactList.encode([...event.contacts]), next: event.next ?? null, count: event.count ?? null },
          )});`,
        ];
      // A busy server: the widget says it tries again, and does.
      case 'CONTACTS_RETRYING':
        return [`await api.fail(${literal(contactsCall(before))}, 503);`];
      case 'CONTACTS_FAILED':
        return [`await api.fail(${literal(contactsCall(before))}, ${finalStatus(event.error)});`];
      case 'MORE_CONTACTS_LOADED':
        return [`await api.answer(${literal(moreCall(before))}, ${literal({ results: ContactList.encode([...event.contacts]), next: event.next })});`];
      case 'MORE_CONTACTS_FAILED':
        return [`await api.fail(${literal(moreCall(before))}, ${finalStatus(event.error)});`];
      case 'CONTACT_LOADED':
        return [`await api.answer(${literal(contactItemPath(before.context.wanted ?? ''))}, ${literal(Contact.encode(event.contact))});`];
      case 'CONTACT_FAILED':
        return [`await api.fail(${literal(contactItemPath(before.context.wanted ?? ''))}, ${finalStatus(event.error)});`];
      case 'CATEGORIES_LOADED':
        return [`await api.answer(${literal(CATEGORIES_PATH)}, ${literal(ContactCategoryList.encode(event.categories.map((title) => ({ title }))))});`];
      case 'CATEGORIES_FAILED':
        return [`await api.fail(${literal(CATEGORIES_PATH)}, ${finalStatus(event.error)});`];
    }
  },
};
