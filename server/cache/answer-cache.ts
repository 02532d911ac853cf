import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, createGunzip, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chosenEncoding, type Encoding } from './accept-encoding';
import { zurichToday } from '../../src/domain/calendar-days';
import { ANSWER_CACHE_LIMITS, type CacheLimits } from './cache-limits';
import { cacheControlUntil, sharedCacheControl } from './shared-cache';
import { NO_LIMIT, type UncachedWork } from './fair-use';
import { cacheCounters, type CacheName } from '../telemetry/metrics';

/** The encodings an answer is kept in besides its plain bytes, brotli first. */
const BOTH: readonly Encoding[] = ['br', 'gzip'];

/**
 * A body serialized once, with its strong ETag: the compressed copies are made at the first
 * request that asks for each and kept with it, so a repeated request costs what a static file costs.
 */
export interface Representation {
  readonly status: number;
  readonly type: string;
  readonly body: Buffer;
  readonly etag: string;
  /** Headers that belong to the answer itself (a `Link` to the next page): they are part of the ETag. */
  readonly headers: Readonly<Record<string, string>>;
  br?: Buffer;
  gzip?: Buffer;
}

/** A representation of `body`; its ETag names the bytes and the answer's own headers, whatever encoding carries them. */
export const representation = (status: number, type: string, body: string | Buffer, headers: Readonly<Record<string, string>> = {}): Representation => {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const hash = createHash('sha1').update(bytes);
  // A `Link` that changes (a new cursor) under the same body must not be revalidated as unchanged.
  for (const [name, value] of Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) hash.update(`\n${name}: ${value}`);
  return { status, type, body: bytes, headers, etag: `"${hash.digest('base64url')}"` };
};

/**
 * Whether `If-None-Match` names `etag` (a list, `*`, weak or strong tags: RFC 9110 §13.1.2 compares
 * them weakly). Only a 200 is revalidated: preconditions do not apply to other statuses (§13.2.1).
 */
export const ifNoneMatchHits = (header: string | undefined, etag: string): boolean => {
  if (header === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
};

/**
 * `bytes` in a buffer of its own size. Node's synchronous zlib returns its output as a view of a
 * 16 kB chunk: a kept 1 kB answer held 16 kB, so the answer cache's bytes were a fraction of the
 * memory it held. Below 4 kB the copy shares Node's pool of small buffers.
 */
export const exactBuffer = (bytes: Buffer): Buffer => (bytes.byteLength === bytes.buffer.byteLength ? bytes : Buffer.from(bytes));

/** How a representation is sent. */
export interface SendPolicy {
  readonly cacheControl: string;
  readonly brotliQuality: number;
  /** Bodies shorter than this go plain: compressing them saves less than the header costs. */
  readonly threshold: number;
}

/**
 * Sends `kept` as the request asks: 304 when its tag matches, else the copy in the best encoding
 * the client accepts. `grown` learns the size of each compressed copy made (for a cache's bytes).
 * The ETag and Content-Encoding set here make `@fastify/compress` leave the answer as it is.
 */
export const sendRepresentation = (
  request: FastifyRequest,
  reply: FastifyReply,
  kept: Representation,
  policy: SendPolicy,
  grown: (bytes: number) => void = () => undefined,
): FastifyReply => {
  reply.header('cache-control', policy.cacheControl).header('etag', kept.etag).header('vary', 'accept-encoding');
  for (const [name, value] of Object.entries(kept.headers)) reply.header(name, value);
  if (kept.status === 200 && ifNoneMatchHits(request.headers['if-none-match'], kept.etag)) return reply.code(304).send();
  reply.code(kept.status).type(kept.type);
  const encoding = kept.body.length >= policy.threshold ? chosenEncoding(request.headers['accept-encoding'], BOTH) : null;
  if (encoding === 'br') {
    if (kept.br === undefined) {
      kept.br = exactBuffer(brotliCompressSync(kept.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: policy.brotliQuality } }));
      grown(kept.br.length);
    }
    return reply.header('content-encoding', 'br').send(kept.br);
  }
  if (encoding === 'gzip') {
    if (kept.gzip === undefined) {
      kept.gzip = exactBuffer(gzipSync(kept.body));
      grown(kept.gzip.length);
    }
    return reply.header('content-encoding', 'gzip').send(kept.gzip);
  }
  return reply.send(kept.body);
};

/**
 * A large representation kept by its compressed copies alone (a whole directory's vCards, a
 * sitemap file): a tenth of its plain bytes, so the files a crawler or a download asks for again stay kept.
 */
export interface Packed {
  readonly status: number;
  readonly type: string;
  readonly etag: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Absent where one copy is worth more than the few bytes brotli saves (sitemap files: every crawler reads gzip). */
  readonly br?: Buffer | undefined;
  readonly gzip: Buffer;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * `made` compressed with gzip and, unless `brotliQuality` is `null`, brotli, in zlib's threads:
 * off the thread that answers the other requests (megabytes take tens of milliseconds).
 */
export const pack = async (made: Representation, brotliQuality: number | null): Promise<Packed> => {
  const [br, gzipped] = await Promise.all([
    brotliQuality === null
      ? undefined
      : brotliAsync(made.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: made.body.length } }),
    gzipAsync(made.body),
  ]);
  return { status: made.status, type: made.type, etag: made.etag, headers: made.headers, br: br && exactBuffer(br), gzip: exactBuffer(gzipped) };
};

/** The bytes a packed representation holds. */
export const packedBytes = (packed: Packed): number => (packed.br?.length ?? 0) + packed.gzip.length;

/** Which kept copy answers `accept`: brotli's when it is kept and chosen, else gzip's when the client takes it over the plain bytes. */
const keptEncoding = (accept: string | undefined, hasBrotli: boolean): Encoding | null => chosenEncoding(accept, hasBrotli ? BOTH : ['gzip']);

/** Sends a packed representation: 304, brotli or gzip as kept, or its plain bytes unzipped as they are sent to a client that accepts neither. */
export const sendPacked = (request: FastifyRequest, reply: FastifyReply, kept: Packed, cacheControl: string): FastifyReply => {
  reply.header('cache-control', cacheControl).header('etag', kept.etag).header('vary', 'accept-encoding');
  for (const [name, value] of Object.entries(kept.headers)) reply.header(name, value);
  if (kept.status === 200 && ifNoneMatchHits(request.headers['if-none-match'], kept.etag)) return reply.code(304).send();
  reply.code(kept.status).type(kept.type);
  const encoding = keptEncoding(request.headers['accept-encoding'], kept.br !== undefined);
  if (encoding === 'br' && kept.br !== undefined) return reply.header('content-encoding', 'br').send(kept.br);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(kept.gzip);
  return reply.send(Readable.from([kept.gzip]).pipe(createGunzip()));
};

/** A map that forgets its least recently used entries beyond a count and a size. */
export interface BoundedCache<V> {
  get(key: string): V | undefined;
  /** Keeps `value`, weighing `bytes`; a value heavier than the whole budget is not kept. */
  set(key: string, value: V, bytes: number): void;
  /** A kept value grew (a compressed copy was added): count its new bytes. */
  grow(key: string, bytes: number): void;
  readonly size: number;
  readonly bytes: number;
}

/** A least-recently-used cache within `limits`, whose hits, misses, evictions and bytes `/metrics` gives under `name`. */
export const boundedCache = <V>(limits: CacheLimits, name: CacheName): BoundedCache<V> => {
  // A Map iterates in insertion order: re-inserting on each hit keeps the oldest use first.
  const entries = new Map<string, { value: V; bytes: number }>();
  const counters = cacheCounters(name);
  let total = 0;
  const evict = () => {
    while (entries.size > limits.entries || total > limits.bytes) {
      const oldest = entries.keys().next();
      if (oldest.done === true) return;
      const bytes = entries.get(oldest.value)?.bytes ?? 0;
      total -= bytes;
      counters.bytes(-bytes);
      counters.evicted();
      entries.delete(oldest.value);
    }
  };
  return {
    get: (key) => {
      const entry = entries.get(key);
      if (entry === undefined) {
        counters.miss();
        return undefined;
      }
      counters.hit();
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set: (key, value, bytes) => {
      const known = entries.get(key);
      if (known !== undefined) {
        total -= known.bytes;
        counters.bytes(-known.bytes);
        entries.delete(key);
      }
      if (bytes > limits.bytes) return;
      entries.set(key, { value, bytes });
      total += bytes;
      counters.bytes(bytes);
      evict();
    },
    grow: (key, bytes) => {
      const entry = entries.get(key);
      if (entry === undefined) return;
      entry.bytes += bytes;
      total += bytes;
      counters.bytes(bytes);
      evict();
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return total;
    },
  };
};

/**
 * One piece of work a key at a time: callers asking for a key whose work is under way share its
 * promise, and the next caller after it settles (either way) starts anew. Fifty visitors opening a
 * page that is not cached yet cost one rendering, not fifty at once (each holding its memory).
 */
export const singleFlight = <V>(): ((key: string, make: () => Promise<V>) => Promise<V>) => {
  const pending = new Map<string, Promise<V>>();
  return (key, make) => {
    const known = pending.get(key);
    if (known !== undefined) return known;
    const made = make();
    pending.set(key, made);
    const settled = () => pending.delete(key);
    made.then(settled, settled);
    return made;
  };
};

/** Cache policy of API answers: a browser keeps them a minute, a shared cache `SHARED_CACHE_SECONDS` (content can change at any import). */
export const ANSWER_CACHE_CONTROL = sharedCacheControl(60);

/** Below this size an API answer goes plain; `@fastify/compress` is registered with the same. */
export const ANSWER_COMPRESS_THRESHOLD = 1024;

/** Brotli at quality 5 compresses about as fast as gzip's default and some 15 % smaller. */
export const ANSWER_BROTLI_QUALITY = 5;

/** What a route answers: a status, a JSON body and the headers that belong to it. */
export interface FreshAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** The moment (ms) the answer changes by itself: it is kept, here and by any other cache, until then only. */
  readonly until?: number | null | undefined;
}

/** A representation kept until a moment (ms), when its content changes by itself; `null`: until the key changes. */
export type Expiring = Representation & { readonly until: number | null };

/** Whether a kept representation is still true at `now`. */
export const keptAt = (kept: Expiring, now: number): boolean => kept.until === null || now < kept.until;

/** Where the answer cache takes the content version and the day from. */
export interface AnswerCacheOptions {
  /** The content version, read at most once a second or invalidated by a notification. */
  readonly version: () => Promise<string>;
  /** The version of what a route's answers read; the whole content's when missing. */
  readonly versionOfRoute?: (route: string) => Promise<string>;
  /** The clock: answers depend on the day in Zurich (the agenda's "upcoming"). */
  readonly now?: () => number;
  readonly limits?: CacheLimits;
  readonly cacheControl?: string;
  /** Counts each answer not kept against its client's fair use (server/cache/fair-use.ts). */
  readonly uncached?: UncachedWork;
}

/** The API's answers, kept per (route, normalized params and query, origin, day, content version). */
export interface AnswerCache {
  /**
   * Answers `request` from the cache, or from `answer(today, now)` (once for all the concurrent
   * requests of one key): a 200 or a 404 is kept, until its `until` when it says one; any other
   * status is sent `no-store`, and a failure (the database's) propagates to the error handler, kept by nobody.
   */
  serve(request: FastifyRequest, reply: FastifyReply, key: AnswerKey, answer: (today: string, now: number) => Promise<FreshAnswer>): Promise<FastifyReply>;
  /** The content version the answers are kept under: what a key is normalised with (the ids that exist) is kept as long. */
  readonly version: () => Promise<string>;
}

/** What an answer depends on besides the day and the content version: its route, its decoded input and where its links start. */
export interface AnswerKey {
  readonly route: string;
  /**
   * The params and query as the route's decoder made them (`?month=3`, `?categories=3` as a list,
   * each list a set) and its ids that name nothing dropped (`withNamedIds`, server/http/query-schemas.ts).
   */
  readonly input: unknown;
  /** The configured origin of the answer's links (`''`: relative), never the request's Host. */
  readonly origin: string;
}

// Keys sorted at every level: `?b=1&a=2` and `?a=2&b=1` are one answer. Lists keep their order here:
// the decoder already made each a set, and the answer is computed from the same input.
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
        )
      : value;

const CACHEABLE = new Set([200, 404]);

/** The answer cache of one app: see `AnswerCache`. */
export const answerCache = ({
  version,
  versionOfRoute = () => version(),
  now = Date.now,
  limits = ANSWER_CACHE_LIMITS,
  cacheControl = ANSWER_CACHE_CONTROL,
  uncached = NO_LIMIT,
}: AnswerCacheOptions): AnswerCache => {
  const kept = boundedCache<Expiring>(limits, 'answers');
  const once = singleFlight<Expiring>();
  const policy: SendPolicy = { cacheControl, brotliQuality: ANSWER_BROTLI_QUALITY, threshold: ANSWER_COMPRESS_THRESHOLD };
  // A 404 is kept here, where an import forgets it at once, but by no other cache: the item may be imported a moment later.
  const missing: SendPolicy = { ...policy, cacheControl: 'no-store' };
  // An answer that changes by itself at a moment is kept by no cache past it, the browser's and a shared one's included.
  const policyOf = (answer: Expiring, at: number): SendPolicy =>
    answer.status === 404 ? missing : { ...policy, cacheControl: cacheControlUntil(policy.cacheControl, answer.until, at) };
  return {
    version,
    serve: async (request, reply, { route, input, origin }, answer) => {
      const at = now();
      const today = zurichToday(at);
      // A route's answers are kept under the version of what they read: a changed event keeps the directory's.
      const current = await versionOfRoute(route);
      // The params and query as the decoder made them; the links' origin, since answers may hold absolute links.
      const key = JSON.stringify([route, canonical(input), origin, today, current]);
      const hit = kept.get(key);
      if (hit !== undefined && keptAt(hit, at)) return sendRepresentation(request, reply, hit, policyOf(hit, at), (bytes) => kept.grow(key, bytes));
      if (await uncached(request, reply)) return reply;
      // Settled either way, the next request looks in the cache (or asks again after a failure).
      const fresh = await once(key, () =>
        answer(today, at).then(({ status, body, headers, until }) => {
          const made: Expiring = { ...representation(status, 'application/json; charset=utf-8', JSON.stringify(body), headers ?? {}), until: until ?? null };
          if (CACHEABLE.has(status)) kept.set(key, made, made.body.length + key.length);
          return made;
        }),
      );
      // A refused request (a stale cursor) is answered as the error handler answers one: not kept, not tagged.
      if (!CACHEABLE.has(fresh.status)) return reply.code(fresh.status).header('cache-control', 'no-store').headers(fresh.headers).type(fresh.type).send(fresh.body);
      return sendRepresentation(request, reply, fresh, policyOf(fresh, at), (bytes) => kept.grow(key, bytes));
    },
  };
};
