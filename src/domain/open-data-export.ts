import { exceptedOccurrences, rruleValue, type Recurrence } from './recurrence';
import { agendaFiltersToSearch, type AgendaFilters } from './agenda-filters';
import { neutralizeFormula } from './directory-export';
import { selectionToSearch, type CategorySelection } from './news-list';
import { FALLBACK_LANGUAGE, type Language } from './language';
import { localizedPath, PAGE_PATHS } from './permalinks';

/**
 * The open-data CSV files of the agenda, the news and the shop's publications: their addresses
 * and columns, and the cells of a row. Column names are the same in every language (a program
 * reads them); dates are ISO 8601 (`2026-05-03`, `18:30`), a list is `, `-separated.
 */

/** The datasets that have a CSV file beside the directory's (`/annuaire/export.csv`). */
export const OPEN_DATA_CSVS = ['agenda', 'news', 'publications'] as const;
export type OpenDataCsv = (typeof OPEN_DATA_CSVS)[number];

/** The French path of a dataset's CSV; other languages add their prefix, as the directory's export does. */
export const CSV_PATHS: Readonly<Record<OpenDataCsv, string>> = {
  agenda: `${PAGE_PATHS.agenda}export.csv`,
  news: `${PAGE_PATHS.news}export.csv`,
  publications: `${PAGE_PATHS.shop}export.csv`,
};

/** The address of the agenda's CSV as the page filters it: the page's own query on the file's path in the page language (`root`: the site's unprefixed one). */
export const agendaCsvPath = (filters: AgendaFilters, language: string, root: Language = FALLBACK_LANGUAGE): string =>
  `${localizedPath(CSV_PATHS.agenda, language, root)}${agendaFiltersToSearch(filters)}`;

/** The address of the news CSV of a category selection, in the page language (`root`: the site's unprefixed one). */
export const newsCsvPath = (selection: CategorySelection, language: string, root: Language = FALLBACK_LANGUAGE): string =>
  `${localizedPath(CSV_PATHS.news, language, root)}${selectionToSearch(selection)}`;

/** The columns of each CSV, in order. */
export const CSV_COLUMNS = {
  agenda: ['id', 'date', 'end_date', 'start_time', 'end_time', 'title', 'place', 'categories', 'description', 'link', 'recurrence', 'exceptions'],
  news: ['id', 'date', 'title', 'lead', 'categories', 'link'],
  publications: ['id', 'title', 'price_chf', 'description'],
} as const satisfies Readonly<Record<OpenDataCsv, readonly string[]>>;

/** A value as a cell: trimmed text, `''` for none, never a formula for a spreadsheet. */
export const csvCell = (value: string | number | null | undefined): string =>
  neutralizeFormula(value === null || value === undefined ? '' : typeof value === 'number' ? String(value) : value.trim());

/** Category titles as one cell. */
export const categoryCell = (categories: readonly { readonly title: string }[] | null | undefined): string =>
  csvCell(
    (categories ?? [])
      .map((category) => category.title.trim())
      .filter((title) => title !== '')
      .join(', '),
  );

/** An event as the agenda's CSV row. */
export const agendaCsvRow = (event: {
  readonly id: number | string;
  readonly bel_date: string;
  readonly end_date: string | null;
  readonly start_time: string | null;
  readonly end_time: string | null;
  readonly title: string;
  readonly place: string | null;
  readonly description: string | null;
  readonly categories: readonly { readonly title: string }[];
  readonly link: string | null;
  readonly recurrence?: Recurrence | null;
}): readonly string[] => [
  csvCell(String(event.id)),
  csvCell(event.bel_date),
  csvCell(event.end_date),
  csvCell(event.start_time),
  csvCell(event.end_time),
  csvCell(event.title),
  csvCell(event.place),
  categoryCell(event.categories),
  csvCell(event.description),
  csvCell(event.link),
  // A recurring event is one row at its first date: its rule as iCalendar writes it (dates only), and the days it skips.
  csvCell(event.recurrence ? rruleValue(event.recurrence, event.bel_date, null) : null),
  csvCell(event.recurrence ? exceptedOccurrences(event.recurrence, event.bel_date).join(' ') : null),
];

/** A news item as the news CSV row. */
export const newsCsvRow = (item: {
  readonly id: number | string;
  readonly date: string;
  readonly title: string;
  readonly lead: string | null;
  readonly categories: readonly { readonly title: string }[];
  readonly link: string | null;
}): readonly string[] => [csvCell(String(item.id)), csvCell(item.date), csvCell(item.title), csvCell(item.lead), categoryCell(item.categories), csvCell(item.link)];

/** A publication of the shop as its CSV row; the price with two decimals, a point as separator. */
export const publicationCsvRow = (item: {
  readonly variant_id: number;
  readonly title: string;
  readonly price: number;
  readonly description: string | null;
}): readonly string[] => [csvCell(String(item.variant_id)), csvCell(item.title), item.price.toFixed(2), csvCell(item.description)];
