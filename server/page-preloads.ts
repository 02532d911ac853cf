import type { FastifyInstance } from 'fastify';

/**
 * The API answers each page asks for first, as its widget fetches them on a visit without a
 * query: with them preloaded, the browser fetches the data while it is still loading the
 * scripts, instead of after. A path must match the widget's exactly, or it is fetched twice.
 */
export const PAGE_PRELOADS: Readonly<Record<string, readonly string[]>> = {
  '/agenda/': ['/api/agenda/1/', '/api/categories/agenda/'],
  '/annuaire/': ['/api/contacts/', '/api/categories/contacts/'],
  '/actualites/': ['/api/news/actualites/', '/api/categories/actualites/'],
  '/boutique/': ['/api/shop/items/'],
};

/** The `Link` header that preloads the given API paths as the page's `fetch()` asks for them. */
export const preloadLink = (paths: readonly string[]): string => paths.map((path) => `<${path}>; rel=preload; as=fetch; crossorigin`).join(', ');

/** Adds the `Link` preload header to the HTML answers of the pages of `PAGE_PRELOADS`. */
export const preloadPageData = (app: FastifyInstance): void => {
  app.addHook('onSend', async (request, reply, payload) => {
    // A query (a shared search, a filter) makes the widget ask for other answers than these.
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.url.includes('?') || reply.statusCode !== 200) return payload;
    const paths = PAGE_PRELOADS[request.url];
    if (paths !== undefined && String(reply.getHeader('content-type') ?? '').startsWith('text/html')) reply.header('link', preloadLink(paths));
    return payload;
  });
};
