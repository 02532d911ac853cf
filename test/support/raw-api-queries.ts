import fc from 'fast-check';

// Query keys the API reads, their near misses, and nonsense.
const KEYS = ['categories', 'month', 'title', 'category', 'page', 'page_size', 'cursor', 'period', 'from', 'to', 'id', 'Title', 'categories[]', '', 'x'];

/** A query value as it may arrive on the wire, already percent-encoded where it should be (and not where it should not). */
const rawValue = fc.oneof(
  fc.integer({ min: -5, max: 20 }).map(String),
  fc.constantFrom('', 'abc', '1.5', '1e3', '99999999999999999999', '-0', ' 3', '0x10', 'NaN', '%00', '%zz', '%C3', '%E2%82', 'null', '[]', '{}', '+'),
  fc.string({ unit: 'grapheme', maxLength: 30 }).map(encodeURIComponent),
  fc.string({ minLength: 190, maxLength: 260 }).map(encodeURIComponent),
  fc.constantFrom('h%C3%A9l%C3%A8ne', 'Z%C3%B6e', "'%3B drop table contacts; --", '%25', '_', '%5C', 'Grand+Conseil'),
  // Windows and cursors: real and impossible days, periods, cursors forged or cut.
  fc.constantFrom('upcoming', 'past', '2026-12-01', '2027-01-31', '2026-02-30', '2026-13-01', '0000-00-00'),
  fc.constantFrom('eyJ2IjoiYSIsImsiOlsiYSJdLCJmIjoiYiJ9.c2lnbmF0dXJl', 'e30.e30', '.', 'a.b.c', '%2E%2E', 'x'.repeat(600)),
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
  '/api/contacts/helene-favre/',
  '/api/contacts/%C3%A9/',
  '/api/agenda/1/events/5/',
  '/api/agenda/2/events/0/',
  '/api/agenda/1/events/x/',
);
