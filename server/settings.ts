import { lookup } from 'node:dns/promises';
import { existsSync, statSync } from 'node:fs';
import { createServer, isIP } from 'node:net';
import { join, resolve } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import { parseFairUse, type FairUseLimits } from './cache/fair-use-limits';
import { pgliteSettings } from './data/pglite/pglite-settings';
import { parseHost, parsePublicHosts, parsePublicOrigin, parseTrustProxy } from './http/public-origin';
import { isEmailAddress } from '../src/domain/order-mail';
import { parsePublisher, type PublisherOverrides } from './open-data/publisher';

/**
 * The server's settings, read from its environment and checked as a whole before anything else
 * runs: a bad value stops the start with one line naming the variable (exit 2), before the
 * database is opened, migrated or locked. A new setting adds its line to `readSettings`.
 */

/** Where the demo's profile lives, from the repository's root (the working folder of every npm script): the site without `SITE_PROFILE`. */
export const DEMO_PROFILE_FOLDER = 'profiles/valmont';

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
  /** HOST: the address to listen on, an IP address or a host name (0.0.0.0 by default). */
  readonly host: string;
  /** DATA_DIR, absolute: PGlite's folder (and the media's), made when the database opens. */
  readonly dataDir: string;
  /** DIST_DIR, absolute: the built site (`npm run build`), checked by `checkDistDir` before the database opens; `null` (`DIST_DIR=none`): the API alone. */
  readonly distDir: string | null;
  /** PGLITE_SHARED_BUFFERS over the embedded database's own settings. */
  readonly pglite: Readonly<Record<string, string>>;
  readonly logLevel: string;
  /** LOG_ADDRESSES: how a request's log line gives the visitor's address; `short` (last IPv4 octet, last 80 IPv6 bits zeroed) unless set. */
  readonly logAddresses: 'short' | 'full' | 'none';
  readonly workers: number;
  /** A postgres:// address, or undefined for PGlite in `DATA_DIR`. */
  readonly databaseUrl: string | undefined;
  readonly trustProxy: FastifyServerOptions['trustProxy'];
  readonly corsOrigins: readonly string[];
  /** Origins whose pages may use the content API from a browser (`CONTENT_WRITE_ORIGINS`, same form as `CORS_ORIGINS`); none by default. */
  readonly contentWriteOrigins: readonly string[];
  readonly publicOrigin: string | undefined;
  readonly publicHosts: readonly string[];
  /** SITE_API_BASE: the pages rendered from another API that speaks SPEC §7. */
  readonly siteApi: string | undefined;
  /** FAIR_USE_MAX and FAIR_USE_WINDOW_SECONDS: the uncached work one client may ask for. */
  readonly fairUse: FairUseLimits;
  /** ORDER_EMAIL: where the cart's "Commander" writes to, over the profile's `contact.email.orders`; undefined when unset. */
  readonly orderEmail: string | undefined;
  /** PUBLISHER_NAME, PUBLISHER_EMAIL and PUBLISHER_ID: each one set overrides that field of the profile's `openData.publisher`. */
  readonly publisher: PublisherOverrides;
  /** SITE_PROFILE, absolute: the institution's profile folder, read and checked by `loadSiteProfile` before the database opens. */
  readonly siteProfile: string;
  /** METRICS_ADDRESSES: the addresses and ranges that may read `/metrics` (loopback by default); `null` (`none`): no `/metrics`, and requests not counted. */
  readonly metricsAddresses: readonly string[] | null;
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

// A name as DNS writes it (letters, digits, dashes, dots) or an IP address; brackets are not read here.
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

const hostOf = (raw: string | undefined): string => {
  const text = (raw ?? '').trim();
  if (text === '') return '0.0.0.0';
  if (isIP(text) === 0 && !HOST_NAME.test(text)) throw new SettingError(`HOST must be an IP address such as 127.0.0.1 or ::, or a host name (got "${text}")`);
  return text;
};

// A folder given by path: an existing file in its place is a mistake found now, not when it is opened.
const folderOf = (name: string, raw: string | undefined, fallback: string): string => {
  const text = (raw ?? '').trim();
  const path = resolve(text === '' ? fallback : text);
  if (existsSync(path) && !statSync(path).isDirectory()) throw new SettingError(`${name}=${path} is a file, not a folder`);
  return path;
};

const LOG_ADDRESS_MODES = ['short', 'full', 'none'] as const;

const logAddressesOf = (raw: string | undefined): ServerSettings['logAddresses'] => {
  const mode = (raw ?? '').trim() || 'short';
  const known = LOG_ADDRESS_MODES.find((candidate) => candidate === mode);
  if (known === undefined) throw new SettingError(`LOG_ADDRESSES must be one of ${LOG_ADDRESS_MODES.join(', ')} (got "${raw ?? ''}")`);
  return known;
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

// The machine itself: a collector beside the server, never a visitor (nor a proxy on the machine: it must not pass /metrics on).
const METRICS_LOOPBACK = ['127.0.0.1', '::1'];

const metricsAddressesOf = (raw: string | undefined): readonly string[] | null => {
  const text = (raw ?? '').trim();
  if (text === '') return METRICS_LOOPBACK;
  if (text === 'none') return null;
  const parts = text.split(',').map((part) => part.trim());
  const bad = parts.find((part) => !isProxyRange(part));
  if (bad !== undefined) {
    throw new SettingError(
      `METRICS_ADDRESSES holds "${bad}", which is not an address, a range (10.0.0.0/8) or loopback, linklocal, uniquelocal (or none to turn /metrics off)`,
    );
  }
  return parts;
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
  // As PUBLIC_ORIGIN: the WHATWG parser lets `"` or `<` through, and the address is written into the pages.
  if (parseHost(url.host) === null || /["'<>`\\\s]/.test(text)) {
    throw new SettingError(
      `SITE_API_BASE must name a host of letters, digits, dots and dashes, or an IP address, and hold no quote, angle bracket or space (got "${text}")`,
    );
  }
  return text;
};

const orderEmailOf = (raw: string | undefined): string | undefined => {
  const text = (raw ?? '').trim();
  if (text === '') return undefined;
  if (!isEmailAddress(text)) throw new SettingError(`ORDER_EMAIL must be one e-mail address such as publications@canton.example (got "${text}")`);
  return text;
};

/**
 * `CORS_ORIGINS` as the server uses it: exact origins (`https://www.canton.example`) separated by
 * commas; unset or empty allows none. Anything that is not an http(s) origin is refused at start.
 */
export const parseCorsOrigins = (value: string | undefined, name = 'CORS_ORIGINS'): readonly string[] => {
  const parts = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return parts.map((part) => {
    let url: URL;
    try {
      url = new URL(part);
    } catch {
      throw new Error(`${name} holds "${part}", which is not an origin such as https://www.canton.example`);
    }
    // A pattern would be read as a host called "*.example" and never match: said rather than ignored.
    if (part.includes('*')) throw new Error(`${name} holds "${part}": patterns are not read, name each origin (https://www.canton.example)`);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== part.replace(/\/$/, '')) {
      throw new Error(`${name} holds "${part}": write each origin as scheme://host[:port], without path`);
    }
    return url.origin;
  });
};

/** Every setting of `env`, checked; throws a `SettingError` naming the first bad one. */
export const readSettings = (env: Readonly<Record<string, string | undefined>>): ServerSettings => ({
  port: portOf(env['PORT']),
  host: hostOf(env['HOST']),
  dataDir: folderOf('DATA_DIR', env['DATA_DIR'], '.data'),
  // `none`: the API alone, without pages (`npm run dev`, whose pages Parcel serves; the tests of the API).
  distDir: (env['DIST_DIR'] ?? '').trim() === 'none' ? null : folderOf('DIST_DIR', env['DIST_DIR'], 'dist'),
  pglite: checked(() => pgliteSettings(env)),
  logLevel: logLevelOf(env['LOG_LEVEL']),
  logAddresses: logAddressesOf(env['LOG_ADDRESSES']),
  workers: workersOf(env['WORKERS']),
  databaseUrl: databaseUrlOf(env['DATABASE_URL']),
  trustProxy: trustProxyOf(env['TRUST_PROXY']),
  corsOrigins: checked(() => parseCorsOrigins(env['CORS_ORIGINS'])),
  contentWriteOrigins: checked(() => parseCorsOrigins(env['CONTENT_WRITE_ORIGINS'], 'CONTENT_WRITE_ORIGINS')),
  publicOrigin: checked(() => parsePublicOrigin(env['PUBLIC_ORIGIN'])),
  publicHosts: checked(() => parsePublicHosts(env['PUBLIC_HOSTS'])),
  siteApi: siteApiOf(env['SITE_API_BASE']),
  fairUse: checked(() => parseFairUse(env)),
  orderEmail: orderEmailOf(env['ORDER_EMAIL']),
  publisher: checked(() => parsePublisher(env)),
  // The folder alone: its files are read by server/profile/load-site-profile.ts, which this module keeps out of its imports.
  siteProfile: folderOf('SITE_PROFILE', env['SITE_PROFILE'], DEMO_PROFILE_FOLDER),
  metricsAddresses: metricsAddressesOf(env['METRICS_ADDRESSES']),
});

/** Refuses a DIST_DIR that holds no built site: every page would be a 404 (`npm run build` makes it); `null` (`none`) asks for none. */
export const checkDistDir = (distDir: string | null): void => {
  if (distDir !== null && (!existsSync(join(distDir, 'index.html')) || !existsSync(join(distDir, 'widget-chunks.json')))) {
    throw new SettingError(
      `DIST_DIR=${distDir} holds no built site (no index.html and widget-chunks.json): run "npm run build", name the build's folder, or DIST_DIR=none for the API alone`,
    );
  }
};

// What the system says when the address cannot be listened on, as the operator reads it.
const LISTEN_REFUSALS: Readonly<Record<string, string>> = {
  EADDRINUSE: 'another program listens there',
  EACCES: 'this process may not use that port (one under 1024 needs privileges)',
  EADDRNOTAVAIL: 'HOST is not an address of this machine',
  ENOTFOUND: 'HOST names a host that does not resolve',
  EAI_AGAIN: 'no name server answered for HOST',
};

/** The error of listening on `host` and `port` as one line, when the system refused it for a reason the operator must fix; else null. */
export const listenRefusal = (error: unknown, host: string, port: number): SettingError | null => {
  const code = (error as { code?: unknown } | null)?.code;
  const why = typeof code === 'string' ? LISTEN_REFUSALS[code] : undefined;
  return why === undefined ? null : new SettingError(`HOST=${host} PORT=${port} cannot be listened on: ${why} (${String(code)})`);
};

/**
 * Listens on `host` and `port` for a moment and lets go: an address the server could not take is
 * found before the database is opened, migrated or made. The real listen comes after, so a port
 * taken in between is still refused there, with the same line.
 */
export const checkListen = (host: string, port: number): Promise<void> =>
  new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', (error) => fail(listenRefusal(error, host, port) ?? error));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => done()));
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
