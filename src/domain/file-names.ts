import type { Contact } from './contact';
import type { DirectoryFilters } from './directory';

// A name every file system accepts: accents dropped, anything else but letters and digits a dash.
const slug = (title: string): string =>
  title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/** A file name for a calendar export, e.g. `agenda.ics` or `seance-du-grand-conseil.ics`. */
export const icsFileName = (title: string): string => `${slug(title).slice(0, 60).replace(/-$/, '') || 'agenda'}.ics`;

/** The file name of a contact's vCard, safe for every file system. */
export const vCardFileName = (contact: Contact): string => `${slug(contact.title) || 'contact'}.vcf`;

/**
 * The file name of an export of the directory: its filters, then the day it was made, so that
 * exports of several lists, or of one list on several days, lie side by side
 * (`annuaire-grand-conseil-2026-11-23.csv`).
 */
export const directoryExportFileName = ({ category, text }: DirectoryFilters, extension: string, day: string): string => {
  const filters = [category, text]
    .map(slug)
    .filter((part) => part !== '')
    .join('-')
    .slice(0, 60)
    .replace(/-$/, '');
  return `annuaire${filters === '' ? '' : `-${filters}`}-${day}.${extension}`;
};
