/**
 * What a shared cache in front of the server (the nginx of docs/operations.md, a CDN) may do with
 * the pages, feeds and API answers: keep each `SHARED_CACHE_SECONDS`, then ask again with its
 * `ETag` (a 304 when nothing changed). An import is seen through the cache within that time, since
 * no proxy hears the content's notification; the server itself answers each address once per
 * content version and revalidation, from its own caches.
 */

/** How long a shared cache serves a page, feed or API answer without asking the server: the bound on an import's delay at the edge. */
export const SHARED_CACHE_SECONDS = 10;

/** The `Cache-Control` of an answer a browser may keep `browserSeconds` (0: ask each time, with the ETag) and a shared cache `SHARED_CACHE_SECONDS`. */
export const sharedCacheControl = (browserSeconds: number): string => `public, max-age=${browserSeconds}, s-maxage=${SHARED_CACHE_SECONDS}`;
