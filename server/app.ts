import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyEtag from '@fastify/etag';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { ajvMessage } from './api-answers';
import type { Database } from './db';
import { databasePages } from './render/page-sources';
import { registerPageRoutes, type ErrorPage, type PageRoutesOptions } from './render/page-routes';
import { registerAgendaRoutes } from './routes/agenda-routes';
import { registerContactRoutes } from './routes/contacts-routes';
import { registerNewsRoutes } from './routes/news-routes';
import { errorBody } from './routes/query-schemas';
import { registerSeoRoutes } from './routes/seo-routes';
import { registerShopRoutes } from './routes/shop-routes';

/** What the server is built from; `distDir` and `mediaDir` are skipped when they do not exist. */
export interface AppOptions {
  db: Database;
  distDir?: string;
  mediaDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Where the server-rendered pages take their answers; default: this database. */
  pages?: Omit<PageRoutesOptions, 'distDir'>;
}

/** Cache policy of API answers: short, since content can change at any import. */
export const API_CACHE_CONTROL = 'public, max-age=60';

// Parcel names bundles `name.<8+ hex>.ext`: their content never changes under a name.
const HASHED_ASSET = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;


/**
 * Builds the site's server (not yet listening): `/api`, `/media/…` from `mediaDir` and
 * the built site from `distDir`. Call `listen({ port: 0 })` or `inject()` on the result.
 */
export const buildApp = ({ db, distDir, mediaDir, logger = false, pages = databasePages(db) }: AppOptions): FastifyInstance => {
  // Set once the pages are registered: what a visitor's browser asks for gets a page, not JSON.
  let errorPage: ErrorPage | null = null;
  const wantsPage = (request: FastifyRequest): boolean => errorPage !== null && !request.url.startsWith('/api/') && request.method === 'GET';

  const app = Fastify({
    logger,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // An address the router cannot read (`%E0%A4%A`): the API answers its usual JSON body, a page address the 400 page.
    frameworkErrors: (error, request, frameworkReply) => {
      // The framework's reply is typed for any route; this one answers as the plain reply it is.
      const reply = frameworkReply as unknown as FastifyReply;
      if (errorPage !== null && wantsPage(request)) return errorPage(request, reply, 400);
      const status = error.statusCode ?? 400;
      return reply
        .code(status)
        .header('cache-control', 'no-store')
        // The body Fastify's own handler gives, which answerApiPath gives too.
        .send({ error: 'Bad Request', code: error.code, message: error.message, statusCode: status });
    },
    // Unknown query parameters are errors, not silently dropped; `?a=1` fills a list.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
    schemaErrorFormatter: (errors, dataVar) => new Error(errors.map((e) => ajvMessage(e, dataVar)).join(', ')),
  });

  const apiOrigins = pages.apiBase ? [new URL(pages.apiBase).origin] : [];
  app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Pages rendered from another API (SITE_API_BASE) call it from the browser after the first screen, and show its images.
        'connect-src': ["'self'", ...apiOrigins],
        'img-src': ["'self'", 'data:', ...apiOrigins],
        // The site may be served over plain http on a LAN; upgrading would break it there.
        'upgrade-insecure-requests': null,
      },
    },
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (errorPage !== null && wantsPage(request) && (status === 400 || status === 500)) {
      if (status === 500) request.log.error({ err: error }, 'page failed');
      return errorPage(request, reply, status);
    }
    if (status === 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).header('cache-control', 'no-store').send(errorBody(500, 'Internal Server Error', 'the server could not answer'));
    }
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .send(errorBody(status, STATUS_CODES[status] ?? 'Error', error.message));
  });

  app.setNotFoundHandler((request, reply) =>
    errorPage !== null && wantsPage(request)
      ? errorPage(request, reply, 404)
      : reply
      .code(404)
      .header('cache-control', 'no-store')
      .send(errorBody(404, 'Not Found', `Route ${request.method}:${request.url.split('?')[0]} not found`)),
  );

  app.register(async (api) => {
    await api.register(fastifyEtag);
    // After the ETag hook: the tag names the content, whatever encoding carries it. The
    // directory's or the agenda's whole list is 100 KB and more of JSON, a tenth of that
    // compressed, which on a slow mobile link is most of the wait before the page can show it.
    // Brotli at quality 5 compresses about as fast as gzip's default and some 15 % smaller.
    await api.register(fastifyCompress, {
      encodings: ['br', 'gzip'],
      threshold: 1024,
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
    });
    api.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode === 200 && !reply.hasHeader('cache-control')) reply.header('cache-control', API_CACHE_CONTROL);
      return payload;
    });
    registerAgendaRoutes(api, db);
    registerContactRoutes(api, db);
    registerNewsRoutes(api, db);
    registerShopRoutes(api, db);
  });

  registerSeoRoutes(app, db);

  if (mediaDir !== undefined && existsSync(mediaDir)) {
    app.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      // Media paths carry the generation number, so a file never changes under its name.
      maxAge: '365d',
      immutable: true,
    });
  }

  if (distDir !== undefined && existsSync(distDir)) {
    errorPage = registerPageRoutes(app, { distDir, ...pages });
    app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      preCompressed: true,
      redirect: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        const file = path.replace(/\.(br|gz)$/, '');
        if (file.endsWith('.html')) reply.header('cache-control', 'no-cache');
        else if (HASHED_ASSET.test(file)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  return app;
};

