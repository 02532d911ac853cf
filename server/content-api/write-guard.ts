import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientKey } from '../cache/client-key';
import type { Database } from '../data/database';
import { bearerOf, verifyToken } from './api-tokens';
import { sendProblem } from './problem';

/**
 * Who may write the content: a request with `Authorization: Bearer <token>` of a live
 * token, and nothing else. Refusals follow RFC 6750 (`WWW-Authenticate: Bearer`) and say why in an
 * RFC 9457 problem; failed attempts are limited per client address, on a count of their own: the
 * site's fair use (server/cache/fair-use.ts) counts a reader's uncached pages, and a script that
 * guesses tokens must neither spend a reader's allowance nor be allowed the reader's 300 a minute.
 */

/** How the guard limits failed attempts; each has a default. */
export interface WriteGuardOptions {
  /** Failed attempts one client address may make in `windowSeconds` (10); the next one is answered 429. */
  readonly maxFailures?: number;
  /** The sliding window the failures are counted in, in seconds (60). */
  readonly windowSeconds?: number;
  /** Addresses whose failures are kept at most (10 000): beyond, the one that failed longest ago is forgotten. */
  readonly maxAddresses?: number;
  /** The realm of `WWW-Authenticate` (`content`). */
  readonly realm?: string;
  /** The clock, in milliseconds (`Date.now`): tests move it. */
  readonly now?: () => number;
}

/** What the guard found: the live token's name, or a refusal already sent. */
export type GuardResult = { readonly ok: true; readonly tokenName: string } | { readonly ok: false };

/** The check the content API's writing routes call first. */
export interface WriteGuard {
  /** Lets the request through with its token's name, or sends the refusal (401, 400 or 429) and says `ok: false`: the route then returns `reply`. */
  check(request: FastifyRequest, reply: FastifyReply): Promise<GuardResult>;
}

/**
 * The guard of the content API's writes on `db`. Each check reads the database (a token revoked
 * by any process is refused at once) and is logged when refused, with the client's address and
 * the token's name when it is one of ours, never the token.
 */
export const writeGuard = (db: Database, options: WriteGuardOptions = {}): WriteGuard => {
  const maxFailures = options.maxFailures ?? 10;
  const windowMs = (options.windowSeconds ?? 60) * 1000;
  const maxAddresses = options.maxAddresses ?? 10_000;
  const realm = options.realm ?? 'content';
  const now = options.now ?? Date.now;

  // By client, the times of its last `maxFailures` failures, oldest first; the Map's order is the
  // order of the last failure, so the first key is the one to forget when there are too many.
  // Bounded: `maxAddresses` lists of at most `maxFailures` numbers.
  const failures = new Map<string, number[]>();

  const recent = (client: string, at: number): number[] => {
    const times = (failures.get(client) ?? []).filter((time) => time > at - windowMs);
    if (times.length === 0) failures.delete(client);
    return times;
  };

  // Seconds until the client may try again, or 0 when it may now.
  const waitOf = (client: string, at: number): number => {
    const times = recent(client, at);
    if (times.length < maxFailures) return 0;
    return Math.max(1, Math.ceil((times[times.length - maxFailures]! + windowMs - at) / 1000));
  };

  const fail = (client: string, at: number): void => {
    const times = [...recent(client, at), at].slice(-maxFailures);
    failures.delete(client);
    failures.set(client, times);
    // An attacker with many addresses can push others out; each of its own is still held to the limit.
    while (failures.size > maxAddresses) failures.delete(failures.keys().next().value!);
  };

  // One check at a time per client: N guesses sent at once would otherwise all pass the limit
  // before the first failure is counted. A client's honest requests wait a statement each, never a refusal.
  const lines = new Map<string, Promise<unknown>>();
  const inLine = <T>(client: string, work: () => Promise<T>): Promise<T> => {
    const run = (lines.get(client) ?? Promise.resolve()).then(work, work);
    const held = run.catch(() => undefined);
    lines.set(client, held);
    void held.then(() => {
      if (lines.get(client) === held) lines.delete(client);
    });
    return run;
  };

  const challenge = (error?: string): string => `Bearer realm="${realm}"${error === undefined ? '' : `, error="${error}"`}`;

  const check = async (request: FastifyRequest, reply: FastifyReply): Promise<GuardResult> => {
    // One client for every spelling of an address and for an IPv6 client's /64, as fair use counts it.
    const client = clientKey(request.ip) ?? request.ip;
    const refused = (reason: string, token?: string): void => {
      fail(client, now());
      request.log.warn({ address: request.ip, token, reason }, 'content API: refused token');
    };
    const wait = waitOf(client, now());
    if (wait > 0) {
      // Even a right token waits: answered otherwise, a guess that hit would stand out from the
      // 429s, and the limit would not slow the guessing down at all.
      request.log.info({ address: request.ip, reason: 'too many failures' }, 'content API: refused token');
      void reply.header('retry-after', String(wait));
      void sendProblem(reply, 429, { detail: `too many refused tokens from this address: try again in ${wait} s` });
      return { ok: false };
    }
    const offered = bearerOf(request.headers, request.url);
    switch (offered.kind) {
      case 'none':
        // No token is no attempt: not counted, not logged (a browser or a probe that reads the API).
        void reply.header('www-authenticate', challenge());
        void sendProblem(reply, 401, { detail: 'writing the content needs a token: Authorization: Bearer <token>' });
        return { ok: false };
      case 'elsewhere':
        // Counted: the token is spent (it is in logs and histories now), and a client that sends it so is told at once.
        refused(offered.where === 'query' ? 'token in the query string' : 'token in a cookie');
        void reply.header('www-authenticate', challenge('invalid_request'));
        void sendProblem(reply, 400, {
          detail: `a token in ${offered.where === 'query' ? 'the query string' : 'a cookie'} is refused: send the token in the Authorization header (Authorization: Bearer <token>)`,
        });
        return { ok: false };
      case 'malformed':
      case 'bearer': {
        const verdict = offered.kind === 'bearer' ? await verifyToken(db, offered.token) : ({ ok: false, reason: 'malformed' } as const);
        if (verdict.ok) return { ok: true, tokenName: verdict.name };
        refused(verdict.reason, 'name' in verdict ? verdict.name : undefined);
        void reply.header('www-authenticate', challenge('invalid_token'));
        // One answer for every wrong token: a caller learns nothing of which tokens exist or were revoked.
        void sendProblem(reply, 401, { detail: 'the token is not valid' });
        return { ok: false };
      }
    }
  };

  return {
    check: (request, reply) => inLine(clientKey(request.ip) ?? request.ip, () => check(request, reply)),
  };
};
