import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { answerCache, ANSWER_BROTLI_QUALITY, ANSWER_CACHE_CONTROL, ANSWER_COMPRESS_THRESHOLD } from '../cache/answer-cache';
import { apiRoutesOf } from './api-routes';
import { registerApiDescription } from './description/description-routes';
import { CONTENT_CHANNEL } from '../data/content';
import { registerContentRoutes } from '../content-api/content-routes';
import { contentSchemaText } from '../content-api/content-schema';
import { writeGuard } from '../content-api/write-guard';
import { contentVersionReader, groupsOfApiRoute } from '../cache/content-version';
import { fairUse } from '../cache/fair-use';
import type { FairUseLimits } from '../cache/fair-use-limits';
import type { Database } from '../data/database';
import { queuedDatabase } from '../data/work-queue';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../data/database-errors';
import { databasePages } from '../render/page-sources';
import { inlineStyleSources, registerPageRoutes, styleSource, type ErrorPage, type PageRoutesOptions } from '../render/page-routes';
import { colourRule } from '../../src/domain/site-identity';
import { PAGE_PATHS, type SitePage } from '../../src/domain/permalinks';
import { pageIsOn } from '../../src/domain/site-sections';
import { errorBody, registerApiRoutes } from './query-schemas';
import { registerCalendarRoutes } from '../render/calendar-routes';
import { registerExportRoutes } from '../render/export-routes';
import { registerFeedRoutes } from './routes/feed-routes';
import { registerSeoRoutes } from './routes/seo-routes';
import { registerHealthRoutes } from '../service/health-routes';
import { DEFAULT_METRICS_ADDRESSES, registerMetrics, type MetricsOptions } from '../service/metrics-routes';
import { REQUEST_ID_HEADER, requestIdGenerator, requestLogSerializers, type LogAddresses } from '../service/request-log';
import { registerCatalogueRoutes } from '../open-data/catalogue-routes';
import { registerCsvRoutes } from '../open-data/csv-routes';
import { publisherOf, type PublisherOverrides } from '../open-data/publisher';
import { CSP_REPORT_PATH, registerHttpRules } from './http-rules';
import { HASHED_ASSET, IMMUTABLE_CACHE_CONTROL, registerKeptAssets } from '../cache/kept-assets';
import { registerSecurityHeaders } from './security-headers';
import { registerAcceptEncoding } from '../cache/accept-encoding';
import { linkOrigins } from './public-origin';
import { siteIdentityOf } from './site';
import { ajvMessage } from './route-input';
import type { SiteProfile } from '../../src/domain/site-profile';
import { defaultSiteProfile } from '../profile/load-site-profile';

/** What the server is built from; `distDir` and `mediaDir` are skipped when they do not exist. */
/** Where the server-rendered pages take their answers, and their content version. */
export type PageSources = Omit<PageRoutesOptions, 'distDir' | 'profile'>;

/** What a site's server is built from. */
export interface AppOptions {
  db: Database;
  distDir?: string;
  mediaDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** The process's own logger (server/telemetry/log.ts), used instead of `logger`: one JSON log for the lifecycle and the requests. */
  loggerInstance?: FastifyBaseLogger;
  /**
   * Where the server-rendered pages take their answers; default: this app's own API, in process.
   * A function is given those default sources to adapt (a benchmark's version, a test's failing call).
   */
  pages?: PageSources | ((own: PageSources) => PageSources);
  /** The clock the API reads today from (the agenda's upcoming and past); tests give a fixed one. */
  now?: () => number;
  /** How long the content version read from the database is trusted without a notification. */
  versionTtlMs?: number;
  /** Which proxies' `X-Forwarded-Proto`/`-Host` to believe, so absolute links (`next`, canonical) carry the visitor's scheme and host. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Origins whose pages may read the API and the feeds (`CORS_ORIGINS`); none by default. */
  corsOrigins?: readonly string[];
  /** Origins whose pages may use the content API from a browser (CORS); none by default. */
  contentWriteOrigins?: readonly string[];
  /** The site's public address (`PUBLIC_ORIGIN`): where every absolute link starts; see server/http/public-origin.ts for the fallback. */
  publicOrigin?: string | undefined;
  /** The only hosts a trusted proxy may name (`PUBLIC_HOSTS`); empty: any host. */
  publicHosts?: readonly string[];
  /**
   * How much uncached work one client may ask for (`FAIR_USE_MAX` in `FAIR_USE_WINDOW_SECONDS`, which
   * `npm run serve` always sets, by default `DEFAULT_FAIR_USE`); cached answers never count. Unset: no limit.
   */
  fairUseLimits?: FairUseLimits | null;
  /** Where the cart's orders go (`ORDER_EMAIL`), over the profile's `contact.email.orders`; unset: the profile's. */
  orderEmail?: string | undefined;
  /** Who the open-data catalogue names (`PUBLISHER_*`), each field set over the profile's `openData.publisher`. */
  publisher?: PublisherOverrides;
  /** The institution's site profile (`SITE_PROFILE`), checked; default: the demo's (`defaultSiteProfile`, read once per process). */
  profile?: SiteProfile;
  /** Whether the process is draining (a signal came): `/readyz` then says not ready. */
  draining?: () => boolean;
  /** How a request's log line gives the visitor's address (`LOG_ADDRESSES`): shortened by default. */
  logAddresses?: LogAddresses;
  /** Who may read `/metrics` and where its figures come from (`METRICS_ADDRESSES`); loopback by default; `null`: no `/metrics`, and requests not counted. */
  metrics?: Omit<MetricsOptions, 'ignore'> | null;
}

/** Cache policy of API answers: short, since content can change at any import. */
export const API_CACHE_CONTROL = ANSWER_CACHE_CONTROL;

/**
 * Builds the site's server (not yet listening): `/api`, `/media/…` from `mediaDir` and
 * the built site from `distDir`. Call `listen({ port: 0 })` or `inject()` on the result.
 */
export const buildApp = ({
  db: store,
  distDir,
  mediaDir,
  logger = false,
  loggerInstance,
  pages,
  now = Date.now,
  versionTtlMs = 1_000,
  trustProxy = false,
  corsOrigins = [],
  contentWriteOrigins = [],
  publicOrigin,
  publicHosts = [],
  fairUseLimits = null,
  orderEmail,
  publisher,
  draining = () => false,
  logAddresses = 'short',
  profile = defaultSiteProfile(),
  metrics = { addresses: DEFAULT_METRICS_ADDRESSES },
}: AppOptions): FastifyInstance => {
  // One content version for the API's answers and the pages, forgotten at once when an import
  // anywhere on this database announces itself; without the notification, within `versionTtlMs`.
  // The version skips the queue: every cached answer reads it, and must not wait behind uncached work.
  const version = contentVersionReader(store, versionTtlMs);
  // Uncached database work, bounded: a flood gets 503s (DatabaseBusyError) rather than an endless line.
  const db = queuedDatabase(store);
  // Each answer not kept counts against its client's fair use (`limiter` is made with the app, below).
  const answers = answerCache({
    version: version.read,
    versionOfRoute: (route) => version.readFor(groupsOfApiRoute(route)),
    now,
    cacheControl: API_CACHE_CONTROL,
    uncached: (request, reply) => limiter.uncached(request, reply),
  });
  // The pages ask this very app for their answers (`app` is built below; it answers once listening or injected).
  const own = (): PageSources =>
    databasePages(
      (path, headers) =>
        app.inject({ method: 'GET', url: path, headers: { ...headers, ...limiter.ownHeaders } }).then(({ statusCode, body }) => ({ statusCode, body })),
      version,
      now,
    );
  const sources = typeof pages === 'function' ? pages(own()) : (pages ?? own());
  // What the feeds, files and API say of the institution: the profile's agenda, news scope, authority and names.
  const site = siteIdentityOf(profile);
  // Set once the pages are registered: what a visitor's browser asks for gets a page, not JSON.
  let errorPage: ErrorPage | null = null;
  const wantsPage = (request: FastifyRequest): boolean => errorPage !== null && !request.url.startsWith('/api/') && request.method === 'GET';

  const app = Fastify({
    // A request's line holds the visitor's address shortened (server/service/request-log.ts), whatever the level.
    ...(loggerInstance !== undefined
      ? { loggerInstance: loggerInstance.child({}, { serializers: requestLogSerializers(logAddresses) }) }
      : { logger: logger === false ? false : { ...(logger === true ? {} : logger), serializers: requestLogSerializers(logAddresses) } }),
    // Each request's id: the trusted proxy's `X-Request-Id`, or a new one; sent back on every answer.
    genReqId: requestIdGenerator(trustProxy),
    trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // An address the router cannot read (`%E0%A4%A`): the API answers its usual JSON body, a page address the 400 page.
    frameworkErrors: (error, request, frameworkReply) => {
      // The framework's reply is typed for any route; this one answers as the plain reply it is.
      const reply = frameworkReply as unknown as FastifyReply;
      // Sent without the hooks: the CORS headers and the request's id are set here.
      rules.crossOrigin(request, reply);
      reply.header(REQUEST_ID_HEADER, request.id);
      if (errorPage !== null && wantsPage(request)) {
        errorPage(request, reply, 400);
        return;
      }
      const status = error.statusCode ?? 400;
      reply
        .code(status)
        .header('cache-control', 'no-store')
        // The body Fastify's own handler gives.
        .send({ error: 'Bad Request', code: error.code, message: error.message, statusCode: status });
    },
    // Unknown query parameters are errors, not silently dropped; `?a=1` fills a list.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
    schemaErrorFormatter: (errors, dataVar) => new Error(errors.map((e) => ajvMessage(e, dataVar)).join(', ')),
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // Before any route, so that its hooks (the query check, CORS, Permissions-Policy) reach every one.
  const rules = registerHttpRules(app, { corsOrigins });
  registerAcceptEncoding(app);
  const limiter = fairUse(app, fairUseLimits);
  // Before the routes, so that its counting reaches every one; the pages' own in-process requests are not visits.
  if (metrics !== null) registerMetrics(app, { ...metrics, ignore: limiter.isOwn });
  const origins = linkOrigins({ publicOrigin, trustProxy, publicHosts });
  // A proxy that passes a client's X-Forwarded-Host on (not the documented one) would put any host into shared answers.
  if (trustProxy !== false && publicOrigin === undefined && publicHosts.length === 0) {
    app.log.warn('TRUST_PROXY is set without PUBLIC_ORIGIN or PUBLIC_HOSTS: links carry any host the proxy names; set PUBLIC_ORIGIN in production');
  }

  const apiOrigins = sources.apiBase ? [new URL(sources.apiBase).origin] : [];
  // The pages' only inline styles are the built sheets they inline and the profile's colours, each allowed by its hash.
  const inlineStyles = distDir !== undefined && existsSync(distDir) ? [...inlineStyleSources(distDir), styleSource(colourRule(profile.settings.colours))] : [];
  registerSecurityHeaders(app, {
    // Sent by the HTTP rules, only on answers that travelled over https.
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Pages that inline the same sheet share its hash: each once.
        'style-src': ["'self'", ...new Set(inlineStyles)],
        // The site ships no font: the visitor's own are used.
        'font-src': ["'self'"],
        'report-uri': [CSP_REPORT_PATH],
        // Pages rendered from another API (SITE_API_BASE) call it from the browser after the first screen, and show its images.
        'connect-src': ["'self'", ...apiOrigins],
        'img-src': ["'self'", 'data:', ...apiOrigins],
        // The site may be served over plain http on a LAN; upgrading would break it there.
        'upgrade-insecure-requests': null,
      },
    },
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The database down, restarting or its queue full: the client may ask again, and is told when.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
      if (errorPage !== null && wantsPage(request)) return errorPage(request, reply, 503);
      return reply.code(503).send(errorBody(503, 'Service Unavailable', `the database cannot answer now: try again in ${DATABASE_RETRY_AFTER_SECONDS} s`));
    }
    // Every input is decoded before any SQL: whatever else fails is a defect, logged, and a plain 500.
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (errorPage !== null && wantsPage(request) && (status === 400 || status === 500)) {
      if (status === 500) request.log.error({ err: error }, 'page failed');
      return errorPage(request, reply, status);
    }
    if (status === 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(500)
        .header('cache-control', 'no-store')
        .send(errorBody(500, 'Internal Server Error', 'the server could not answer'));
    }
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .send(errorBody(status, STATUS_CODES[status] ?? 'Error', error.message));
  });

  app.setNotFoundHandler(
    (request, reply) =>
      (request.method !== 'GET' && request.method !== 'HEAD' ? rules.otherMethod(request, reply) : null) ??
      (errorPage !== null && wantsPage(request)
        ? errorPage(request, reply, 404)
        : reply
            .code(404)
            .header('cache-control', 'no-store')
            .send(errorBody(404, 'Not Found', `Route ${request.method}:${request.url.split('?')[0]} not found`))),
  );

  let unlisten: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    try {
      unlisten = await db.listen(CONTENT_CHANNEL, () => {
        // Read beside the requests: those meanwhile keep the versions known, as if the notification came a moment later.
        version.refresh().catch(() => undefined);
      });
    } catch (error) {
      app.log.warn({ err: error }, 'no content notifications: an import shows within the version TTL');
    }
  });
  app.addHook('onClose', async () => {
    await unlisten?.().catch(() => undefined);
  });

  // With a built site the pages are the server's, the API's reference page among them.
  const rendersPages = distDir !== undefined && existsSync(distDir);
  app.register(async (api) => {
    // Every route's answer comes from the answer cache, already tagged (and revalidated there:
    // @fastify/etag would also answer 304 to a 404, which RFC 9110 §13.2.1 forbids) and already
    // compressed, so the compression below leaves it alone and only serves the rest (a long 400).
    await api.register(fastifyCompress, {
      encodings: ['br', 'gzip'],
      threshold: ANSWER_COMPRESS_THRESHOLD,
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: ANSWER_BROTLI_QUALITY } },
    });
    registerApiRoutes(api, db, apiRoutesOf(profile.settings.sections), site, now, answers, origins);
    // The API's own description (OpenAPI 3.1) and its reference page.
    registerApiDescription(api, API_CACHE_CONTROL, { barePage: !rendersPages, profile });
  });

  const guard = writeGuard(store);
  // The content API: one item written at a time with a token, the content exported, the import file's schema.
  registerContentRoutes(app, db, {
    authorize: (request, reply) => guard.check(request, reply),
    writeOrigins: contentWriteOrigins,
    schema: contentSchemaText,
    now,
    written: () => version.refresh(),
  });
  // Liveness and readiness, for a service manager, a container's health check or a load balancer.
  registerHealthRoutes(app, { db: store, draining });
  registerSeoRoutes(app, db, { version: version.read, site, origins, uncached: limiter.uncached, expensive: limiter.expensive });
  // A section the profile switches off has no route at all: no feed, file or export of it.
  const { sections } = profile.settings;
  // The calendar and news feeds: always this database's, whatever the pages are rendered from.
  registerFeedRoutes(app, db, { version: version.read, site, now, origins, uncached: limiter.uncached });
  // The directory as CSV and vCards, read where the pages read it (this database or SITE_API_BASE).
  if (sections.directory)
    registerExportRoutes(app, { answers: sources.answers, version: sources.version, now, uncached: limiter.uncached, languages: site.languages });
  // Open data: the agenda, news and publications as CSV, streamed from this database, and the DCAT-AP CH catalogue of every dataset.
  if (sections.openData) {
    registerCsvRoutes(app, db, { version: version.read, site, now, uncached: limiter.uncached });
    registerCatalogueRoutes(app, db, { version: version.read, origins, publisher: publisherOf(profile.settings, publisher), profile });
  }
  // The agenda's calendar files (an event, a list as its page shows it), read where the pages read the agenda.
  if (sections.agenda)
    registerCalendarRoutes(app, {
      answers: sources.answers,
      version: sources.version,
      now,
      authority: site.authority,
      language: site.languages.root,
      uncached: limiter.uncached,
    });

  if (mediaDir !== undefined && existsSync(mediaDir)) {
    app.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      // Media paths carry the generation number, so a file never changes under its name.
      maxAge: '365d',
      immutable: true,
      // The plugin reads If-Modified-Since with Date.parse (`3000` is a date to it): no Last-Modified, so revalidation goes by ETag.
      lastModified: false,
      // The pictures of the answers are shown by widgets on the institution's other sites (CORS_ORIGINS):
      // helmet's default `same-origin` resource policy would make the browser refuse them there.
      setHeaders: (reply) => {
        reply.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  }

  if (rendersPages) {
    const pagesOff = (Object.keys(PAGE_PATHS) as SitePage[]).filter((page) => page !== 'home' && !pageIsOn(sections, page)).map((page) => PAGE_PATHS[page]);
    errorPage = registerPageRoutes(app, {
      distDir,
      ...sources,
      now,
      origins,
      uncached: limiter.uncached,
      expensive: limiter.expensive,
      // The cart's container names the override, else the profile's office.
      orderEmail: orderEmail ?? profile.settings.contact.email.orders,
      profile,
    });
    registerKeptAssets(app, distDir);
    app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      preCompressed: true,
      // The compressed copies are their file's encodings, chosen by Accept-Encoding, never files of their own.
      // Nor are the built pages of a section off (`/boutique/`): the page routes render the others, and theirs would be served as they were built.
      allowedPath: (path) => !/\.(br|gz)$/i.test(path) && !pagesOff.some((prefix) => path.startsWith(prefix)),
      redirect: true,
      cacheControl: false,
      // As for the media: revalidation by ETag, If-Modified-Since being read loosely by the plugin.
      lastModified: false,
      setHeaders: (reply, path) => {
        const file = path.replace(/\.(br|gz)$/, '');
        if (file.endsWith('.html')) reply.header('cache-control', 'no-cache');
        else if (HASHED_ASSET.test(file)) reply.header('cache-control', IMMUTABLE_CACHE_CONTROL);
        else reply.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  return app;
};
