import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './query-schemas';
import { redirectWithinSite, registerRedirectGuard } from './redirects';

/**
 * The rules of HTTP every route keeps whatever it serves: cross-origin reads of the API and the
 * feeds (CORS) for the origins the operator allows, `405` with `Allow` for a method no route
 * takes at an address that has a GET route, `400` for a query whose percent-encoding does
 * not decode, and redirects that never leave the site (server/http/redirects.ts).
 */

/** How long a browser may keep a preflight's answer (seconds): the allowed origins change only at a restart. */
export const CORS_MAX_AGE_SECONDS = 600;

/** What a cross-origin page may do: read, never write. */
export const CORS_METHODS = 'GET, HEAD';

/** The request headers a widget's script may set on a cross-origin call. */
export const CORS_REQUEST_HEADERS = 'Accept';

/** The answer headers a cross-origin script may read: the next page of a plain list, and how long to wait after a 503. */
export const CORS_EXPOSED_HEADERS = 'Link, Retry-After';

/** The browser features the site never uses, refused to its pages and to anything they could embed. */
export const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** Strict-Transport-Security, sent only on an answer that travelled over https: a year, subdomains included. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Where browsers send their reports of what the Content Security Policy blocked (`report-uri`). */
export const CSP_REPORT_PATH = '/csp-report';

/** The largest report body taken, of any type (413 beyond): a report is a few hundred bytes; more is not a browser's report. */
export const CSP_REPORT_BODY_LIMIT = 16 * 1024;

/** The one method the reports' address takes. */
export const CSP_REPORT_METHODS = 'POST';
// Reports logged a minute at most: a page that breaks the policy for every visitor, or a client
// posting reports in a loop, must not fill the log. The ones over are counted in the next line logged.
const CSP_REPORTS_LOGGED_A_MINUTE = 20;

/** What an address with a GET route allows. */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** The addresses other origins may read: the API and the feeds. */
export const isCrossOriginPath = (path: string): boolean => path.startsWith('/api/') || path.startsWith('/flux/');

/**
 * Why a request's query cannot be read (`?title=%E0%A4%A`, `?q=%zz`), or `null`. Fastify's parser
 * would pass such a value on undecoded; it is refused before any route reads it.
 */
export const queryEncodingProblem = (url: string): string | null => {
  const at = url.indexOf('?');
  if (at < 0) return null;
  for (const pair of url.slice(at + 1).split('&')) {
    try {
      decodeURIComponent(pair.replace(/\+/g, ' '));
    } catch {
      return 'querystring holds an invalid percent-encoding';
    }
  }
  return null;
};

/** An error the app's error handler answers with its status (and, for a page, the error page). */
export class HttpRuleError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

/** What the app's not-found handler asks: whether another method at this address is served, and the answer then. */
export interface HttpRules {
  /** Answers OPTIONS (204, and a CORS preflight) or a wrong method (405 with `Allow`) at an address with a GET route; `null` elsewhere. */
  otherMethod(request: FastifyRequest, reply: FastifyReply): FastifyReply | null;
  /** Sets the CORS headers of an answer sent without the hooks (Fastify's own errors for an address it cannot route). */
  crossOrigin(request: FastifyRequest, reply: FastifyReply): void;
}

const pathOf = (url: string): string => url.split('?')[0] ?? '/';

/** How many `Host` headers a request's raw header list holds. */
const hostHeaders = (raw: readonly string[]): number => raw.filter((name, index) => index % 2 === 0 && name.toLowerCase() === 'host').length;

/** The fields of a browser's CSP report worth a log line, each cut short: the report is the client's words. */
export const cspReportSummary = (body: unknown): Record<string, string> => {
  let parsed: unknown;
  try {
    parsed = typeof body === 'string' ? JSON.parse(body) : null;
  } catch {
    return { unreadable: 'not JSON' };
  }
  // `report-uri` sends `{"csp-report": {…}}`; the Reporting API a list of `{type, body: {…}}`.
  const first: unknown = Array.isArray(parsed) ? (parsed[0] as { body?: unknown } | undefined)?.body : (parsed as { 'csp-report'?: unknown } | null)?.['csp-report'];
  if (typeof first !== 'object' || first === null) return { unreadable: 'no report' };
  const summary: Record<string, string> = {};
  for (const [key, value] of Object.entries(first)) {
    if (
      [
        'document-uri',
        'documentURL',
        'blocked-uri',
        'blockedURL',
        'violated-directive',
        'effectiveDirective',
        'effective-directive',
        'source-file',
        'sourceFile',
        'line-number',
        'lineNumber',
      ].includes(key)
    ) {
      summary[key] = String(value).slice(0, 200);
    }
  }
  return summary;
};

/**
 * Registers the rules on `app`: the query check, the CORS headers of every answer under `/api/`
 * and `/flux/` (`Vary: Origin` always, so a shared cache keys on it), and returns what the
 * not-found handler needs, which asks the app's own router for an address's GET route.
 */
export const registerHttpRules = (app: FastifyInstance, { corsOrigins }: { corsOrigins: readonly string[] }): HttpRules => {
  const allowed = new Set(corsOrigins);
  // Fastify's own router answers, with the options the app gave it. Its `findRoute` is typed as
  // always finding a route, yet answers null for an address that no route serves.
  const getRoute = (path: string): { readonly params: Readonly<Record<string, string | undefined>> } | null => app.findRoute({ method: 'GET', url: path });
  // A wildcard (`/*`, `/media/*`) serves built files, never the API's or the feeds' addresses.
  const hasGetRoute = (url: string): boolean => {
    const path = pathOf(url);
    const route = getRoute(path);
    return route !== null && (!('*' in route.params) || !isCrossOriginPath(path));
  };
  const allowedOrigin = (request: FastifyRequest): string | null => {
    const origin = request.headers.origin;
    return typeof origin === 'string' && allowed.has(origin) && isCrossOriginPath(request.url) ? origin : null;
  };

  app.addHook('onRequest', async (request, reply) => {
    // Two Host headers: a proxy and the server could each believe another one (RFC 9112 §3.2: answer 400).
    if (hostHeaders(request.raw.rawHeaders) > 1) throw new HttpRuleError(400, 'the request carries more than one Host header');
    const problem = queryEncodingProblem(request.url);
    if (problem !== null) throw new HttpRuleError(400, problem);
    // The built pages' templates are not pages: their address names the page itself. What is left
    // of the address is the client's (`//evil.example/index.html`): it is followed only to a path of this site.
    const path = pathOf(request.url);
    if ((request.method === 'GET' || request.method === 'HEAD') && /(^|\/)index\.html$/.test(path)) {
      const query = request.url.slice(path.length);
      return redirectWithinSite(reply, `${path.slice(0, -'index.html'.length)}${query}`, 301);
    }
    return undefined;
  });
  registerRedirectGuard(app);

  app.register(async (reports) => {
    reports.addContentTypeParser(
      ['application/csp-report', 'application/reports+json', 'application/json'],
      { parseAs: 'string', bodyLimit: CSP_REPORT_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    // Only a POST takes a report: any other method, GET among them, is told so, not sent to the
    // built files (a 404 for GET, while the catch-all's GET made the other methods say "use GET").
    reports.route({
      method: reports.supportedMethods.filter((method) => method !== 'POST'),
      url: CSP_REPORT_PATH,
      handler: async (request, reply) =>
        reply
          .code(405)
          .header('allow', CSP_REPORT_METHODS)
          .header('cache-control', 'no-store')
          .send(errorBody(405, 'Method Not Allowed', `${request.method} is not allowed at ${CSP_REPORT_PATH}: use ${CSP_REPORT_METHODS}`)),
    });
    let minute = 0;
    let logged = 0;
    let dropped = 0;
    // The route's limit covers the body types Fastify parses itself (`text/plain`), which the parser's above does not.
    reports.post(CSP_REPORT_PATH, { bodyLimit: CSP_REPORT_BODY_LIMIT }, async (request, reply) => {
      const now = Math.floor(Date.now() / 60_000);
      if (now !== minute) {
        minute = now;
        logged = 0;
      }
      if (logged < CSP_REPORTS_LOGGED_A_MINUTE) {
        logged += 1;
        request.log.warn({ report: cspReportSummary(request.body), dropped }, 'content security policy report');
        dropped = 0;
      } else {
        dropped += 1;
      }
      return reply.code(204).header('cache-control', 'no-store').send();
    });
  });

  const crossOrigin = (request: FastifyRequest, reply: FastifyReply): void => {
    if (!isCrossOriginPath(request.url)) return;
    const vary = reply.getHeader('vary');
    const current = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
    if (!/(^|,\s*)origin(\s*,|$)/i.test(current)) reply.header('vary', current === '' ? 'Origin' : `${current}, Origin`);
    const origin = allowedOrigin(request);
    if (origin !== null) reply.header('access-control-allow-origin', origin).header('access-control-expose-headers', CORS_EXPOSED_HEADERS);
  };

  app.addHook('onSend', async (request, reply, payload) => {
    crossOrigin(request, reply);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // Over plain http a browser ignores it, and a site on a LAN without TLS must stay reachable.
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    return payload;
  });

  return {
    crossOrigin,
    otherMethod: (request, reply) => {
      if (!hasGetRoute(request.url)) return null;
      if (request.method === 'OPTIONS') {
        reply.code(204).header('allow', ALLOWED_METHODS).header('cache-control', 'no-store');
        const origin = allowedOrigin(request);
        const asked = request.headers['access-control-request-method'];
        if (origin !== null && typeof asked === 'string' && ['GET', 'HEAD'].includes(asked.toUpperCase())) {
          reply
            .header('access-control-allow-methods', CORS_METHODS)
            .header('access-control-allow-headers', CORS_REQUEST_HEADERS)
            .header('access-control-max-age', String(CORS_MAX_AGE_SECONDS));
        }
        return reply.send();
      }
      return reply
        .code(405)
        .header('allow', ALLOWED_METHODS)
        .header('cache-control', 'no-store')
        .send(errorBody(405, 'Method Not Allowed', `${request.method} is not allowed at ${pathOf(request.url)}: use ${ALLOWED_METHODS}`));
    },
  };
};
