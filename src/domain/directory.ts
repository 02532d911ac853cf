import { PERSON, type Contact } from './contact';
import { PAGE_SIZES } from './paging';
import { letterFromSearch } from './directory-letter';
import { toQueryString } from './query';

/** What the visitor filters the directory by: the typed name, the chosen category title and the letter of the index (none: every letter). */
export interface DirectoryFilters {
  readonly text: string;
  readonly category: string;
  readonly letter?: string;
}

/** No text, no category: the whole directory. */
export const NO_FILTERS: DirectoryFilters = { text: '', category: '' };

/** The path of the contacts list, without its query: the further pages a `next` link names must be of it. */
export const CONTACTS_PATH = '/api/contacts/';

/**
 * The path of the contacts call for a set of filters (SPEC §7): the text as typed in
 * `title`, the category title in `category`, both when both are set, none for all contacts;
 * then `page_size`, which a reference server answers with its first page and a legacy one ignores.
 */
export const contactsPath = ({ text, category, letter }: DirectoryFilters, pageSize: number = PAGE_SIZES.contacts): string =>
  `${CONTACTS_PATH}${toQueryString({ title: text === '' ? undefined : text, category: category === '' ? undefined : category, letter: letter || undefined, page_size: pageSize })}`;

/** The path of the index's letters for the name and category filters (`GET /api/letters/contacts/`): the letter in force is left out, so every other letter shows whether it has entries. */
export const contactLettersPath = ({ text, category }: DirectoryFilters): string =>
  `/api/letters/contacts/${toQueryString({ title: text === '' ? undefined : text, category: category === '' ? undefined : category })}`;

/** The path of one contact by its slug (`GET /api/contacts/{slug}/`, a reference-server extension; a legacy API answers 404). */
export const contactItemPath = (slug: string): string => `${CONTACTS_PATH}${encodeURIComponent(slug)}/`;

/** The page's query string that keeps the filters in the URL (`?categorie=…&lettre=…&q=…`). */
export const filtersToSearch = ({ text, category, letter }: DirectoryFilters): string =>
  toQueryString({ categorie: category === '' ? undefined : category, lettre: letter || undefined, q: text === '' ? undefined : text });

/** The filters a page address holds; anything else in it is left alone, and a letter the index does not have is no letter. */
export const filtersFromSearch = (search: string): DirectoryFilters => {
  const params = new URLSearchParams(search);
  const letter = letterFromSearch(search);
  return { text: params.get('q') ?? '', category: params.get('categorie') ?? '', ...(letter === '' ? {} : { letter }) };
};

/** Whether a contact is a person, whose role is shown (SPEC §2). */
export const isPerson = (contact: Contact): boolean => contact.type_contact === PERSON;

/** The address of a website when it is an absolute http(s) URL; anything else never becomes a link. */
export const safeWebsite = (website: string | null | undefined): string | null => {
  if (!website) return null;
  try {
    const url = new URL(website.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
};

/** The `tel:` link of a phone number, with spaces and separators removed. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The `mailto:` link of an email address. */
export const mailtoHref = (email: string): string => `mailto:${email.trim()}`;

/**
 * An e-mail or web address cut where a line may break without breaking a word: after "@" and
 * "/", and before each ".", so no line ends on a dot a reader might take for a full stop.
 * The pieces joined give the address back.
 */
export const addressBreaks = (address: string): string[] => address.split(/(?<=[@/])|(?=\.)/).filter((piece) => piece !== '');
