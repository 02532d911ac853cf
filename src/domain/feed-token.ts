/**
 * The filters of a feed (the agenda's categories and title, the news' categories) as one short
 * path segment: `3.7~fete-de-la-musique`. Calendar services poll a subscription by its address,
 * and some refuse long ones, so the filters travel in a compact token rather than a query string.
 * The token is reversible (the server reads the filters back, no table of tokens, no write on a
 * GET) and canonical (one filter set, one token: the same feed is one cached answer).
 */

/** What a feed can be narrowed by: category ids (numbers, as the reference server's) and a title search. */
export interface FeedFilters {
  /** Category ids as decimal text; any order, repeats allowed: the token sorts and de-duplicates them. */
  readonly categories: readonly string[];
  /**
   * A title search, or `null` for none (the agenda's empty title is none: see `feedFiltersOf`).
   * Compared after `normalizeFeedTitle`, so `''` is a search that finds every event, as a title
   * of accents only (`\u0301`) is on the server.
   */
  readonly title: string | null;
}

/**
 * The longest token accepted. The issue asks for short addresses (some calendar services refuse
 * long ones): 160 characters keep a whole feed address near 200, and hold some twenty categories,
 * or a few categories and a title of several words. Longer filter sets get no feed address.
 */
export const MAX_FEED_TOKEN_LENGTH = 160;

/** The most categories a token holds: the API's own limit on a category list (`idListSchema`). */
export const MAX_FEED_CATEGORIES = 50;

/** The longest title a token holds, in characters: the API's own limit on a search text. */
export const MAX_FEED_TITLE = 200;

/** The largest PostgreSQL `integer`: a larger id names no category. */
const MAX_ID = 2147483647;

/**
 * A title as the server's search compares it (`server/data/search.ts`, `normalizeSearch`): lower case,
 * NFD, combining marks dropped. Two titles with one normal form find the same events, so they
 * share a token. A property test keeps this equal to the server's function.
 */
export const normalizeFeedTitle = (value: string): string => value.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

const ID = /^[1-9]\d{0,9}$/;

/** The categories of a filter set as the token writes them: numbers, ascending, each once; `null` when one is not an id. */
const canonicalCategories = (categories: readonly string[]): number[] | null => {
  const ids: number[] = [];
  for (const category of categories) {
    // `007` is the API's 7 (its schema coerces it), so it is the token's 7 as well.
    const trimmed = category.replace(/^0+(?=\d)/, '');
    if (!ID.test(trimmed)) return null;
    const id = Number(trimmed);
    if (id > MAX_ID) return null;
    ids.push(id);
  }
  return [...new Set(ids)].sort((a, b) => a - b);
};

// Letters and digits stand for themselves and a space is `-`: a title's token reads as a slug.
// Every other character is `_`, its code point in lower-case hexadecimal, `_`.
const LITERAL = /^[a-z0-9]$/;

const encodeTitle = (title: string): string =>
  [...title].map((char) => (LITERAL.test(char) ? char : char === ' ' ? '-' : `_${(char.codePointAt(0) ?? 0).toString(16)}_`)).join('');

const decodeTitle = (text: string): string | null => {
  let title = '';
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    if (char === '-') {
      title += ' ';
      at += 1;
    } else if (char === '_') {
      const end = text.indexOf('_', at + 1);
      const hex = end < 0 ? '' : text.slice(at + 1, end);
      if (!/^[1-9a-f][0-9a-f]{0,5}$/.test(hex)) return null;
      const code = parseInt(hex, 16);
      if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return null;
      title += String.fromCodePoint(code);
      at = end + 1;
    } else if (LITERAL.test(char)) {
      title += char;
      at += 1;
    } else {
      return null;
    }
  }
  return title;
};

/** Why a filter set has no token, or why a token is refused. */
export type FeedTokenProblem = 'too-long' | 'not-a-category' | 'too-many-categories' | 'title-too-long' | 'title-not-searchable' | 'malformed' | 'not-canonical';

/** A token for a filter set, or why there is none. An empty string is the plain feed's (no filter). */
export type FeedTokenResult = { readonly ok: true; readonly token: string } | { readonly ok: false; readonly problem: FeedTokenProblem };

/** The token of a filter set: its categories sorted and each once, its title normalised; `''` for no filter. */
export const encodeFeedToken = (filters: FeedFilters): FeedTokenResult => {
  const categories = canonicalCategories(filters.categories);
  if (categories === null) return { ok: false, problem: 'not-a-category' };
  if (categories.length > MAX_FEED_CATEGORIES) return { ok: false, problem: 'too-many-categories' };
  const { title } = filters;
  if (title !== null) {
    // The API refuses these searches (400): the agenda shows nothing for them, a feed neither.
    if ([...title].length > MAX_FEED_TITLE) return { ok: false, problem: 'title-too-long' };
    if (title.includes('\u0000')) return { ok: false, problem: 'title-not-searchable' };
  }
  const searched = title === null ? null : normalizeFeedTitle(title);
  const token = `${categories.join('.')}${searched === null ? '' : `~${encodeTitle(searched)}`}`;
  return token.length > MAX_FEED_TOKEN_LENGTH ? { ok: false, problem: 'too-long' } : { ok: true, token };
};

const TOKEN = /^((?:[1-9]\d{0,9})(?:\.[1-9]\d{0,9})*)?(?:~([a-z0-9_-]*))?$/;

/**
 * The filters a token names, or why it names none: a token longer than `MAX_FEED_TOKEN_LENGTH`,
 * one that is not the grammar's, and one that is not the canonical token of what it names
 * (`7.3`, `3.3`, an escaped letter) are refused, so one filter set has exactly one address.
 */
export const decodeFeedToken = (
  token: string,
): { readonly ok: true; readonly filters: FeedFilters } | { readonly ok: false; readonly problem: FeedTokenProblem } => {
  if (token.length > MAX_FEED_TOKEN_LENGTH) return { ok: false, problem: 'too-long' };
  const match = TOKEN.exec(token);
  if (token === '' || match === null) return { ok: false, problem: 'malformed' };
  const [, categoryText, titleText] = match;
  const title = titleText === undefined ? null : decodeTitle(titleText);
  if (titleText !== undefined && title === null) return { ok: false, problem: 'malformed' };
  const filters: FeedFilters = { categories: categoryText === undefined ? [] : categoryText.split('.'), title };
  const again = encodeFeedToken(filters);
  if (!again.ok) return again;
  return again.token === token ? { ok: true, filters } : { ok: false, problem: 'not-canonical' };
};

/** Whether two filter sets name the same feed. */
export const sameFeedFilters = (a: FeedFilters, b: FeedFilters): boolean => {
  const ta = encodeFeedToken(a);
  const tb = encodeFeedToken(b);
  return ta.ok && tb.ok && ta.token === tb.token;
};
