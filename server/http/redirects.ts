import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from './query-schemas';

/**
 * The redirects the server writes (a template's `index.html`, a page's missing final `/`, a filter
 * form's toggle) lead to a path of this site, or they are not written: the address is a 404.
 */

/**
 * Cache-Control of a redirect: it depends on its address alone, so any cache may keep it, but
 * not for good, as a browser keeps a 301 without one: a rule changed by a release is followed within the hour.
 */
export const REDIRECT_CACHE_CONTROL = 'public, max-age=3600';

// Any origin would do: a location resolved against it must stay on it.
const PROBE_ORIGIN = 'http://site.invalid';

// What a browser drops or reads as a separator in an address: controls, spaces, backslashes (`/\host` is `//host`).
const UNSAFE_CHARACTER = /[\u0000-\u0020\u007f\\]/;

// One `/`, then anything but another `/` or `\`: `//host`, `/\host` and `///host` name another site.
const ONE_LEADING_SLASH = /^\/(?![/\\])/;

const sameSiteForm = (path: string): boolean => ONE_LEADING_SLASH.test(path) && !UNSAFE_CHARACTER.test(path);

/**
 * Whether `location` is a path of this site as a browser reads it: `/`, or one `/` followed by
 * anything but `/` or `\`. Its path is read three ways, each of which must hold: as written,
 * percent-decoded (`/%2F/host` is `//host` to whatever decodes it on the way, a proxy or a
 * framework) and as the browser resolves it (`/%2e%2e//host` resolves to the path `//host`).
 */
export const isSameSitePath = (location: string): boolean => {
  const end = location.search(/[?#]/);
  const path = end < 0 ? location : location.slice(0, end);
  if (!sameSiteForm(path)) return false;
  let decoded: string;
  let resolved: URL;
  try {
    decoded = decodeURIComponent(path);
    resolved = new URL(location, PROBE_ORIGIN);
  } catch {
    return false;
  }
  return sameSiteForm(decoded) && resolved.origin === PROBE_ORIGIN && sameSiteForm(resolved.pathname);
};

/** Redirects to `location` when it is a path of this site (with the redirects' Cache-Control), else answers the 404 of the address. */
export const redirectWithinSite = (reply: FastifyReply, location: string, status: 301 | 303): FastifyReply => {
  if (!isSameSitePath(location)) {
    reply.callNotFound();
    return reply;
  }
  return reply.header('cache-control', REDIRECT_CACHE_CONTROL).redirect(location, status);
};

/**
 * The last word on every answer with a `Location`, whoever wrote it (a route, or a plugin such as
 * the static files' redirect of a folder to its `/`): one that leaves the site becomes a plain 404,
 * logged, and a redirect without a Cache-Control gets the redirects' own.
 */
export const registerRedirectGuard = (app: FastifyInstance): void => {
  app.addHook('onSend', async (request, reply, payload) => {
    const location = reply.getHeader('location');
    if (location === undefined) return payload;
    if (typeof location !== 'string' || !isSameSitePath(location)) {
      request.log.warn({ location }, 'a redirect off the site was refused');
      reply.removeHeader('location');
      reply.removeHeader('content-length');
      reply.code(404).header('cache-control', 'no-store').type('application/json; charset=utf-8');
      return JSON.stringify(errorBody(404, 'Not Found', `Route ${request.method}:${request.url.split('?')[0] ?? '/'} not found`));
    }
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', REDIRECT_CACHE_CONTROL);
    return payload;
  });
};
