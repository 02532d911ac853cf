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
