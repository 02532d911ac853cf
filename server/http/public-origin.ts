import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Where the links the server writes start. A request's `Host` header is the visitor's to forge,
 * and answers are cached and shared: a forged host must never end up in one. So links start at
 * the configured public address (`PUBLIC_ORIGIN`), else at what a trusted proxy says (the
 * operator vouches for it with `TRUST_PROXY`), else: relative paths for the API's links, and
 * `http://localhost:{the port the connection arrived on}` where an absolute address is required.
 */
export interface LinkOrigins {
  /** The start of the API's `next`, `previous` and `Link` addresses: an origin, or `''` (relative paths). */
  api(request: FastifyRequest): string;
  /** The start of the addresses that must be absolute (canonical, feeds, sitemap, robots.txt). */
  absolute(request: FastifyRequest): string;
}

/** How links are made: the configured public origin and whether proxies are trusted. */
export interface LinkOriginOptions {
  readonly publicOrigin?: string | undefined;
  readonly trustProxy?: FastifyServerOptions['trustProxy'];
}

/** `PUBLIC_ORIGIN` as the server uses it: the origin of an http(s) address, or `undefined` when unset; anything else is refused at start. */
export const parsePublicOrigin = (value: string | undefined): string | undefined => {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`PUBLIC_ORIGIN must be an absolute address such as https://www.canton.example (got "${text}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_ORIGIN must be an http or https address (got "${text}")`);
  return url.origin;
};

/** The link origins of an app. */
export const linkOrigins = ({ publicOrigin, trustProxy = false }: LinkOriginOptions = {}): LinkOrigins => {
  const configured = publicOrigin === undefined ? undefined : parsePublicOrigin(publicOrigin);
  const proxied = trustProxy !== false;
  const fromProxy = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;
  // The port the connection arrived on is the server's own, not the client's words.
  const local = (request: FastifyRequest): string => `http://localhost:${request.socket.localPort ?? 80}`;
  return {
    api: (request) => configured ?? (proxied ? fromProxy(request) : ''),
    absolute: (request) => configured ?? (proxied ? fromProxy(request) : local(request)),
  };
};
