import VCard from 'vcard-creator';
import { PERSON, type Contact } from './contact';
import { toQueryString } from './query';

/** What the visitor filters the directory by: the typed name and the chosen category title. */
export interface DirectoryFilters {
  readonly text: string;
  readonly category: string;
}

/** No text, no category: the whole directory. */
export const NO_FILTERS: DirectoryFilters = { text: '', category: '' };

/**
 * The path of the contacts call for a set of filters (SPEC §7): the text as typed in
 * `title`, the category title in `category`, both when both are set, none for all contacts.
 */
export const contactsPath = ({ text, category }: DirectoryFilters): string =>
  `/api/contacts/${toQueryString({ title: text === '' ? undefined : text, category: category === '' ? undefined : category })}`;

/** The page's query string that keeps the filters in the URL (`?categorie=…&q=…`). */
export const filtersToSearch = ({ text, category }: DirectoryFilters): string =>
  toQueryString({ categorie: category === '' ? undefined : category, q: text === '' ? undefined : text });

/** The filters a page address holds; anything else in it is left alone. */
export const filtersFromSearch = (search: string): DirectoryFilters => {
  const params = new URLSearchParams(search);
  return { text: params.get('q') ?? '', category: params.get('categorie') ?? '' };
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

const addressLines = (address: string): { street: string; postalCode: string; locality: string } => {
  const lines = address.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
  const last = lines.at(-1) ?? '';
  const match = /^(\d{4,5})\s+(.+)$/.exec(last);
  return match
    ? { street: lines.slice(0, -1).join(', '), postalCode: match[1]!, locality: match[2]! }
    : { street: lines.join(', '), postalCode: '', locality: '' };
};

/** A vCard 3.0 of a contact, for an address book. */
export const toVCard = (contact: Contact): string => {
  const card = new VCard();
  // FN is required by vCard 3.0: a contact without a usable title still gets a name.
  const name = contact.title.trim() || 'Contact';
  if (isPerson(contact)) {
    const parts = name.split(/\s+/);
    card.addName({ givenName: parts.slice(0, -1).join(' '), familyName: parts.at(-1) ?? name });
    if (contact.fonction) card.addJobtitle(contact.fonction);
    if (contact.parti) card.addCompany({ name: contact.parti });
  } else {
    card.addName({ familyName: name });
    card.addCompany({ name });
  }
  if (contact.email) card.addEmail({ address: contact.email.trim() });
  if (contact.phone) card.addPhoneNumber({ number: contact.phone, type: ['work'] });
  if (contact.fax) card.addPhoneNumber({ number: contact.fax, type: ['fax'] });
  if (contact.address) card.addAddress({ ...addressLines(contact.address), type: ['work'] });
  const website = safeWebsite(contact.website);
  if (website) card.addUrl({ url: website });
  if (contact.categories && contact.categories.length > 0) card.addCategories([...contact.categories]);
  return card.toString();
};

/** The file name of a contact's vCard, safe for every file system. */
export const vCardFileName = (contact: Contact): string =>
  `${contact.title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase() || 'contact'}.vcf`;
