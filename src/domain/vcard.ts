import VCard from 'vcard-creator';
import type { Contact } from './contact';
import { isPerson, safeWebsite } from './directory';

// vcard-creator is loaded with the contact's modal only, so the directory's first paint does without it.
const addressLines = (address: string): { street: string; postalCode: string; locality: string } => {
  const lines = address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const last = lines.at(-1) ?? '';
  const match = /^(\d{4,5})\s+(.+)$/.exec(last);
  return match ? { street: lines.slice(0, -1).join(', '), postalCode: match[1]!, locality: match[2]! } : { street: lines.join(', '), postalCode: '', locality: '' };
};

// vCard 3.0 text (RFC 2426 §4): a backslash, `;`, `,` and every line break (CR, LF or both) escaped, so
// that no value ends its line and starts a property, or a whole contact, of its own.
const escapeValue = (text: string): string =>
  text.replace(/[\\;,]|\r\n?|\n/g, (found) => (found === '\\' ? '\\\\' : found === ';' ? '\\;' : found === ',' ? '\\,' : '\\n'));
// vcard-creator escapes the names, the address and the categories itself, save a lone CR: made a LF, which it escapes.
const oneBreak = (text: string): string => text.replace(/\r\n?/g, '\n');

/** A vCard 3.0 of a contact, for an address book: every value escaped, whatever it holds. */
export const toVCard = (contact: Contact): string => {
  const card = new VCard();
  // FN is required by vCard 3.0: a contact without a usable title still gets a name.
  const name = contact.title.trim() || 'Contact';
  if (isPerson(contact)) {
    const parts = name.split(/\s+/);
    card.addName({ givenName: parts.slice(0, -1).join(' '), familyName: parts.at(-1) ?? name });
    if (contact.fonction) card.addJobtitle(oneBreak(contact.fonction));
    if (contact.parti) card.addCompany({ name: oneBreak(contact.parti) });
  } else {
    card.addName({ familyName: oneBreak(name) });
    card.addCompany({ name: oneBreak(name) });
  }
  // vcard-creator writes these three as they come.
  if (contact.email) card.addEmail({ address: escapeValue(contact.email.trim()) });
  if (contact.phone) card.addPhoneNumber({ number: escapeValue(contact.phone), type: ['work'] });
  if (contact.fax) card.addPhoneNumber({ number: escapeValue(contact.fax), type: ['fax'] });
  if (contact.address) card.addAddress({ ...addressLines(oneBreak(contact.address)), type: ['work'] });
  // A parsed http(s) address holds no line break, space or backslash: URL is a URI, not text, and is written as it is.
  const website = safeWebsite(contact.website);
  if (website) card.addUrl({ url: website });
  if (contact.categories && contact.categories.length > 0) card.addCategories(contact.categories.map((category) => oneBreak(category.trim())));
  return card.toString();
};
