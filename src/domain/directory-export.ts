import type { Contact } from './contact';
import { filtersToSearch, isPerson, type DirectoryFilters } from './directory';
import { FALLBACK_LANGUAGE, type Language } from './language';
import { localizedPath, PAGE_PATHS } from './permalinks';

/** The directory's exports: a table for a spreadsheet, and an address book. */
export const EXPORT_FORMATS = ['csv', 'vcf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The path of an export in French, the site's language (`/annuaire/export.csv`); other languages add their prefix. */
export const exportBasePath = (format: ExportFormat): string => `${PAGE_PATHS.directory}export.${format}`;

/**
 * The address of the export of the list as filtered: the directory page's own query
 * (`?categorie=…&q=…`) on the export's path in the page language, so what the visitor sees
 * and what the file holds are one address apart (`root`: the site's unprefixed language).
 */
export const exportPath = (filters: DirectoryFilters, format: ExportFormat, language: string, root: Language = FALLBACK_LANGUAGE): string =>
  `${localizedPath(exportBasePath(format), language, root)}${filtersToSearch(filters)}`;

/**
 * Where a widget finds the exports, from its container's `data-export-base` and `data-api-base`:
 * the export base when given (`''` for the page's own site); else the page's own site when the
 * widget calls that site's API, since the reference server serves both; else none, for a widget
 * on another backend, which has no `/annuaire/export.*`. `null`: the list offers no export.
 */
export const exportBaseFor = (exportBase: string | null, apiBase: string | null): string | null =>
  exportBase !== null ? exportBase.trim().replace(/\/+$/, '') : (apiBase ?? '').trim() === '' ? '' : null;

/**
 * The columns of the CSV export, in order: what a journalist or a clerk writes to or about
 * (name, role, party, commissions, email, phone), with the type and categories to sort by and
 * the postal address for a letter.
 */
export const EXPORT_COLUMNS = ['name', 'type', 'role', 'party', 'commissions', 'categories', 'email', 'phone', 'address'] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/**
 * The field separator of the CSV export. Excel opens a CSV with the list separator of the
 * computer's regional settings, and that is `;` in Switzerland, France, Germany and Italy; with
 * `,` it would put each row in one cell there. LibreOffice, Numbers, Google Sheets and pandas
 * (`sep=';'`) read it as well.
 */
export const CSV_DELIMITER = ';';

// A spreadsheet takes a cell that starts with one of these for a formula (OWASP, "CSV Injection").
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as a spreadsheet must show it, as text: one that would start a formula gets a leading `'`. */
export const neutralizeFormula = (cell: string): string => (FORMULA_START.test(cell) ? `'${cell}` : cell);

const text = (value: string | null | undefined): string => (value ?? '').trim();

// Lines kept (a multi-line cell), each trimmed, blank ones dropped, with one kind of line break.
const lines = (value: string | null | undefined): string =>
  (value ?? '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');

const list = (values: readonly string[] | null | undefined): string =>
  (values ?? [])
    .map((value) => value.trim())
    .filter((value) => value !== '')
    .join(', ');

/** The values of a contact's row, in `EXPORT_COLUMNS` order, before any CSV escaping; the role only for a person, as on its card. */
export const exportValues = (contact: Contact): readonly string[] => {
  const values: Readonly<Record<ExportColumn, string>> = {
    name: text(contact.title),
    type: text(contact.type_contact),
    role: isPerson(contact) ? text(contact.fonction) : '',
    party: text(contact.parti),
    commissions: list(contact.commissions),
    categories: list(contact.categories),
    email: text(contact.email),
    phone: text(contact.phone),
    address: lines(contact.address),
  };
  return EXPORT_COLUMNS.map((column) => values[column]);
};

/** The cells of a contact's CSV row: its values, none of which a spreadsheet runs as a formula. */
export const exportRow = (contact: Contact): readonly string[] => exportValues(contact).map(neutralizeFormula);
