import type { FastifyInstance } from 'fastify';
import Negotiator from 'negotiator';

/**
 * The one reading of `Accept-Encoding` (RFC 9110 §12.5.3), by `negotiator`: `q` with or without
 * spaces around it (`br; q=0`), `q=0.0`, `identity`, and `*` for any coding the header does not
 * name. Every choice of an encoding the server makes goes through here, the plugins' included:
 * see `registerAcceptEncoding`.
 */

/** A content coding the server answers in besides the plain bytes. */
export type Encoding = 'br' | 'gzip';

// negotiator 1.x breaks a tie between codings the client wants as much (`gzip, deflate, br`) by
// the server's order given as `preferred`; its types, written for 0.6, do not know the option.
type PreferringNegotiator = Negotiator & { encodings(available: readonly string[], options: { readonly preferred: readonly string[] }): string[] };

const negotiated = (header: string, available: readonly string[]): string[] =>
  (new Negotiator({ headers: { 'accept-encoding': header } }) as PreferringNegotiator).encodings(available, { preferred: available });

// Browsers send a handful of spellings, each request again: the readings of the last ones are
// kept (a client sending random headers only evicts them, and a long header is never kept).
const READINGS_KEPT = 64;
const KEPT_HEADER_LENGTH = 200;
const readings = new Map<string, readonly string[]>();

/** The codings of `available` that `header` accepts, the client's most wanted first, a tie in `available`'s order. */
const acceptedCodings = (header: string, available: readonly string[]): readonly string[] => {
  if (header.length > KEPT_HEADER_LENGTH) return negotiated(header, available);
  const key = `${available.join(',')}|${header}`;
  const known = readings.get(key);
  if (known !== undefined) return known;
  const read = negotiated(header, available);
  if (readings.size >= READINGS_KEPT) readings.delete(readings.keys().next().value ?? key);
  readings.set(key, read);
  return read;
};

/**
 * The coding to answer with, among `offered` (in the server's order of preference), or `null` for
 * the plain bytes: without the header, or when the client wants them as much as any coding offered
 * (`gzip;q=0.5, identity`) or refuses every one (`br;q=0, gzip;q=0`).
 */
export const chosenEncoding = (header: string | undefined, offered: readonly Encoding[]): Encoding | null => {
  if (header === undefined) return null;
  const first = acceptedCodings(header, [...offered, 'identity'])[0];
  return first === 'br' || first === 'gzip' ? first : null;
};

/**
 * `header` said again in the one form every parser reads alike: the codings the server has that
 * the client wants more than the plain bytes, the one to use first, each next one with a lower
 * `q`; `identity` when none.
 */
export const restatedAcceptEncoding = (header: string): string => {
  const ranked = acceptedCodings(header, ['br', 'gzip', 'identity']);
  const plain = ranked.indexOf('identity');
  const codings = plain < 0 ? ranked : ranked.slice(0, plain);
  return codings.length === 0 ? 'identity' : codings.map((coding, rank) => (rank === 0 ? coding : `${coding};q=${(10 - rank) / 10}`)).join(', ');
};

/**
 * Restates each request's `Accept-Encoding` before any route or plugin reads it. The static
 * files' precompressed copies and the compression of the API's other answers choose with a parser
 * of their own (`@fastify/accept-negotiator`), which takes `br;q=0, *` for brotli: given the
 * restated header, they choose what `chosenEncoding` would.
 */
export const registerAcceptEncoding = (app: FastifyInstance): void => {
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.raw.headers['accept-encoding'];
    if (header !== undefined) request.raw.headers['accept-encoding'] = restatedAcceptEncoding(header);
    done();
  });
};
