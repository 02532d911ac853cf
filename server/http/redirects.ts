import type { FastifyInstance, FastifyReply } from 'fastify';
import { internalPath } from '../../src/domain/safe-links';
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

/**
 * Whether `location` is a path of this site as a browser reads it: what `internalPath` takes of a
 * link in the content (one `/`, then neither `/` nor `\`, nothing the URL parser strips or turns
 * into a slash, and the same origin once resolved), and so is its path percent-decoded, as a proxy
 * or a framework on the way may read it (`/%2F/host` is `//host` then, `/%5Chost` is `/\host`).
 */
export const isSameSitePath = (location: string): boolean => {
  if (internalPath(location) === null) return false;
  const end = location.search(/[?#]/);
  try {
    return internalPath(decodeURIComponent(end < 0 ? location : location.slice(0, end))) !== null;
  } catch {
    return false;
  }
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
