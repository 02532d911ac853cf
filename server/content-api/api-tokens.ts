import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { jsonAnswer, textAnswer, type OperationAnswer, type OperationHandlers } from '../backup/backup-socket';
import type { Database } from '../data/database';

/**
 * The content API's bearer tokens (issue 44). A token is shown once, when made; the database
 * keeps its SHA-256 only, so a copy of the database (a backup) writes nothing. A token's 32 random
 * bytes leave nothing to guess, so a fast hash is enough: a slow one (bcrypt, scrypt) protects
 * passwords people choose, and would cost each write request its time for nothing.
 */

// `ist_`: a secret scanner (or a reader of a leaked file) can tell what it is and where it came from.
const TOKEN_PREFIX = 'ist_';
const TOKEN_BYTES = 32;

/** A token's name: what `npm run token -- list` shows and the log names; lower case, 1 to 64 characters. */
const TOKEN_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/** Why a token's command was refused: a name that is not one, a name already given, a name never given. */
export type TokenErrorReason = 'invalid-name' | 'taken' | 'unknown';

/** A token's command refused, with the sentence that says why and what to do. */
export class TokenError extends Error {
  constructor(
    readonly reason: TokenErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'TokenError';
  }
}

/** A token as `list` shows it: never its hash. Dates are ISO 8601 in UTC. */
export interface TokenInfo {
  readonly name: string;
  readonly createdAt: string;
  readonly revokedAt: string | null;
}

/** What a presented token is: the name of a live one, or why it is refused (with its name when it was one of ours). */
export type TokenCheck = { readonly ok: true; readonly name: string } | { readonly ok: false; readonly reason: 'unknown' | 'revoked'; readonly name?: string };

const hashOf = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

const checkedName = (name: string): string => {
  if (!TOKEN_NAME.test(name)) {
    throw new TokenError('invalid-name', `"${name}" is not a token name: 1 to 64 characters, a-z, 0-9, '.', '_' or '-', starting with a letter or digit`);
  }
  return name;
};

// Both backends give timestamps in their own form (a Date, a text in the session's zone): one text in UTC for every reader.
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;
const INFO_COLUMNS = `name, to_char(created_at at time zone 'UTC', ${ISO_UTC}) as "createdAt", to_char(revoked_at at time zone 'UTC', ${ISO_UTC}) as "revokedAt"`;

/**
 * Makes a token named `name` and returns it, the one time it is ever shown. A name already given
 * is refused, a revoked one too: the log and the journal name a token's writes by its name, and a
 * new token under an old name would take the old one's history for its own.
 */
export const createToken = async (db: Database, name: string): Promise<string> => {
  checkedName(name);
  const token = `${TOKEN_PREFIX}${randomBytes(TOKEN_BYTES).toString('base64url')}`;
  // No conflict target: a taken name (or, once in 2^256, a taken hash) inserts nothing.
  const made = await db.query<{ name: string }>('insert into api_tokens (name, hash) values ($1, $2) on conflict do nothing returning name', [name, hashOf(token)]);
  if (made.length === 1) return token;
  const [held] = await db.query<{ revoked: boolean }>('select revoked_at is not null as revoked from api_tokens where name = $1', [name]);
  if (held === undefined) throw new Error('the new token collided with another token: try again');
  throw new TokenError(
    'taken',
    held.revoked
      ? `the token "${name}" was revoked, and a revoked name is not given again (its writes in the journal stay its own): choose another name`
      : `a token named "${name}" exists already: choose another name, or revoke it first (npm run token -- revoke ${name})`,
  );
};

/** Every token, by name: its name and dates, never its hash. */
export const listTokens = (db: Database): Promise<TokenInfo[]> => db.query<TokenInfo>(`select ${INFO_COLUMNS} from api_tokens order by name`);

/**
 * Revokes the token named `name` and returns it as revoked: refused from the next request on, in
 * every process, since each check reads the database. Revoking it again keeps its first date.
 */
export const revokeToken = async (db: Database, name: string): Promise<TokenInfo> => {
  const [revoked] = await db.query<TokenInfo>(`update api_tokens set revoked_at = coalesce(revoked_at, now()) where name = $1 returning ${INFO_COLUMNS}`, [
    checkedName(name),
  ]);
  if (revoked === undefined) throw new TokenError('unknown', `no token is named "${name}" (npm run token -- list shows them)`);
  return revoked;
};

/**
 * Whether `presented` is a live token. Each check reads the database, never a cache: a token
 * revoked by another process is refused at its next request.
 *
 * The row is looked up by the presented token's hash, so no secret is ever compared: the index
 * compares SHA-256 digests, and how long that takes tells at most how many leading bytes of the
 * caller's own digest match a stored one, which without a preimage of SHA-256 says nothing of any
 * token. Every presented value, well-formed or not, is hashed and looked up alike, so a wrong
 * token, a revoked one and a malformed one cost the same statement. (Reading every hash and
 * comparing each with `timingSafeEqual` would be as safe, with a cost that grows with the tokens.)
 */
export const verifyToken = async (db: Database, presented: string): Promise<TokenCheck> => {
  const [row] = await db.query<{ name: string; revoked: boolean }>('select name, revoked_at is not null as revoked from api_tokens where hash = $1', [
    hashOf(presented),
  ]);
  if (row === undefined) return { ok: false, reason: 'unknown' };
  return row.revoked ? { ok: false, reason: 'revoked', name: row.name } : { ok: true, name: row.name };
};

/** Where a request offers its token: nowhere, in `Authorization: Bearer` as it should, malformed there, or where a token must never travel. */
export type OfferedToken =
  | { readonly kind: 'none' }
  | { readonly kind: 'bearer'; readonly token: string }
  | { readonly kind: 'malformed' }
  | { readonly kind: 'elsewhere'; readonly where: 'query' | 'cookie' };

// RFC 6750 §2.1: `Bearer` (any case, RFC 9110 §11.1), one or more spaces, one b64token (token68).
const BEARER = /^bearer +([A-Za-z0-9\-._~+/]+=*)$/i;
const BEARER_SCHEME = /^bearer(?:[ \t]|$)/i;
// RFC 6750 §2.3 names the query's parameter; the cookies are the names a client would try.
const QUERY_PARAMETER = 'access_token';
const COOKIES = new Set(['access_token', 'token']);

const inQuery = (url: string): boolean => {
  const start = url.indexOf('?');
  if (start < 0) return false;
  const end = url.indexOf('#', start);
  const query = new URLSearchParams(url.slice(start + 1, end < 0 ? undefined : end));
  return [...query.keys()].some((key) => key.toLowerCase() === QUERY_PARAMETER);
};

const inCookie = (cookie: string | undefined): boolean =>
  (cookie ?? '').split(';').some((pair) => {
    const cut = pair.indexOf('=');
    return COOKIES.has((cut < 0 ? pair : pair.slice(0, cut)).trim().toLowerCase());
  });

/**
 * The token a request offers, read from `Authorization: Bearer <token>` only. A token in the query
 * string (`access_token`) or in a cookie (`access_token`, `token`) is reported as `elsewhere`,
 * whatever the header says, so the caller refuses it: a URL lands in logs, histories and
 * `Referer`, a cookie is sent by a browser on its own. Another scheme (`Basic`) is `none`.
 */
export const bearerOf = (headers: IncomingHttpHeaders, url: string): OfferedToken => {
  if (inQuery(url)) return { kind: 'elsewhere', where: 'query' };
  if (inCookie(headers.cookie)) return { kind: 'elsewhere', where: 'cookie' };
  const authorization = headers.authorization;
  if (authorization === undefined || !BEARER_SCHEME.test(authorization)) return { kind: 'none' };
  const token = BEARER.exec(authorization)?.[1];
  return token === undefined ? { kind: 'malformed' } : { kind: 'bearer', token };
};

const STATUS_OF: Readonly<Record<TokenErrorReason, number>> = { 'invalid-name': 400, taken: 409, unknown: 404 };

// A refused command's sentence, with the status that says which refusal; anything else is the socket's 500.
const answered = async (work: () => Promise<OperationAnswer>): Promise<OperationAnswer> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TokenError) return textAnswer(STATUS_OF[error.reason], error.message);
    throw error;
  }
};

const nameIn = (body: string): string => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = null;
  }
  const name = typeof parsed === 'object' && parsed !== null && 'name' in parsed ? parsed.name : undefined;
  if (typeof name !== 'string') throw new TokenError('invalid-name', 'the request names no token: {"name": "…"}');
  return name;
};

/**
 * The tokens' operations on the socket of a server holding the data folder (server/backup/backup-socket.ts),
 * for `npm run token` beside it: `POST /tokens` `{"name"}` → 201 `{"name","token"}`, `GET /tokens`
 * → the list, `DELETE /tokens/<name>` → the token as revoked; a refusal is its sentence, as text,
 * with 400, 404 or 409.
 */
export const tokenOperations = (db: Database): OperationHandlers => ({
  'POST /tokens': ({ body }) =>
    answered(async () => {
      const name = nameIn(body);
      return jsonAnswer(201, { name, token: await createToken(db, name) });
    }),
  'GET /tokens': () => answered(async () => jsonAnswer(200, await listTokens(db))),
  'DELETE /tokens/:name': ({ param }) => answered(async () => jsonAnswer(200, await revokeToken(db, param ?? ''))),
});
