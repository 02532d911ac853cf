import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import { parseFairUse, type FairUseLimits } from './cache/fair-use-limits';
import { parsePublicHosts, parsePublicOrigin, parseTrustProxy } from './http/public-origin';
import { DEFAULT_ORDER_EMAIL, isEmailAddress } from '../src/domain/order-mail';
import { parsePublisher, type Publisher } from './open-data/publisher';

/**
 * The server's settings, read from its environment and checked as a whole before anything else
 * runs: a bad value stops the start with one line naming the variable (exit 2), before the
 * database is opened, migrated or locked. A new setting adds its line to `readSettings`.
 */

/** A setting the server cannot use, or a database that refuses it for good: one line for the operator, no stack. */
export class SettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SettingError';
  }
}

/** The exit status of a start refused for its settings (a service manager need not retry it at once). */
export const SETTING_EXIT_STATUS = 2;

// More would only be a mistake in the variable: each worker holds a pool of 10 connections.
const MAX_WORKERS = 64;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** What the server runs with. */
export interface ServerSettings {
  readonly port: number;
  readonly host: string;
  readonly logLevel: string;
  readonly workers: number;
  /** A postgres:// address, or undefined for PGlite in `DATA_DIR`. */
  readonly databaseUrl: string | undefined;
  readonly trustProxy: FastifyServerOptions['trustProxy'];
  readonly corsOrigins: readonly string[];
  readonly publicOrigin: string | undefined;
  readonly publicHosts: readonly string[];
  /** SITE_API_BASE: the pages rendered from another API that speaks SPEC §7. */
  readonly siteApi: string | undefined;
  /** FAIR_USE_MAX and FAIR_USE_WINDOW_SECONDS: the uncached work one client may ask for. */
  readonly fairUse: FairUseLimits;
  /** ORDER_EMAIL: the publications office the cart's "Commander" writes to. */
  readonly orderEmail: string;
  /** PUBLISHER_NAME, PUBLISHER_EMAIL and PUBLISHER_ID: who publishes the open-data catalogue. */
  readonly publisher: Publisher;
}

// A parser's own message (which names its variable) becomes the start's one line.
const checked = <T>(read: () => T): T => {
  try {
    return read();
  } catch (error) {
    throw new SettingError(error instanceof Error ? error.message : String(error));
  }
};

const portOf = (raw: string | undefined): number => {
  const text = (raw ?? '').trim();
  if (text === '') return 8080;
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 0 && port <= 65_535)) throw new SettingError(`PORT must be a whole number from 0 to 65535 (got "${raw ?? ''}")`);
  return port;
};

const workersOf = (raw: string | undefined): number => {
  const text = (raw ?? '').trim();
  if (text === '') return 1;
  const count = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(count >= 1 && count <= MAX_WORKERS)) throw new SettingError(`WORKERS must be a whole number from 1 to ${MAX_WORKERS} (got "${raw ?? ''}")`);
  return count;
};

const logLevelOf = (raw: string | undefined): string => {
  const level = (raw ?? '').trim() || 'warn';
  if (!LOG_LEVELS.includes(level)) throw new SettingError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${raw ?? ''}")`);
  return level;
};

// The address as pg reads it: postgres:// or postgresql://, a host (or a socket folder in `host=`).
const databaseUrlOf = (raw: string | undefined): string | undefined => {
  const text = (raw ?? '').trim();
  if (text === '') return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new SettingError('DATABASE_URL must be a PostgreSQL address such as postgres://user:password@host:5432/database (got something that is not an address)');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new SettingError(`DATABASE_URL must be a postgres:// or postgresql:// address (got a ${url.protocol}// one)`);
  }
  if (url.hostname === '' && !url.searchParams.has('host')) throw new SettingError('DATABASE_URL names no host (postgres://user:password@host:5432/database)');
  return text;
};

// What proxy-addr (Fastify's) takes: its three named ranges, an address, or a range as address/bits or address/mask.
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyRange = (part: string): boolean => {
  if (PROXY_NAMES.has(part)) return true;
  const [address = '', bits, ...rest] = part.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (/^\d{1,3}$/.test(bits)) return Number(bits) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(bits) === 4;
};

// A range that holds every address (`0.0.0.0/0`, `::/0`, a mask of zeros).
const isEveryAddress = (part: string): boolean => {
  const bits = part.split('/')[1];
  return bits !== undefined && (/^0+$/.test(bits) || bits === '0.0.0.0');
};

const trustProxyOf = (raw: string | undefined): FastifyServerOptions['trustProxy'] => {
  const trust = parseTrustProxy(raw);
  // Trusting every hop lets each client write its own address in X-Forwarded-For, and so choose a
  // fresh one for each request: fair use would count nobody (docs/operations.md, "Fair use").
  const everyHop = trust === true ? 'true' : Array.isArray(trust) ? trust.find(isEveryAddress) : undefined;
  if (everyHop !== undefined) {
    throw new SettingError(
      `TRUST_PROXY=${everyHop} trusts every client as a proxy, so each could choose its own address and escape fair use: name the proxies' addresses (127.0.0.1, 10.0.0.0/8)`,
    );
  }
  const bad = Array.isArray(trust) ? trust.find((part) => !isProxyRange(part)) : undefined;
  if (bad !== undefined) {
    throw new SettingError(`TRUST_PROXY holds "${bad}", which is not an address, a range (10.0.0.0/8) or loopback, linklocal, uniquelocal`);
  }
  return trust;
};

const siteApiOf = (raw: string | undefined): string | undefined => {
  const text = (raw ?? '').trim();
  if (text === '') return undefined;
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    // Said below.
  }
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new SettingError(`SITE_API_BASE must be an http or https address such as https://api.canton.example (got "${text}")`);
  }
  return text;
};

const orderEmailOf = (raw: string | undefined): string => {
  const text = (raw ?? '').trim();
  if (text === '') return DEFAULT_ORDER_EMAIL;
  if (!isEmailAddress(text)) throw new SettingError(`ORDER_EMAIL must be one e-mail address such as publications@canton.example (got "${text}")`);
  return text;
};

/**
 * `CORS_ORIGINS` as the server uses it: exact origins (`https://www.canton.example`) separated by
 * commas; unset or empty allows none. Anything that is not an http(s) origin is refused at start.
 */
export const parseCorsOrigins = (value: string | undefined): readonly string[] => {
  const parts = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return parts.map((part) => {
    let url: URL;
    try {
      url = new URL(part);
    } catch {
      throw new Error(`CORS_ORIGINS holds "${part}", which is not an origin such as https://www.canton.example`);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== part.replace(/\/$/, '')) {
      throw new Error(`CORS_ORIGINS holds "${part}": write each origin as scheme://host[:port], without path`);
    }
    return url.origin;
  });
};

/** Every setting of `env`, checked; throws a `SettingError` naming the first bad one. */
export const readSettings = (env: Readonly<Record<string, string | undefined>>): ServerSettings => ({
  port: portOf(env['PORT']),
  host: (env['HOST'] ?? '').trim() || '0.0.0.0',
  logLevel: logLevelOf(env['LOG_LEVEL']),
  workers: workersOf(env['WORKERS']),
  databaseUrl: databaseUrlOf(env['DATABASE_URL']),
  trustProxy: trustProxyOf(env['TRUST_PROXY']),
  corsOrigins: checked(() => parseCorsOrigins(env['CORS_ORIGINS'])),
  publicOrigin: checked(() => parsePublicOrigin(env['PUBLIC_ORIGIN'])),
  publicHosts: checked(() => parsePublicHosts(env['PUBLIC_HOSTS'])),
  siteApi: siteApiOf(env['SITE_API_BASE']),
  fairUse: checked(() => parseFairUse(env)),
  orderEmail: orderEmailOf(env['ORDER_EMAIL']),
  publisher: checked(() => parsePublisher(env)),
});

/**
 * Refuses a DATABASE_URL whose host no name server knows (`ENOTFOUND`): a typing mistake, not a
 * database still starting, which the start waits for. A name server that does not answer is waited for.
 */
export const checkDatabaseHost = async (databaseUrl: string): Promise<void> => {
  const url = new URL(databaseUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A Unix socket folder (`?host=/run/postgresql`) has no name to look up.
  if (host === '' || host.startsWith('/')) return;
  try {
    await lookup(host);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOTFOUND') throw new SettingError(`DATABASE_URL names the host "${host}", which does not resolve`);
  }
};

// SQLSTATEs of a connection refused for good (Appendix A): class 28 (a wrong user or password) and
// 3D000 (no such database); pg's own word for a password the address lacks.
const REFUSED_FOR_GOOD = /^(28|3D000$)/;

/** `error` as one line when PostgreSQL refused the address for good (wrong password, no such database), else null. */
export const databaseRefusal = (error: unknown): SettingError | null => {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && REFUSED_FOR_GOOD.test(code)) return new SettingError(`PostgreSQL refuses DATABASE_URL: ${error.message} (${code})`);
  if (error.message.includes('client password must be a string')) return new SettingError('PostgreSQL asks for a password that DATABASE_URL does not give');
  return null;
};
