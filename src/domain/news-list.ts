import type { NewsItem } from './news';
import { PAGE_SIZES, listPagePath } from './paging';
import { toQueryString } from './query';
import { dateParts } from './wire';

/** The ids of the selected news categories, in the order they were chosen, each once. */
export type CategorySelection = readonly string[];

/** No category selected: the plain news of the scope. */
export const NO_SELECTION: CategorySelection = [];

/** The items with every later repetition of an id left out: the first of each id stays, in order. */
export const dedupeById = <T extends { readonly id: string }>(items: readonly T[]): T[] => {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
};

/** The selection with `id` added at the end; a category already selected leaves it unchanged. */
export const addCategory = (selection: CategorySelection, id: string): CategorySelection => (selection.includes(id) ? selection : [...selection, id]);

/** The selection without `id`. */
export const removeCategory = (selection: CategorySelection, id: string): CategorySelection =>
  selection.includes(id) ? selection.filter((selected) => selected !== id) : selection;

/** A whole new selection, each id once, in the order given. */
export const replaceCategories = (ids: readonly string[]): CategorySelection => [...new Set(ids)];

/** Whether two selections hold the same categories, whatever their order. */
export const sameSelection = (a: CategorySelection, b: CategorySelection): boolean => a.length === b.length && a.every((id) => b.includes(id));

const scopeSegment = (scope: string): string => encodeURIComponent(scope);

/** The path of the news list a selection asks for, without its query: the further pages a `next` link names must be of it. */
export const newsListPath = (scope: string, selection: CategorySelection): string => (selection.length === 0 ? `/api/news/${scopeSegment(scope)}/` : '/api/news/');

/**
 * The path of the news call for a selection (SPEC §7): the plain `GET /api/news/{scope}/`
 * with no category, `GET /api/news/?categories=…` (repeated) otherwise; then `page_size`,
 * which a reference server answers with its first page and a legacy one ignores.
 */
export const newsPath = (scope: string, selection: CategorySelection, pageSize: number = PAGE_SIZES.news): string =>
  `${newsListPath(scope, selection)}${toQueryString({ categories: selection, page_size: pageSize })}`;

/** The path of the news categories call of a scope. */
export const newsCategoriesPath = (scope: string): string => `/api/categories/${scopeSegment(scope)}/`;

/**
 * The path and query, relative to the API base, of the `next` link of a page of the news list
 * at `listPath`, so `data-api-base` still applies. A link to anything but a page of that list
 * gives `null`: the client never follows a link elsewhere.
 */
export const nextPagePath = (next: string | null | undefined, base = '', listPath = '/api/news/'): string | null => listPagePath(next, base, listPath);

/** The list with the items of a further page appended, leaving out every id already listed. */
export const appendPage = <T extends { readonly id: string }>(items: readonly T[], page: readonly T[]): T[] => dedupeById([...items, ...page]);

/** The page's query string that keeps the selection in the URL (`?categorie=1&categorie=3`). */
export const selectionToSearch = (selection: CategorySelection): string => toQueryString({ categorie: selection });

/** The selection a page address holds: every non-empty `categorie`, each once; anything else is left alone. */
export const selectionFromSearch = (search: string): CategorySelection =>
  replaceCategories(
    new URLSearchParams(search)
      .getAll('categorie')
      .map((id) => id.trim())
      .filter((id) => id !== ''),
  );

/**
 * The calendar day of a news date as a UTC midnight, to format with `timeZone: 'UTC'`:
 * the day written by the newsroom, whatever the visitor's time zone. `null` when there is none.
 */
export const calendarDay = (value: string | null | undefined): Date | null => {
  const parts = value ? dateParts(value) : null;
  return parts ? new Date(Date.UTC(parts.year, parts.month - 1, parts.day)) : null;
};

/** The `YYYY-MM-DD` of a news date, for `<time dateTime>`. */
export const isoDay = (value: string): string => value.slice(0, 10);

/** The category titles of an item, as its tags. */
export const categoryTitles = (item: NewsItem): string[] => (item.categories ?? []).map((category) => category.title);

/** The article call of a news item (`GET /api/news/{scope}/{slug}/`). */
export const newsArticlePath = (scope: string, slug: string): string => `/api/news/${scopeSegment(scope)}/${encodeURIComponent(slug)}/`;
