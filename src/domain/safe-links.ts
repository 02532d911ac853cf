import * as t from 'io-ts';
import { safeWebsite } from './directory';

// An origin no real site has: a path that keeps it after resolution keeps any site's origin.
const PROBE_ORIGIN = 'https://site.invalid';

// A plain path as a person writes it: one slash, then no second slash or backslash right away
// (`//host`, `/\host` name another host), and no backslash, white space or control character
// anywhere, which the URL parser turns into slashes or strips before it reads the address.
const PLAIN_PATH = /^\/(?![/\\])[^\\\s\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u;

/**
 * The address of a page on this site that `raw` names (its path, query and fragment as the URL
 * parser normalises them), or `null` when `raw` is not a plain path or its resolution leaves the site.
 */
export const internalPath = (raw: string | null | undefined): string | null => {
  if (typeof raw !== 'string' || !PLAIN_PATH.test(raw)) return null;
  try {
    const url = new URL(raw, `${PROBE_ORIGIN}/`);
    const href = `${url.pathname}${url.search}${url.hash}`;
    // `/.//host` normalises to `//host`, which a page would read as another host.
    return url.origin === PROBE_ORIGIN && !href.startsWith('//') ? href : null;
  } catch {
    return null;
  }
};

/** A page of this site as an API answer names it (a search result's `path`), decoded to its normalised form; anything else fails to decode. */
export const SitePath = new t.Type<string, string, unknown>(
  'SitePath',
  (u): u is string => typeof u === 'string' && internalPath(u) === u,
  (u, c) => {
    const path = typeof u === 'string' ? internalPath(u) : null;
    return path === null ? t.failure(u, c, 'expected a path on this site such as /annuaire/') : t.success(path);
  },
  t.identity,
);

/** Where a link from the content may lead: an absolute http(s) address, or a page of this site; anything else stays text. */
export const safeLink = (raw: string | null | undefined): string | null => safeWebsite(raw) ?? internalPath(raw);

/** A content link as an absolute address: an http(s) address as it is, a page of this site under `base`'s origin, else `undefined`. */
export const absoluteLink = (raw: string | null | undefined, base: string): string | undefined => {
  const website = safeWebsite(raw);
  if (website) return website;
  const path = internalPath(raw);
  if (path === null) return undefined;
  try {
    return new URL(path, base).href;
  } catch {
    return undefined;
  }
};
