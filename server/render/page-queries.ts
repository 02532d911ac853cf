import { isIndexLetter } from '../../src/domain/directory-letter';
import { isPageCount, MAX_LIST_PAGES, PAGE_PARAM, PAST_PARAM } from '../../src/domain/list-pages';
import type { SitePage } from '../../src/domain/permalinks';
import type { MessageId } from '../../src/i18n/intl';

/** What is wrong with a page's query: a message of the catalogues (`errors.query.…`) and its values, said in the page's language. */
export interface PageQueryProblem {
  readonly id: MessageId;
  readonly values: Readonly<Record<string, string | number>>;
}

/** The longest address the pages read; a longer one is refused before any work. */
export const MAX_PAGE_URL = 2048;

/** The query parameters each page reads, and the tools every page accepts (`journal`, `inspect`). */
const PAGE_PARAMS: Readonly<Record<SitePage, readonly string[]>> = {
  home: [],
  directory: ['categorie', 'lettre', 'q', PAGE_PARAM],
  agenda: ['categories', 'mois', 'titre', 'periode', PAGE_PARAM, PAST_PARAM],
  news: ['categorie', PAGE_PARAM],
  shop: [],
  cart: [],
  accessibility: [],
  search: ['q'],
  legal: [],
  privacy: [],
  sitemap: [],
  data: [],
};
const TOOL_PARAMS = ['journal', 'inspect'];

// Control characters cannot be typed in a search box: in an address they are a forged query.
const CONTROL = /[\u0000-\u001f\u007f]/;

// The most ids a list parameter may repeat (a category list), and the longest text a text parameter may hold.
const MAX_IDS = 50;
const MAX_TEXT = 200;

const checkText = (name: string, values: readonly string[]): PageQueryProblem | null => {
  if (values.length > 1) return { id: 'errors.query.repeated', values: { name } };
  const value = values[0] ?? '';
  if (value.length > MAX_TEXT) return { id: 'errors.query.overLength', values: { name, max: MAX_TEXT } };
  if (CONTROL.test(value)) return { id: 'errors.query.control', values: { name } };
  return null;
};

const checkIds = (name: string, values: readonly string[]): PageQueryProblem | null => {
  if (values.length > MAX_IDS) return { id: 'errors.query.tooManyIds', values: { name, max: MAX_IDS } };
  const bad = values.find((value) => !/^\d{1,9}$/.test(value));
  return bad === undefined ? null : { id: 'errors.query.notCategory', values: { name } };
};

const checkMonth = (name: string, values: readonly string[]): PageQueryProblem | null =>
  values.length === 1 && /^(?:[1-9]|1[0-2])$/.test(values[0] ?? '') ? null : { id: 'errors.query.month', values: { name } };

// A letter of the directory's index: one capital, A to Z, as its links write it.
const checkLetter = (name: string, values: readonly string[]): PageQueryProblem | null =>
  values.length === 1 && isIndexLetter(values[0] ?? '') ? null : { id: 'directory.letters.badLetter', values: { name } };

// How many pages of a list an address shows ("Afficher plus" followed without script): one count, within the bound.
const checkPages = (name: string, values: readonly string[]): PageQueryProblem | null => {
  const least = name === PAST_PARAM ? 0 : 1;
  return values.length === 1 && isPageCount(values[0] ?? '', least) ? null : { id: 'errors.query.pages', values: { name, least, max: MAX_LIST_PAGES } };
};

/**
 * What is wrong with a page's query, as a message for the visitor, or `null` when the page can
 * read it. Parameters a page does not read (a campaign tag) are left alone.
 */
export const pageQueryProblem = (page: SitePage, search: string): PageQueryProblem | null => {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return { id: 'errors.query.unreadable', values: {} };
  }
  const known = new Set([...PAGE_PARAMS[page], ...TOOL_PARAMS]);
  for (const name of new Set(params.keys())) {
    if (!known.has(name)) continue;
    // An empty value is a field left empty in a form without script: not set.
    const values = params.getAll(name).filter((value) => value !== '');
    if (values.length === 0) continue;
    const problem =
      (name === 'categorie' && page === 'news') || name === 'categories'
        ? checkIds(name, values)
        : name === 'mois'
          ? checkMonth(name, values)
          : name === 'lettre'
            ? checkLetter(name, values)
            : name === PAGE_PARAM || name === PAST_PARAM
              ? checkPages(name, values)
              : checkText(name, values);
    if (problem !== null) return problem;
  }
  return null;
};

/**
 * The query as the page reads it, for its cache key and its rendering: only the parameters it
 * reads (a campaign tag, `fbclid` or a random one make no new page), names in order, each name's
 * values in theirs, a page's empty fields dropped (the tools are flags: `?journal`). Call it on a
 * query `pageQueryProblem` accepted.
 */
export const pageSearch = (page: SitePage, search: string): string => {
  const reads = new Set(PAGE_PARAMS[page]);
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(search)) if ((reads.has(name) && value !== '') || TOOL_PARAMS.includes(name)) kept.append(name, value);
  // Sorting is stable: a list's values keep their order.
  kept.sort();
  const text = kept.toString();
  return text === '' ? '' : `?${text}`;
};
