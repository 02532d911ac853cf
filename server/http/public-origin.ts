import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Where the links the server writes start. A request's `Host` header is the visitor's to forge,
 * and answers are cached and shared: a forged host must never end up in one. So links start at
 * the configured public address (`PUBLIC_ORIGIN`), else at what a trusted proxy says (the
 * operator vouches for it with `TRUST_PROXY`) when that is an `http`/`https` scheme and a host
 * (one of `PUBLIC_HOSTS` when set), else as if no proxy spoke: relative paths for the API's links,
 * and `http://localhost:{the port the connection arrived on}` where an absolute address is required.
 */
export interface LinkOrigins {
  /** The start of the API's `next`, `previous` and `Link` addresses: an origin, or `''` (relative paths). */
  api(request: FastifyRequest): string;
  /** The start of the addresses that must be absolute (canonical, feeds, sitemap, robots.txt). */
  absolute(request: FastifyRequest): string;
  /** The headers of an in-process request (a page asking the API) that make its links start where `request`'s do. */
  forward(request: FastifyRequest): Record<string, string>;
}

/** How links are made: the configured public origin, whether proxies are trusted, and the hosts they may name. */
export interface LinkOriginOptions {
  readonly publicOrigin?: string | undefined;
  readonly trustProxy?: FastifyServerOptions['trustProxy'];
  /** `PUBLIC_HOSTS`: the only hosts (`host[:port]`, lower-case) a proxy may name; empty or missing: any host. */
  readonly publicHosts?: readonly string[];
}

/** `TRUST_PROXY` as Fastify reads it: `true` (any proxy), or addresses and CIDR ranges separated by commas; unset, empty or `false` trusts none. */
export const parseTrustProxy = (value: string | undefined): FastifyServerOptions['trustProxy'] => {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
};

// A DNS name of letters, digits and inner dashes (the WHATWG parser would also let `"`, `'`, `{`
// or `&` through, which have no business in a link written into HTML or XML).
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST = new RegExp(`^(?:(${LABEL}(?:\\.${LABEL})*)|\\[([0-9a-f:.]+)\\])(?::(\\d{1,5}))?$`);

/** `value` as a host and optional port (`canton.example`, `10.0.0.1:8080`, `[::1]`), lower-case; `null` when it is anything else. */
export const parseHost = (value: string): string | null => {
  const text = value.trim().toLowerCase();
  if (text.length > 260) return null;
  const match = HOST.exec(text);
  if (match === null) return null;
  const [, name, ip6, port] = match;
  if (port !== undefined && Number(port) > 65_535) return null;
  if (ip6 !== undefined && !isIPv6(ip6)) return null;
  // An all-digit dotted name is an address: only a real one.
  if (name !== undefined && /^[\d.]+$/.test(name) && !isIPv4(name)) return null;
  return text;
};

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
  // The WHATWG parser lets `"`, `'` or `&` through in a name: the origin is written into HTML and XML.
  if (parseHost(url.host) === null) throw new Error(`PUBLIC_ORIGIN must name a host of letters, digits, dots and dashes, or an IP address (got "${text}")`);
  return url.origin;
};

/** `PUBLIC_HOSTS` as the server uses it: hosts (`host[:port]`) separated by commas, lower-case; unset or empty: none. Anything else is refused at start. */
export const parsePublicHosts = (value: string | undefined): readonly string[] =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const host = parseHost(part);
      if (host === null) throw new Error(`PUBLIC_HOSTS holds "${part}", which is not a host such as www.canton.example or canton.example:8443`);
      return host;
    });

// The in-process request's header that carries the origin of the request it serves, with this
// process's secret: a visitor cannot set it, and a page's own answers hold the page's links.
const FORWARDED_ORIGIN = 'x-canton-link-origin';

/** The link origins of an app. */
export const linkOrigins = ({ publicOrigin, trustProxy = false, publicHosts = [] }: LinkOriginOptions = {}): LinkOrigins => {
  const configured = publicOrigin === undefined ? undefined : parsePublicOrigin(publicOrigin);
  const proxied = trustProxy !== false;
  const allowed = new Set(publicHosts.map((host) => parseHost(host) ?? host));
  const secret = randomBytes(18).toString('base64url');
  // What the proxy (or, from an address it does not trust, the Host header) says, when it names a scheme and a host that links may carry.
  const fromProxy = (request: FastifyRequest): string | null => {
    // Typed as http or https, yet it is the proxy's header as written (`javascript`, `ftp`…).
    const protocol: string = request.protocol;
    if (protocol !== 'http' && protocol !== 'https') return null;
    const host = parseHost(request.host);
    if (host === null || (allowed.size > 0 && !allowed.has(host))) return null;
    // The scheme's default port adds nothing but a second cache key.
    return new URL(`${protocol}://${host}`).origin;
  };
  const forwarded = (request: FastifyRequest): string | null => {
    const value = request.headers[FORWARDED_ORIGIN];
    if (typeof value !== 'string') return null;
    const at = value.indexOf(' ');
    const given = Buffer.from(at < 0 ? value : value.slice(0, at));
    return at > 0 && given.length === secret.length && timingSafeEqual(given, Buffer.from(secret)) ? value.slice(at + 1) : null;
  };
  // The port the connection arrived on is the server's own, not the client's words.
  const local = (request: FastifyRequest): string => `http://localhost:${request.socket.localPort ?? 80}`;
  const api = (request: FastifyRequest): string => configured ?? forwarded(request) ?? (proxied ? (fromProxy(request) ?? '') : '');
  return {
    api,
    absolute: (request) => configured ?? (proxied ? (fromProxy(request) ?? local(request)) : local(request)),
    forward: (request) => ({ [FORWARDED_ORIGIN]: `${secret} ${api(request)}` }),
  };
};
