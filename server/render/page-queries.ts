import { isRight } from 'fp-ts/Either';
import { firstValueFrom } from 'rxjs';
import { AgendaCategoryList } from '../../src/domain/agenda';
import { isIndexLetter } from '../../src/domain/directory-letter';
import { isPageCount, MAX_LIST_PAGES, PAGE_PARAM, PAST_PARAM } from '../../src/domain/list-pages';
import { NewsCategoryList } from '../../src/domain/news';
import { newsCategoriesPath } from '../../src/domain/news-list';
import type { SitePage } from '../../src/domain/permalinks';
import type { MessageId } from '../../src/i18n/intl';
import type { AnswerPath } from './widget-renderer';

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

/** The parameter of a page that lists category ids (the agenda's `categories`, the news' `categorie`), or `null`. */
export const categoryListOf = (page: SitePage): string | null => (page === 'agenda' ? 'categories' : page === 'news' ? 'categorie' : null);

// An id as the page writes it: `007` is 7. Call it on values `pageQueryProblem` accepted (at most 9 digits).
const idText = (value: string): string => String(Number(value));

/** The ids of a page's category list in their canonical order: ascending, each once, without leading zeros. */
export const canonicalIds = (values: readonly string[]): string[] =>
  [...new Set(values.filter((value) => value !== '').map(idText))].sort((a, b) => Number(a) - Number(b));

/**
 * The query with the page's category list in its canonical order (`canonicalIds`), first, the other
 * parameters after it as they were; `null` when the list is already so. The page redirects there:
 * its script reads the list in the order of the address (React takes over the server's markup from
 * it), so `?categories=3&categories=1` cannot be answered with the rendering of `?categories=1&categories=3`.
 */
export const reorderedIds = (page: SitePage, search: string): string | null => {
  const list = categoryListOf(page);
  if (list === null) return null;
  const params = new URLSearchParams(search);
  const given = params.getAll(list).filter((value) => value !== '');
  const ids = canonicalIds(given);
  if (ids.length === given.length && ids.every((id, index) => id === given[index])) return null;
  const reordered = new URLSearchParams(ids.map((id): [string, string] => [list, id]));
  for (const [name, value] of params) if (name !== list) reordered.append(name, value);
  const text = reordered.toString();
  return text === '' ? '' : `?${text}`;
};

/**
 * Why the page's category list cannot be shown: an id that names none of `known` (the ids of the
 * page's categories, as `canonicalIds` writes them). A random id would otherwise be a new page
 * to render and keep, of the same empty or narrower list.
 */
export const unknownCategory = (page: SitePage, search: string, known: ReadonlySet<string>): PageQueryProblem | null => {
  const list = categoryListOf(page);
  if (list === null) return null;
  const ids = canonicalIds(new URLSearchParams(search).getAll(list));
  return ids.every((id) => known.has(id)) ? null : { id: 'errors.query.unknownCategory', values: { name: list } };
};

/**
 * The query as the page reads it, for its cache key and its rendering: only the parameters it
 * reads (a campaign tag, `fbclid` or a random one make no new page), names in order, its category
 * list ascending and each id once, page counts as numbers (the first page's left out), a page's
 * empty fields dropped, and the tools as flags (`?journal=…` is `journal=` whatever its value: the
 * page's script reads the value from the address, the server's markup never does). Call it on a
 * query `pageQueryProblem` accepted.
 */
export const pageSearch = (page: SitePage, search: string): string => {
  const reads = new Set(PAGE_PARAMS[page]);
  const list = categoryListOf(page);
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const [name, value] of params) {
    if (name === list || !reads.has(name) || value === '') continue;
    if (name === PAGE_PARAM || name === PAST_PARAM) {
      // `?page=03` is `?page=3`, and `?page=1` (`?passes=0`) the page without it.
      if (Number(value) > (name === PAST_PARAM ? 0 : 1)) kept.append(name, String(Number(value)));
    } else kept.append(name, value);
  }
  if (list !== null) for (const id of canonicalIds(params.getAll(list))) kept.append(list, id);
  for (const tool of TOOL_PARAMS) if (params.has(tool)) kept.append(tool, '');
  // Sorting by name is stable: the category list keeps its ascending order.
  kept.sort();
  const text = kept.toString();
  return text === '' ? '' : `?${text}`;
};

/**
 * Why a page's category list names a category its page does not have, or `null`: the agenda's
 * `categories` against the agenda's categories, the news' `categorie` against those of the
 * container's scope (`data-news-scope`). Call it on a query `pageQueryProblem` accepted.
 */
export type CategoryCheck = (page: SitePage, search: string, attributes: Readonly<Record<string, string>>) => Promise<PageQueryProblem | null>;

/**
 * The check of the pages read from `answers`: each list of categories is read once per content
 * version (`version`), from the call the page's widget makes for it (an answer the API keeps).
 * A list that cannot be read checks nothing: the page then says what its widget says of it.
 */
export const categoryCheck = (answers: AnswerPath, version: () => Promise<string>): CategoryCheck => {
  const kept = new Map<string, { readonly version: string; readonly ids: Promise<ReadonlySet<string> | null> }>();
  const idsOf = async (path: string, page: 'agenda' | 'news'): Promise<ReadonlySet<string> | null> => {
    const current = await version();
    const known = kept.get(path);
    if (known?.version === current) return known.ids;
    const ids = firstValueFrom(answers(path)).then(
      (body) => {
        const decoded = page === 'agenda' ? AgendaCategoryList.decode(body) : NewsCategoryList.decode(body);
        // Ids as the pages write them (`canonicalIds`); one that is no number cannot be named by a page anyway.
        return isRight(decoded) ? new Set(canonicalIds(decoded.right.map((category) => category.id).filter((id) => /^\d{1,9}$/.test(id)))) : null;
      },
      () => null,
    );
    // A list that could not be read is asked again at the next request.
    void ids.then((read) => {
      if (read === null && kept.get(path)?.ids === ids) kept.delete(path);
    });
    kept.set(path, { version: current, ids });
    return ids;
  };
  return async (page, search, attributes) => {
    const list = categoryListOf(page);
    // A page without a category list, or an address that names none, costs no call.
    if (list === null || (page !== 'agenda' && page !== 'news') || canonicalIds(new URLSearchParams(search).getAll(list)).length === 0) return null;
    const path = page === 'agenda' ? '/api/categories/agenda/' : newsCategoriesPath(attributes['data-news-scope'] ?? '');
    const known = await idsOf(path, page);
    return known === null ? null : unknownCategory(page, search, known);
  };
};
