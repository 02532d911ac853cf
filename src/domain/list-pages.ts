/**
 * How many pages of a list an address shows, so "Afficher plus" and "Événements passés" are links
 * a page without script can follow: `?page=3` shows the first three pages of the list (as three
 * clicks of "Afficher plus" would), `?passes=2` the agenda's first two pages of past events. The
 * server renders what they ask for; the browser starts from the same count and writes it back.
 */

/** The parameter of the pages a list shows (1 when absent). */
export const PAGE_PARAM = 'page';

/** The agenda's parameter of the past pages it shows (none when absent). */
export const PAST_PARAM = 'passes';

/**
 * The most pages an address may ask for: 20 pages are 960 contacts, 480 news items or 1,000
 * events, far more than a visitor reads in one screen, and they bound what one page costs the
 * server to render. The server refuses more with a 400; the widgets read more as the most.
 */
export const MAX_LIST_PAGES = 20;

/** The fragment of the first item a followed "more" link added (`#annuaire-suite`), so the browser scrolls to it. */
export const ADDED_ANCHORS = { directory: 'annuaire-suite', news: 'actualites-suite', agenda: 'agenda-suite' } as const;

/** Whether a parameter's value is a page count the site accepts: 1 to MAX_LIST_PAGES (0 too for the past's). */
export const isPageCount = (value: string, least: 0 | 1): boolean => /^\d{1,3}$/.test(value) && Number(value) >= least && Number(value) <= MAX_LIST_PAGES;

/** The pages an address asks for: its `page` (or `name`), else `least`; a count beyond the most is read as the most. */
export const pagesFromSearch = (search: string, name: string = PAGE_PARAM, least: 0 | 1 = 1): number => {
  const value = new URLSearchParams(search).get(name) ?? '';
  if (!/^\d{1,9}$/.test(value)) return least;
  return Math.max(least, Math.min(MAX_LIST_PAGES, Number(value)));
};

/** A list's query string (`''` or `?…`) with its page count, left out at `least` (the address of a first page stays as it was). */
export const withPages = (search: string, pages: number, name: string = PAGE_PARAM, least: 0 | 1 = 1): string =>
  pages <= least ? search : `${search}${search === '' ? '?' : '&'}${name}=${Math.min(pages, MAX_LIST_PAGES)}`;
