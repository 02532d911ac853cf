import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import ipaddr from 'ipaddr.js';

/**
 * What a request's log line says of it: an id that follows it from the proxy to the error page a
 * visitor can quote, and the visitor's address shortened, so the privacy statement's word holds at
 * every log level (docs/operations.md, "Logs").
 */

/** The header a request's id travels in: read from a trusted proxy, always sent back. */
export const REQUEST_ID_HEADER = 'x-request-id';

// What a proxy's id may look like (nginx's `$request_id` is 32 hex digits): anything else is replaced, never logged.
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** How a request's log line gives the visitor's address (`LOG_ADDRESSES`): shortened (the default), whole, or not at all. */
export type LogAddresses = 'short' | 'full' | 'none';

const trustedPeer = (trust: FastifyServerOptions['trustProxy']): ((address: string) => boolean) => {
  if (trust === undefined || trust === false) return () => false;
  if (trust === true) return () => true;
  if (typeof trust === 'function') return (address) => trust(address, 0);
  if (typeof trust === 'number') return () => trust > 0;
  const compiled = proxyAddr.compile(typeof trust === 'string' ? trust.split(',').map((part) => part.trim()) : trust);
  return (address) => compiled(address, 0);
};

/** Fastify's `genReqId`: the id a trusted proxy gives in `X-Request-Id` when it is a plain token, a new UUID otherwise. */
export const requestIdGenerator = (trust: FastifyServerOptions['trustProxy']): ((request: IncomingMessage) => string) => {
  const trusted = trustedPeer(trust);
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    return typeof given === 'string' && REQUEST_ID.test(given) && trusted(request.socket.remoteAddress ?? '') ? given : randomUUID();
  };
};

/** An address with its host part cut: the last octet of an IPv4 address zeroed, the last 80 bits of an IPv6 one; `unknown` when it is none. */
export const shortenedAddress = (address: string): string => {
  if (!ipaddr.isValid(address)) return 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') {
    const [a, b, c] = (parsed as ipaddr.IPv4).octets;
    return `${a ?? 0}.${b ?? 0}.${c ?? 0}.0`;
  }
  const [a, b, c] = (parsed as ipaddr.IPv6).parts;
  return new ipaddr.IPv6([a ?? 0, b ?? 0, c ?? 0, 0, 0, 0, 0, 0]).toString();
};

// RFC 6750's query parameter for a bearer token: the content API refuses it (server/content-api), and its value never reaches a log.
const SECRET_PARAMETER = 'access_token';

const parameterName = (pair: string): string => {
  const name = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
};

/** `url` with the value of each `access_token` parameter of its query replaced by `[redacted]`; the rest as it came. */
export const redactedUrl = (url: string): string => {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const end = url.indexOf('#', start);
  const query = url.slice(start + 1, end < 0 ? undefined : end);
  const pairs = query.split('&').map((pair) => (parameterName(pair) === SECRET_PARAMETER ? `${pair.split('=', 1)[0] ?? ''}=[redacted]` : pair));
  return `${url.slice(0, start + 1)}${pairs.join('&')}${end < 0 ? '' : url.slice(end)}`;
};

/** A request as its log line gives it: method, address (a token in its query redacted), and the visitor's address as `mode` says. */
export const requestLogSerializers = (mode: LogAddresses) => ({
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactedUrl(request.url),
    ...(mode === 'none' ? {} : { remoteAddress: mode === 'full' ? request.ip : shortenedAddress(request.ip) }),
  }),
});
