import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { isLeft } from 'fp-ts/lib/Either';
import * as t from 'io-ts';
import { parseJson } from '../../src/domain/json';
import { MAX_CURSOR_LENGTH } from '../../src/domain/paging';
import { CONTENT_GROUP_NAMES, readContentVersions, versionOf } from '../cache/content-version';
import type { ContentGroup } from '../data/content';
import type { Database, Queryable } from '../data/database';
import { errorBody } from './query-schemas';
import type { ApiAnswer } from './route-input';

/** The paging parameters every list route takes: both optional, both asking for the page shape. */
export interface PagingQuery {
  page_size?: number;
  cursor?: string;
}

/** The JSON schema of `page_size` and `cursor`, to spread into a route's query properties. */
export const pagingProperties = {
  page_size: { type: 'integer', minimum: 1, maximum: 100 },
  cursor: { type: 'string', minLength: 1 },
} as const;

/** One column of a list's order key: its SQL and the type its value in a cursor is cast back to. */
export interface KeyColumn {
  readonly sql: string;
  readonly type: 'date' | 'time' | 'integer' | 'text';
}

/** What a list route selects: its rows, their order, the filters that chose them and where its links lead. */
export interface ListSpec {
  /** The path the `next` links repeat (`/api/agenda/1/`). */
  readonly path: string;
  /** The query the `next` links repeat, filters only, in a fixed order; a cursor is bound to them. */
  readonly filters: readonly (readonly [string, string])[];
  /** What else the rows depend on but the links do not repeat (the agenda's today): a cursor is bound to it too. */
  readonly context?: string;
  /** The answer's columns; the key columns are selected beside them and never sent. */
  readonly fields: string;
  /** The tables (`events e`). */
  readonly from: string;
  readonly where: readonly string[];
  /** The values of the `$n` in `fields`, `where` and `key`. */
  readonly params: readonly unknown[];
  /** The order key, its last column the row's id: the database sorts, and pages start after, on exactly these expressions. */
  readonly key: readonly KeyColumn[];
  readonly direction: 'asc' | 'desc';
  /** The page size when the request names none. */
  readonly defaultSize: number;
  /** Rows the database does not hold (an agenda's occurrences of recurring events), read once per answer in its snapshot. */
  readonly extraRows?: (tx: Queryable, version: string) => Promise<ExtraRows>;
}

/** Rows made outside the table that a list merges in its order: how many match, and the first of them after a key. */
export interface ExtraRows {
  readonly count: number;
  /** The first `limit` rows after `key` (`null`: from the start) in the list's order, each its key as the cursor writes it. */
  readonly after: (key: readonly string[] | null, limit: number) => readonly (readonly string[])[];
  /** The `from` of the page's query with `rows` merged into the table's rows; their values go to `params`. */
  readonly from: (rows: readonly (readonly string[])[], params: unknown[]) => string;
}

/** How a list is asked for: the paging parameters, where links start (`''`: relative paths), and a legacy page number. */
export interface ListRequest {
  readonly paging: PagingQuery;
  readonly origin: string;
  /** Always answer the page shape (`GET /api/news/?…` has always had it). */
  readonly alwaysPage?: boolean;
  /** A page number of an old client (`?page=3`): an offset, allowed only this deep. */
  readonly page?: number;
}

/** How deep a page number may reach: past it, offsets cost what keyset paging never does. */
export const MAX_PAGE_OFFSET = 1000;

/** What a cursor holds: the content version it was made under, the last row's key and the filters' hash. */
const CursorPayload = t.type({ v: t.string, k: t.array(t.string), f: t.string });
type CursorPayload = t.TypeOf<typeof CursorPayload>;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

const digest = (value: string): string => createHash('sha256').update(value).digest('base64url').slice(0, 22);

const sign = (secret: string, payload: string): string => createHmac('sha256', secret).update(payload).digest('base64url');

// One read of the secret per database object: every instance on that database shares it.
const secrets = new WeakMap<Queryable, Promise<string>>();

/** The key that signs cursors (migration 3's `site_secrets`), read once per database object. */
export const cursorSecret = (db: Queryable): Promise<string> => {
  const known = secrets.get(db);
  if (known !== undefined) return known;
  const secret = db.query<{ value: string }>("select value from site_secrets where key = 'cursor'").then((rows) => {
    const value = rows[0]?.value;
    if (value === undefined || value === '') throw new Error('site_secrets holds no cursor key: run the migrations');
    return value;
  });
  secrets.set(db, secret);
  // A failed read is not kept: the next request asks again.
  secret.catch(() => secrets.delete(db));
  return secret;
};

/** The hash a cursor carries of what chose its rows: the route, its filters and what else they depend on. */
export const filterHash = (spec: Pick<ListSpec, 'path' | 'filters' | 'context'>): string => digest(JSON.stringify([spec.path, spec.filters, spec.context ?? '']));

/** The content version as a cursor carries it: short, whatever the import's label. */
// The part of the site a page's tables belong to: a write elsewhere leaves its cursors valid.
const TABLE_GROUPS: readonly (readonly [RegExp, ContentGroup])[] = [
  [/\bevents\b/, 'agenda'],
  [/\bcontacts\b/, 'directory'],
  [/\bnews_items\b/, 'news'],
  [/\bshop_items\b/, 'shop'],
];
const groupsOfTables = (from: string): readonly ContentGroup[] => {
  const groups = TABLE_GROUPS.filter(([table]) => table.test(from)).map(([, group]) => group);
  return groups.length > 0 ? groups : CONTENT_GROUP_NAMES;
};

export const versionTag = (version: string): string => digest(version);

/** A signed cursor: base64url of the JSON payload, a dot, and its HMAC-SHA256. */
export const encodeCursor = (secret: string, payload: CursorPayload): string => {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(secret, body)}`;
};

/** Why a cursor is refused, or the key it resumes after (and the version it must still be under). */
export type CursorCheck = { readonly ok: true; readonly key: readonly string[]; readonly version: string } | { readonly ok: false; readonly message: string };

/**
 * Reads a cursor sent back by a client. Refused: one over `MAX_CURSOR_LENGTH`, one that is not
 * `base64url(JSON).signature`, one whose signature this server did not make, one made for
 * other filters. The content version is checked by the caller, against the version it reads.
 */
export const verifyCursor = (secret: string, cursor: string, expected: { filters: string; keyLength: number }): CursorCheck => {
  if (cursor.length > MAX_CURSOR_LENGTH) return { ok: false, message: `cursor is longer than ${MAX_CURSOR_LENGTH} characters` };
  const [body, signature, ...rest] = cursor.split('.');
  if (body === undefined || signature === undefined || rest.length > 0 || !BASE64URL.test(body) || !BASE64URL.test(signature)) {
    return { ok: false, message: 'cursor is malformed: it must be a cursor from a next link, unchanged' };
  }
  let json: unknown;
  try {
    json = parseJson(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, message: 'cursor is malformed: it must be a cursor from a next link, unchanged' };
  }
  const payload = CursorPayload.decode(json);
  if (isLeft(payload)) return { ok: false, message: 'cursor is malformed: it must be a cursor from a next link, unchanged' };
  const expectedSignature = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (given.length !== expectedSignature.length || !timingSafeEqual(given, expectedSignature)) {
    return { ok: false, message: 'cursor was not made by this server (bad signature)' };
  }
  const { k, f, v } = payload.right;
  if (f !== expected.filters) {
    return { ok: false, message: 'cursor belongs to other filters: send it with the same filters as the link that carried it' };
  }
  // A signed key of another length can only come from another route's list.
  if (k.length !== expected.keyLength && k.length !== 1) return { ok: false, message: 'cursor belongs to another list' };
  return { ok: true, key: k, version: v };
};

/** The message of a cursor whose content has since been replaced. */
export const STALE_CURSOR_MESSAGE = 'cursor is stale: the list changed since this page: ask for the first page again';

/** The value of an HTTP `Link` header pointing at the next page. */
export const nextLinkHeader = (next: string): string => `<${next}>; rel="next"`;

/**
 * The keyset condition "after this key" in the list's order, on the very expressions of its
 * `order by`, so an index on them serves both: `(a, b, id) > ($4::date, $5::time, $6::integer)`.
 */
export const keysetCondition = (key: readonly KeyColumn[], values: readonly string[], direction: 'asc' | 'desc', params: unknown[]): string => {
  const placeholders = key.map((column, index) => {
    params.push(values[index]);
    return `$${params.length}::${column.type}`;
  });
  return `(${key.map((column) => column.sql).join(', ')}) ${direction === 'asc' ? '>' : '<'} (${placeholders.join(', ')})`;
};

/** The order by clause of a list's key. */
export const keyOrder = (key: readonly KeyColumn[], direction: 'asc' | 'desc'): string => key.map((column) => `${column.sql} ${direction}`).join(', ');

// Dates go through to_char, so the text does not follow the session's DateStyle.
const keyText = (column: KeyColumn): string => (column.type === 'date' ? `to_char(${column.sql}, 'YYYY-MM-DD')` : `(${column.sql})::text`);

const keyColumns = (key: readonly KeyColumn[]): string => key.map((column, index) => `${keyText(column)} as "_k${index}"`).join(', ');

const keyOf = (row: Record<string, unknown>, length: number): string[] => Array.from({ length }, (_, index) => String(row[`_k${index}`]));

const withoutKey = (row: Record<string, unknown>, length: number): Record<string, unknown> => {
  const keyNames = new Set(Array.from({ length }, (_, index) => `_k${index}`));
  return Object.fromEntries(Object.entries(row).filter(([name]) => !keyNames.has(name)));
};

const badRequest = (message: string): ApiAnswer => ({ status: 400, body: errorBody(400, 'Bad Request', message) });

const whereClause = (conditions: readonly string[]): string => (conditions.length > 0 ? `where ${conditions.join(' and ')}` : '');

/** The address of the page after `cursor` (absolute under a configured origin, else a path): the route's path, its filters, the page size and the cursor. */
export const nextLink = (origin: string, spec: Pick<ListSpec, 'path' | 'filters'>, pageSize: number, cursor: string): string => {
  const search = new URLSearchParams();
  for (const [name, value] of spec.filters) search.append(name, value);
  search.set('page_size', String(pageSize));
  search.set('cursor', cursor);
  return `${origin}${spec.path}?${search.toString()}`;
};

/**
 * Answers one page of a list, selected in the database: `limit n + 1` after the cursor's key
 * (keyset), never an offset at depth. Read in one repeatable-read snapshot, so the content
 * version checked against the cursor, the count and the rows are of the same content.
 * With `page_size` or `cursor` (or `alwaysPage`): `{ count, next, results }`. Without: the
 * first page as a plain array, as SPEC §7 knows it, and a `Link` header to the next.
 */
export const answerList = async (db: Database, spec: ListSpec, request: ListRequest): Promise<ApiAnswer> => {
  const { paging, origin, page } = request;
  const size = paging.page_size ?? spec.defaultSize;
  const pageShape = request.alwaysPage === true || paging.page_size !== undefined || paging.cursor !== undefined;
  if (page !== undefined && paging.cursor !== undefined) return badRequest('give either page or cursor, not both: a cursor already says where the page starts');
  const offset = page === undefined ? 0 : (page - 1) * size;
  if (offset > MAX_PAGE_OFFSET) {
    return badRequest(`page ${page ?? 1} starts past item ${MAX_PAGE_OFFSET}, the deepest a page number reaches: follow the next links (cursors) instead`);
  }
  const secret = await cursorSecret(db);
  const filters = filterHash(spec);
  let resume: { readonly key: readonly string[]; readonly version: string } | null = null;
  if (paging.cursor !== undefined) {
    const check = verifyCursor(secret, paging.cursor, { filters, keyLength: spec.key.length });
    if (!check.ok) return badRequest(check.message);
    resume = check;
  }
  return db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    const version = versionTag(versionOf(await readContentVersions(tx), groupsOfTables(spec.from)));
    if (resume !== null && resume.version !== version) return badRequest(STALE_CURSOR_MESSAGE);
    const params = [...spec.params];
    const conditions = [...spec.where];
    let after: readonly string[] | null = null;
    if (resume !== null) {
      let key = resume.key;
      if (key.length === 1) {
        // A key too long for a cursor travels as the row's id: its key is read back (the version is the same, so is the row).
        const [row] = await tx.query<Record<string, unknown>>(
          `select ${keyColumns(spec.key)} from ${spec.from} ${whereClause([...spec.where, `${spec.key[spec.key.length - 1]?.sql ?? 'id'} = $${params.length + 1}::integer`])}`,
          [...params, key[0]],
        );
        if (row === undefined) return badRequest(STALE_CURSOR_MESSAGE);
        key = keyOf(row, spec.key.length);
      }
      conditions.push(keysetCondition(spec.key, key, spec.direction, params));
      after = key;
    }
    const extra = spec.extraRows === undefined ? null : await spec.extraRows(tx, version);
    // The key is selected (and dropped by the planner) so that every parameter, the rank's too, is typed.
    const [{ count: stored } = { count: 0 }] = await tx.query<{ count: number }>(
      `select count(*)::int as count from (select ${keyColumns(spec.key)} from ${spec.from} ${whereClause(spec.where)}) as matching`,
      spec.params,
    );
    const count = stored + (extra?.count ?? 0);
    if (page !== undefined && page > 1 && offset >= count) {
      const pages = Math.max(1, Math.ceil(count / size));
      return { status: 404, body: errorBody(404, 'Not Found', `page ${page} does not exist: there are ${pages} pages`) };
    }
    // Only the extra rows that could be on this page join the query: at most its size past the offset.
    const merged = extra === null ? [] : extra.after(after, offset + size + 1);
    const from = merged.length === 0 || extra === null ? spec.from : extra.from(merged, params);
    params.push(size + 1, offset);
    const rows = await tx.query<Record<string, unknown>>(
      `select ${spec.fields}, ${keyColumns(spec.key)} from ${from} ${whereClause(conditions)}
        order by ${keyOrder(spec.key, spec.direction)} limit $${params.length - 1} offset $${params.length}`,
      params,
    );
    const results = rows.slice(0, size);
    const last = results[results.length - 1];
    let next: string | null = null;
    if (rows.length > size && last !== undefined) {
      const key = keyOf(last, spec.key.length);
      const full = encodeCursor(secret, { v: version, k: key, f: filters });
      const cursor = full.length <= MAX_CURSOR_LENGTH ? full : encodeCursor(secret, { v: version, k: [key[key.length - 1] ?? ''], f: filters });
      next = nextLink(origin, spec, size, cursor);
    }
    const items = results.map((row) => withoutKey(row, spec.key.length));
    if (!pageShape) return { status: 200, body: items, ...(next === null ? {} : { headers: { link: nextLinkHeader(next) } }) };
    // Keyset pages have no way back; an old client's page number still has its previous page.
    const previous = page !== undefined && page > 1 ? legacyPageLink(origin, spec, paging.page_size, page - 1) : null;
    return { status: 200, body: { count, next, ...(request.alwaysPage === true || previous !== null ? { previous } : {}), results: items } };
  });
};

// The link an old client follows back: a page number, as it asked.
const legacyPageLink = (origin: string, spec: Pick<ListSpec, 'path' | 'filters'>, pageSize: number | undefined, page: number): string => {
  const search = new URLSearchParams();
  for (const [name, value] of spec.filters) search.append(name, value);
  if (pageSize !== undefined) search.set('page_size', String(pageSize));
  search.set('page', String(page));
  return `${origin}${spec.path}?${search.toString()}`;
};
