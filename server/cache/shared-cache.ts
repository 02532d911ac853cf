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

/**
 * `cacheControl` kept by no cache past `until` (ms; `null` or `undefined`: no such moment): its
 * `max-age` and `s-maxage` cut to the whole seconds left from `now`. A page that lists what is
 * coming changes by itself when one of them is over: no copy may show it as coming after that.
 */
export const cacheControlUntil = (cacheControl: string, until: number | null | undefined, now: number): string => {
  if (until === null || until === undefined) return cacheControl;
  const left = Math.max(0, Math.floor((until - now) / 1000));
  return cacheControl.replace(/\b(max-age|s-maxage)=(\d+)/g, (_whole, name: string, seconds: string) => `${name}=${Math.min(Number(seconds), left)}`);
};
