import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseJson } from '../../src/domain/json';
import { CONTENT_LISTS, type ContentList } from '../data/content';
import type { Database, Queryable } from '../data/database';
import { decodeItem, deleteItem, exportContent, ItemRefusedError, itemEtag, itemKey, putItem, readItems, recordWrites, type ItemWrite } from './content-store';
import { mergePatch } from '../../src/domain/merge-patch';
import { sendProblem } from './problem';

/** Whether a request may use the content API; when not, the answer (401, 400, 429) is already sent. */
export type Authorize = (request: FastifyRequest, reply: FastifyReply) => Promise<{ readonly ok: true; readonly tokenName: string } | { readonly ok: false }>;

/** What the content API needs besides the database. */
export interface ContentRouteOptions {
  readonly authorize: Authorize;
  /** Origins whose pages may write from a browser (CORS); none by default. */
  readonly writeOrigins: readonly string[];
  /** The import file's JSON Schema, as text (server/content-api/content-schema.ts). */
  readonly schema: () => string;
  readonly now?: () => number;
  /** Called once a write is committed, answered once it resolves: this process reads the versions it wrote, not when the notification comes back. */
  readonly written?: () => Promise<void>;
}

/** The largest body a write takes. */
export const CONTENT_BODY_LIMIT = 1024 * 1024;

const JOURNAL_PAGE = 100;
const JOURNAL_MAX = 1000;
const CONTENT_METHODS = 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS';

const isList = (name: string): name is ContentList => (CONTENT_LISTS as readonly string[]).includes(name);

// A key in a path: what the import's RowId takes, written without sign, zeros or exponent.
const pathId = (text: string): number | null => (/^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= 2147483647 ? Number(text) : null);

// Whether a precondition header names `etag` (`*` names any item that exists). Strong comparison (RFC 9110 §13.1.1).
const names = (header: string, etag: string | null): boolean =>
  etag !== null &&
  header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag === etag);

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** A request's precondition that fails for the item's current ETag (`null`: none), as its answer status, or null when it holds. */
const failedPrecondition = (request: FastifyRequest, current: string | null, method: 'PUT' | 'PATCH' | 'DELETE'): { status: number; detail: string } | null => {
  const ifMatch = header(request, 'if-match');
  const ifNoneMatch = header(request, 'if-none-match');
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() !== '*' || method !== 'PUT')
      return { status: 400, detail: 'If-None-Match takes only "*", on PUT: create the item only if it does not exist' };
    if (current !== null) return { status: 412, detail: 'the item exists: If-None-Match: * creates only' };
  }
  if (ifMatch !== undefined) {
    if (!names(ifMatch, current)) return { status: 412, detail: current === null ? 'the item does not exist' : `the item has changed: its ETag is now ${current}` };
    return null;
  }
  if (current !== null && ifNoneMatch === undefined) {
    return { status: 428, detail: `changing an existing item needs If-Match with its ETag (GET it first): now ${current}` };
  }
  return null;
};

/**
 * Registers the content API under `/api/content`: an item of each list of the import file read,
 * created, replaced, patched (RFC 7396) and deleted with a token, under its ETag; the whole
 * content exported; the journal of writes; and the import file's JSON Schema at `/api/content.schema.json`.
 */
export const registerContentRoutes = (app: FastifyInstance, db: Database, options: ContentRouteOptions): void => {
  const now = options.now ?? Date.now;
  const writeOrigins = new Set(options.writeOrigins);

  app.get('/api/content.schema.json', async (_request, reply) =>
    reply.header('content-type', 'application/schema+json; charset=utf-8').header('cache-control', 'public, max-age=300').send(options.schema()),
  );

  app.register(async (api) => {
    // Bodies are read as text and parsed here: bad JSON is a problem like the others, and prototype keys go.
    api.removeAllContentTypeParsers();
    api.addContentTypeParser(['application/json', 'application/merge-patch+json'], { parseAs: 'string', bodyLimit: CONTENT_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );

    // No shared cache, no browser of another origin: only an origin configured for writing is told it may.
    api.addHook('onSend', async (request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      const origin = header(request, 'origin');
      if (origin !== undefined && writeOrigins.has(origin))
        reply.header('access-control-allow-origin', origin).header('access-control-expose-headers', 'ETag, Location');
      else reply.removeHeader('access-control-allow-origin');
      return payload;
    });

    api.options('/api/content/*', async (request, reply) => {
      reply.code(204).header('allow', CONTENT_METHODS);
      const origin = header(request, 'origin');
      if (origin !== undefined && writeOrigins.has(origin)) {
        reply
          .header('access-control-allow-methods', CONTENT_METHODS)
          .header('access-control-allow-headers', 'Authorization, Content-Type, If-Match, If-None-Match')
          .header('access-control-max-age', '600');
      }
      return reply.send();
    });

    // Every other route needs a token, checked before the body is read.
    api.addHook('onRequest', async (request, reply) => {
      if (request.method === 'OPTIONS') return undefined;
      const allowed = await options.authorize(request, reply);
      if (!allowed.ok) return reply;
      request.contentToken = allowed.tokenName;
      return undefined;
    });

    api.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status === 413) return sendProblem(reply, 413, { detail: `the body is larger than ${CONTENT_BODY_LIMIT} bytes: send one item at a time` });
      if (status === 415) return sendProblem(reply, 415, { detail: 'send application/json (PUT) or application/merge-patch+json (PATCH)' });
      if (status >= 400 && status < 500) return sendProblem(reply, status, { detail: error.message });
      request.log.error({ err: error }, 'content API write failed');
      throw error;
    });

    // A request without an item of a known list: 404 as the API says it.
    const target = (request: FastifyRequest<{ Params: { kind: string; id: string } }>, reply: FastifyReply): { list: ContentList; id: number } | null => {
      const { kind, id } = request.params;
      if (!isList(kind)) {
        sendProblem(reply, 404, { detail: `no list "${kind.slice(0, 40)}": the lists are ${CONTENT_LISTS.join(', ')}` });
        return null;
      }
      const key = pathId(id);
      if (key === null) {
        sendProblem(reply, 404, { detail: `"${id.slice(0, 40)}" is not a key of ${kind}: a whole number from 1 to 2147483647` });
        return null;
      }
      return { list: kind, id: key };
    };

    // The body as JSON, or a 400 sent.
    const body = (request: FastifyRequest, reply: FastifyReply): { ok: true; value: unknown } | { ok: false } => {
      if (typeof request.body !== 'string') {
        sendProblem(reply, 415, { detail: 'send the item as application/json (PUT) or application/merge-patch+json (PATCH)' });
        return { ok: false };
      }
      try {
        return { ok: true, value: parseJson(request.body) };
      } catch (error) {
        sendProblem(reply, 400, { detail: `the body is not JSON: ${error instanceof Error ? error.message : String(error)}` });
        return { ok: false };
      }
    };

    const refused = (reply: FastifyReply, error: unknown): FastifyReply => {
      if (!(error instanceof ItemRefusedError)) throw error;
      const refusal = error.refusal;
      return refusal.kind === 'conflict'
        ? sendProblem(reply, 409, { detail: refusal.detail, items: refusal.items })
        : sendProblem(reply, 422, {
            detail: `the item does not hold what the import file would: ${refusal.errors.length} fault${refusal.errors.length === 1 ? '' : 's'}`,
            errors: refusal.errors.map((fault) => ({ pointer: fault.path, detail: fault.message })),
          });
    };

    // One write: in one transaction, the item read and locked, its precondition checked, then written and journalled.
    type Outcome = { kind: 'done'; write: ItemWrite; item: Record<string, unknown> | null } | { kind: 'refused'; status: number; detail: string };
    const write = async (
      request: FastifyRequest<{ Params: { kind: string; id: string } }>,
      reply: FastifyReply,
      method: 'PUT' | 'PATCH' | 'DELETE',
      work: (tx: Queryable, list: ContentList, id: number, current: Record<string, unknown> | null, at: Date) => Promise<Outcome>,
    ): Promise<FastifyReply> => {
      const where = target(request, reply);
      if (where === null) return reply;
      const { list, id } = where;
      const at = new Date(now());
      let outcome: Outcome;
      try {
        outcome = await db.transaction(async (tx) => {
          const [current] = await readItems(tx, list, [id], true);
          const failed = failedPrecondition(request, current === undefined ? null : itemEtag(current), method);
          if (failed !== null) return { kind: 'refused', ...failed };
          const done = await work(tx, list, id, current ?? null, at);
          if (done.kind === 'done') await recordWrites(tx, [{ ...done.write, patched: method === 'PATCH' }], request.contentToken ?? '', at);
          return done;
        });
      } catch (error) {
        return refused(reply, error);
      }
      if (outcome.kind === 'refused') return sendProblem(reply, outcome.status, { detail: outcome.detail });
      // The writer reads its own write at once: answered once this process knows the versions it wrote.
      // The write is committed whatever comes of that read: a failed one leaves the change to the notification and the TTL.
      if (options.written !== undefined) await options.written().catch(() => undefined);
      const { write: done, item } = outcome;
      request.log.info({ list, id, action: done.action, token: request.contentToken }, 'content written');
      if (item === null) return reply.code(204).send();
      reply.header('etag', done.after ?? '').header('content-type', 'application/json; charset=utf-8');
      if (done.action === 'create') reply.code(201).header('location', `/api/content/${list}/${id}`);
      return reply.send(JSON.stringify(item));
    };

    // The body's key, when it gives one, is the path's; when it gives none, the path's.
    const withKey = (list: ContentList, id: number, value: unknown): { ok: true; value: unknown } | { ok: false; detail: string } => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: true, value };
      const key = itemKey(list);
      const given = (value as Record<string, unknown>)[key];
      if (given !== undefined && given !== id) return { ok: false, detail: `the body's ${key} (${JSON.stringify(given).slice(0, 40)}) is not the path's (${id})` };
      return { ok: true, value: { ...value, [key]: id } };
    };

    api.get<{ Params: { kind: string; id: string } }>('/api/content/:kind/:id', async (request, reply) => {
      const where = target(request, reply);
      if (where === null) return reply;
      const [item] = await readItems(db, where.list, [where.id]);
      if (item === undefined) return sendProblem(reply, 404, { detail: `${where.list}/${where.id} does not exist` });
      const etag = itemEtag(item);
      reply.header('etag', etag);
      if (names(header(request, 'if-none-match') ?? '', etag)) return reply.code(304).send();
      return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(item));
    });

    api.put<{ Params: { kind: string; id: string } }>('/api/content/:kind/:id', async (request, reply) => {
      const parsed = body(request, reply);
      if (!parsed.ok) return reply;
      const where = target(request, reply);
      if (where === null) return reply;
      const keyed = withKey(where.list, where.id, parsed.value);
      if (!keyed.ok) return sendProblem(reply, 400, { detail: keyed.detail });
      let item;
      try {
        item = decodeItem(where.list, keyed.value);
      } catch (error) {
        return refused(reply, error);
      }
      return write(request, reply, 'PUT', async (tx, list, id, current, at) => {
        const done = await putItem(tx, list, id, item, at, current);
        return { kind: 'done', write: done.write, item: done.item };
      });
    });

    api.patch<{ Params: { kind: string; id: string } }>('/api/content/:kind/:id', async (request, reply) => {
      if (!(header(request, 'content-type') ?? '').toLowerCase().startsWith('application/merge-patch+json')) {
        return sendProblem(reply, 415, { detail: 'a PATCH is a JSON Merge Patch (RFC 7396): send it as application/merge-patch+json' });
      }
      const parsed = body(request, reply);
      if (!parsed.ok) return reply;
      return write(request, reply, 'PATCH', async (tx, list, id, current, at) => {
        if (current === null) return { kind: 'refused', status: 404, detail: `${list}/${id} does not exist: create it with PUT` };
        const keyed = withKey(list, id, mergePatch(current, parsed.value));
        if (!keyed.ok) return { kind: 'refused', status: 400, detail: keyed.detail };
        const done = await putItem(tx, list, id, decodeItem(list, keyed.value), at, current);
        return { kind: 'done', write: done.write, item: done.item };
      });
    });

    api.delete<{ Params: { kind: string; id: string } }>('/api/content/:kind/:id', async (request, reply) =>
      write(request, reply, 'DELETE', async (tx, list, id, current, at) => {
        if (current === null) return { kind: 'refused', status: 404, detail: `${list}/${id} does not exist` };
        const done = await deleteItem(tx, list, id, at);
        return done === null ? { kind: 'refused', status: 404, detail: `${list}/${id} does not exist` } : { kind: 'done', write: done, item: null };
      }),
    );

    api.get('/api/content/export', async (_request, reply) => {
      const day = new Date(now()).toISOString().slice(0, 10);
      reply.header('content-type', 'application/json; charset=utf-8').header('content-disposition', `attachment; filename="content-${day}.json"`);
      return reply.send(Readable.from(exportContent(db)));
    });

    api.get<{ Querystring: { after?: string; limit?: string } }>('/api/content/journal', async (request, reply) => {
      const after = request.query.after === undefined ? 0 : Number(request.query.after);
      const limit = request.query.limit === undefined ? JOURNAL_PAGE : Number(request.query.limit);
      if (!Number.isSafeInteger(after) || after < 0 || !Number.isInteger(limit) || limit < 1 || limit > JOURNAL_MAX) {
        return sendProblem(reply, 400, { detail: `after is a journal entry's id (0 or more), limit from 1 to ${JOURNAL_MAX}` });
      }
      const entries = await readJournal(db, after, limit);
      const last = entries[entries.length - 1];
      const next = entries.length === limit && last !== undefined ? `/api/content/journal?after=${last.id}&limit=${limit}` : null;
      if (next !== null) reply.header('link', `<${next}>; rel="next"`);
      return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify({ entries, next }));
    });
  });
};

/** An entry of the journal of writes. */
export interface JournalEntry {
  readonly id: number;
  readonly at: string;
  readonly token: string;
  readonly kind: string;
  readonly item: string;
  readonly action: string;
  readonly etag_before: string | null;
  readonly etag_after: string | null;
}

/** The journal's entries after the entry `after`, oldest first, at most `limit`. */
export const readJournal = async (db: Queryable, after: number, limit: number): Promise<JournalEntry[]> =>
  db.query<JournalEntry>(
    `select id::int as id, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, token_name as token, kind, item_id as item, action, etag_before, etag_after
       from content_journal where id > $1 order by id limit $2`,
    [after, limit],
  );

declare module 'fastify' {
  interface FastifyRequest {
    /** The name of the token a content API request came with. */
    contentToken?: string;
  }
}
