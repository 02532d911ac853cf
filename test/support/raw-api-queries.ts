import fc from 'fast-check';

// Query keys the API reads, their near misses, and nonsense.
const KEYS = ['categories', 'month', 'title', 'category', 'page', 'page_size', 'id', 'Title', 'categories[]', '', 'x'];

/** A query value as it may arrive on the wire, already percent-encoded where it should be (and not where it should not). */
const rawValue = fc.oneof(
  fc.integer({ min: -5, max: 20 }).map(String),
  fc.constantFrom('', 'abc', '1.5', '1e3', '99999999999999999999', '-0', ' 3', '0x10', 'NaN', '%00', '%zz', '%C3', '%E2%82', 'null', '[]', '{}', '+'),
  fc.string({ unit: 'grapheme', maxLength: 30 }).map(encodeURIComponent),
  fc.string({ minLength: 190, maxLength: 260 }).map(encodeURIComponent),
  fc.constantFrom('h%C3%A9l%C3%A8ne', 'Z%C3%B6e', "'%3B drop table contacts; --", '%25', '_', '%5C', 'Grand+Conseil'),
);

/** A raw query string (without `?`) of at most `pairs` parameters. */
export const rawApiQuery = (pairs: number) =>
  fc.array(fc.tuple(fc.constantFrom(...KEYS), rawValue), { maxLength: pairs }).map((list) => list.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&'));

/** A path of the API, or one that looks like it: unknown ids, scopes and slugs, odd encodings, extra segments. */
export const rawApiPath = fc.constantFrom(
  '/api/agenda/',
  '/api/contacts/',
  '/api/news/',
  '/api/agenda/1/',
  '/api/agenda/%C3%A9/',
  '/api/news/actualites/',
  '/api/news/actualites/le-conseil-d-etat-presente-son-budget/',
  '/api/news/%00/',
  '/api/categories/agenda/',
  '/api/categories/contacts/',
  '/api/categories/communiques/',
  '/api/shop/items/',
  '/api/agenda/99999999999/',
  '/api/categories/a..b/',
  '/api/agenda//',
  '/api/news/actualites/x/y/',
);
