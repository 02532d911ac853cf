import fc from 'fast-check';

// Query keys the API reads, their near misses, and nonsense.
const KEYS = ['categories', 'month', 'title', 'category', 'page', 'page_size', 'cursor', 'period', 'from', 'to', 'id', 'Title', 'categories[]', '', 'x'];

/** A query value as it may arrive on the wire, already percent-encoded where it should be (and not where it should not). */
const rawValue = fc.oneof(
  fc.integer({ min: -5, max: 20 }).map(String),
  fc.constantFrom('', 'abc', '1.5', '1e3', '99999999999999999999', '-0', ' 3', '0x10', 'NaN', '%00', '%zz', '%C3', '%E2%82', 'null', '[]', '{}', '+'),
  // Integers past what a number holds: 309 digits read as Infinity (issue 42).
  fc.constantFrom(9, 309, 400).map((digits) => '9'.repeat(digits)),
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

// Query keys the pages, fragments, exports and search read, besides the API's.
const SITE_KEYS = ['q', 'categorie', 'mois', 'titre', 'lang', 'agenda-id', 'news-scope', 'journal', 'inspect', 'kind', 'limit', '__proto__', 'constructor'];

/** A raw query string (without `?`) for any route of the site: the API's keys, the pages' keys, prototype names. */
export const rawSiteQuery = (pairs: number) =>
  fc
    .array(
      fc.tuple(
        fc.constantFrom(...KEYS, ...SITE_KEYS),
        fc.oneof(
          rawValue,
          fc.constantFrom(
            '%E0%A4%A',
            '%zz',
            '%',
            '%%',
            '%u0041',
            '%C0%80',
            '%ED%A0%80',
            '%F4%90%80%80',
            'Infinity',
            '-Infinity',
            '1e400',
            '%2B3',
            '3%20',
            '0b1',
            '0o7',
            '1_0',
          ),
        ),
      ),
      { maxLength: pairs },
    )
    .map((list) => list.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&'));

// A segment of an address as a visitor or a scanner may write it.
const rawSegment = fc.oneof(
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '1e3',
    '01',
    'Infinity',
    '99999999999',
    'x',
    '%00',
    '%zz',
    '%C3%A9',
    '..',
    '%2e%2e',
    '%2F',
    'a'.repeat(260),
    '__proto__',
    'constructor',
  ),
  fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent),
);

/** A path of any route of the site (API, pages in every language, permalinks, fragments, feeds, exports, sitemap, static files), or near one. */
export const rawSitePath = fc.oneof(
  rawApiPath,
  fc.constantFrom(
    '/',
    '/annuaire/',
    '/agenda/',
    '/actualites/',
    '/boutique/',
    '/panier/',
    '/accessibilite/',
    '/recherche/',
    '/de/',
    '/it/agenda/',
    '/en/annuaire/',
    '/annuaire',
    '/annuaire/export.csv',
    '/annuaire/export.vcf',
    '/de/annuaire/export.csv',
    '/fragments/agenda/',
    '/fragments/directory/',
    '/fragments/home/',
    '/fragments/news/',
    '/fragments/nothing/',
    '/flux/agenda/1.ics',
    '/flux/agenda/2.ics',
    '/flux/agenda/0.ics',
    '/flux/actualites/actualites.atom',
    '/flux/actualites/communiques.atom',
    '/sitemap.xml',
    '/sitemap-1.xml',
    '/sitemap-0.xml',
    '/sitemap-999999.xml',
    '/robots.txt',
    '/index.html',
    '/annuaire/index.html',
    // Addresses a redirect rule could follow off the site (issue 42); not the fuzz's forged host, which a 405 names back.
    '//elsewhere.example/index.html',
    '///elsewhere.example/index.html',
    '/%2F/elsewhere.example/index.html',
    '/%5Celsewhere.example/index.html',
    '/%09/elsewhere.example/annuaire',
    '/media/none.jpg',
    '/api/search/',
    '/api/nothing/',
  ),
  rawSegment.map((s) => `/annuaire/${s}/`),
  rawSegment.map((s) => `/agenda/${s}/`),
  rawSegment.map((s) => `/actualites/${s}/`),
  rawSegment.map((s) => `/flux/agenda/${s}.ics`),
  rawSegment.map((s) => `/flux/agenda/1/${s}.ics`),
  rawSegment.map((s) => `/flux/actualites/${s}.atom`),
  rawSegment.map((s) => `/flux/actualites/actualites/${s}.atom`),
  rawSegment.map((s) => `/fragments/${s}/`),
  rawSegment.map((s) => `/api/agenda/${s}/`),
  rawSegment.map((s) => `/api/agenda/1/events/${s}/`),
  rawSegment.map((s) => `/api/contacts/${s}/`),
  rawSegment.map((s) => `/api/news/${s}/`),
  rawSegment.map((s) => `/api/news/actualites/${s}/`),
  rawSegment.map((s) => `/api/categories/${s}/`),
  rawSegment.map((s) => `/sitemap-${s}.xml`),
);
