// The server's memory plan (issue 17: ≤ 250 MB resident with PGlite, after start and after load).
// Measured with `npm run bench load` on the demo database: Node itself ~40 MB, the server's code
// with React, jsdom and Fastify ~50 MB, PGlite's thread ~100 MB, the requests in flight ~20 MB.
// What is left for answers kept ready is some 35 MB, shared below; each cache forgets its least
// recently used entries beyond its bytes (compressed copies counted) and its count. A page or
// answer that is not kept costs one database read and one rendering of a few milliseconds, which
// the single-flight of each route shares among the visitors asking for it at the same moment.

/** The bounds of a cache: it never holds more entries, nor more bytes, than these. */
export interface CacheLimits {
  readonly entries: number;
  readonly bytes: number;
}

/**
 * The API's answers: a list page of 100 contacts is 90 kB of JSON and 8–9 kB in each compressed
 * copy, so 8 MB hold some 70 of the largest pages, many more of the default 48 and hundreds of searches; the count bounds
 * the many small ones (categories, single items, 404s), whose keys weigh more than their bytes.
 */
export const ANSWER_CACHE_LIMITS: CacheLimits = { entries: 2_000, bytes: 8 * 1024 * 1024 };

/** The server-rendered pages: 20–130 kB each plus 15–25 kB of compressed copies, so some 80 of the largest. */
export const PAGE_CACHE_LIMITS: CacheLimits = { entries: 500, bytes: 12 * 1024 * 1024 };

/** The error pages, one a language, status, reason and origin: 20 kB each; a reason quoting a parameter makes many. */
export const ERROR_PAGE_CACHE_LIMITS: CacheLimits = { entries: 100, bytes: 1024 * 1024 };

/**
 * The feeds: the largest calendar feed is some 400 kB plain and 60 kB in each compressed copy, so
 * 4 MB hold some eight of the largest and many usual ones (a few filter sets that calendars share).
 */
export const FEED_CACHE_LIMITS: CacheLimits = { entries: 1_000, bytes: 4 * 1024 * 1024 };

/**
 * The directory's exports, kept compressed (brotli and gzip): a whole demo directory is 30 kB of
 * CSV and 60 kB of vCards plain; the large database's 10,000 contacts, 2.1 and 4.1 MB plain, are
 * 0.4 and 0.47 MB kept, so 2 MB hold both and many filtered lists.
 */
export const EXPORT_CACHE_LIMITS: CacheLimits = { entries: 50, bytes: 2 * 1024 * 1024 };

/**
 * The sitemap files and their index, kept as gzip alone: a file of 200 pages is some 550 kB plain
 * and 12 kB kept, so 6 MB hold the large database's 415 files (130,000 pages), every one of them.
 */
export const SITEMAP_CACHE_LIMITS: CacheLimits = { entries: 1_000, bytes: 6 * 1024 * 1024 };
