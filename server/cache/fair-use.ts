import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { workQueue, type WorkLimits } from '../data/work-queue';
import { clientKey } from './client-key';
import type { FairUseLimits } from './fair-use-limits';
import { fairUseRefusals } from '../telemetry/metrics';

/**
 * Counts one piece of uncached work for the request's client (its address as `TRUST_PROXY`
 * makes it): `false` when it may go on, `true` when it was refused (the 429 is sent, with
 * `Retry-After`: by `refuse` when given, a page in the address's language). Called only where a
 * cache missed, so a kept answer is never refused.
 */
export type UncachedWork = (request: FastifyRequest, reply: FastifyReply, refuse?: (reply: FastifyReply) => FastifyReply) => Promise<boolean>;

/**
 * Runs a piece of uncached work (a rendering, a fragment, a sitemap file) when one of the process's
 * few places is free; refused with a 503 and `Retry-After` when the line is full.
 */
export type ExpensiveWork = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Two at once: each holds the thread that answers everyone for some milliseconds at a time (a
 * rendering, a sitemap file's XML), so twenty at once made a static script wait behind all of them.
 * The others wait their turn; a thousand waiting is a flood, answered 503.
 */
export const EXPENSIVE_WORK_LIMITS: WorkLimits = { running: 2, waiting: 1_000 };

/** Work that waits for nothing: for routes registered without an app's fair use (tests of one route). */
export const UNGATED: ExpensiveWork = (work) => work();

/** What lets the server's own requests through (a page's answers asked in process): see `fairUse`. */
export interface FairUse {
  readonly uncached: UncachedWork;
  readonly expensive: ExpensiveWork;
  /** Headers that mark a request made by this process for a page or an export, whose work the visitor's request already counted. */
  readonly ownHeaders: Readonly<Record<string, string>>;
  /** Whether `request` is one of this process's own (it carries `ownHeaders`): `/metrics` counts the visitor's request only. */
  readonly isOwn: (request: FastifyRequest) => boolean;
}

/** Any work goes: for apps built without a limit (tests of other parts, a server's own tools). */
export const NO_LIMIT: UncachedWork = async () => false;

const OWN_HEADER = 'x-own-request';

/**
 * Registers `@fastify/rate-limit` on `app` without a global hook (a cached answer must never
 * count) and returns the check that the routes call when their cache misses; `null`: no limit.
 */
export const fairUse = (app: FastifyInstance, limits: FairUseLimits | null): FairUse => {
  const line = workQueue(EXPENSIVE_WORK_LIMITS);
  const expensive: ExpensiveWork = (work) => line.run(work);
  // A socket's address is always one: only a trusted proxy's X-Forwarded-For can name `junk`, which
  // would be a client of its own at each spelling. Refused rather than counted under some other key.
  app.addHook('onRequest', async (request, reply) => {
    if (clientKey(request.ip) !== null) return;
    await reply
      .code(400)
      .header('cache-control', 'no-store')
      .send({ statusCode: 400, error: 'Bad Request', message: 'the proxy names a client that is not an IP address (X-Forwarded-For)' });
  });
  // A secret of this process: a visitor cannot pass for the server's own in-process requests.
  const secret = randomUUID();
  const ownHeaders = { [OWN_HEADER]: secret };
  const isOwn = (request: FastifyRequest): boolean => request.headers[OWN_HEADER] === secret;
  if (limits === null) return { uncached: NO_LIMIT, expensive, ownHeaders, isOwn };
  void app.register(fastifyRateLimit, {
    global: false,
    max: limits.max,
    timeWindow: limits.windowSeconds * 1000,
    // `request.ip`: the socket's address, or the client that a trusted proxy names (TRUST_PROXY),
    // one key for all its spellings and for an IPv6 client's whole /64 (refused above when none).
    keyGenerator: (request) => clientKey(request.ip) ?? request.ip,
    allowList: isOwn,
  });
  let check: ReturnType<FastifyInstance['createRateLimit']> | null = null;
  const uncached: UncachedWork = async (request, reply, refuse) => {
    // The plugin decorates the app once registered, which is before any request is answered.
    check ??= app.createRateLimit();
    const limit = await check(request);
    if (limit.isAllowed || !limit.isExceeded) return false;
    fairUseRefusals.inc();
    const seconds = Math.max(1, limit.ttlInSeconds);
    const message = `too many new searches, pages or files from this address: try again in ${seconds} s`;
    reply.code(429).header('retry-after', String(seconds)).header('cache-control', 'no-store');
    if (refuse !== undefined) {
      refuse(reply);
      return true;
    }
    if (request.url.startsWith('/api/')) reply.send({ statusCode: 429, error: 'Too Many Requests', message });
    else reply.type('text/plain; charset=utf-8').send(message);
    return true;
  };
  return { uncached, expensive, ownHeaders, isOwn };
};
