import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpDurations, httpRequests, metricsRegistry, watchProcess } from '../telemetry/metrics';

/**
 * `/metrics`: the server's figures in Prometheus' text format, for a collector on the machine or
 * the operator's network (`METRICS_ADDRESSES`), never for visitors: any other address gets the
 * site's 404, as for an address that does not exist. Not cached, never counted by fair use,
 * logged only at warning.
 */

/** Where the figures are read. */
export const METRICS_PATH = '/metrics';

/** The addresses `/metrics` answers by default: the machine itself. */
export const DEFAULT_METRICS_ADDRESSES: readonly string[] = ['127.0.0.1', '::1'];

/** The figures as a collector reads them: the text and its media type. */
export interface MetricsText {
  readonly contentType: string;
  readonly text: string;
}

/** Who may read `/metrics`, and where its figures come from (this process's, or under `WORKERS` every process's). */
export interface MetricsOptions {
  /** Addresses and ranges (`10.0.0.0/8`, `loopback`) that may read the figures (`METRICS_ADDRESSES`). */
  readonly addresses: readonly string[];
  /** The figures to give; default: this process's registry. */
  readonly read?: () => Promise<MetricsText>;
  /** Requests not to count: the server's own, asked in process for a page whose request is counted already. */
  readonly ignore?: (request: FastifyRequest) => boolean;
}

/** This process's figures. */
export const processMetrics = async (): Promise<MetricsText> => ({ contentType: metricsRegistry.contentType, text: await metricsRegistry.metrics() });

// A request no route matched: one label, whatever address it asked for.
const UNMATCHED = 'unmatched';

/**
 * Counts every answer by route pattern and status, with its duration, and registers `/metrics`.
 * Call it before the routes: the counting hook then reaches every one.
 */
export const registerMetrics = (app: FastifyInstance, { addresses, read = processMetrics, ignore = () => false }: MetricsOptions): void => {
  watchProcess();
  const allowed = proxyAddr.compile([...addresses]);
  // One child per (route, status) met: a label set is hashed once, not at every answer.
  const counters = new Map<string, { inc: () => void }>();
  const timers = new Map<string, { observe: (seconds: number) => void }>();
  app.addHook('onResponse', (request, reply, done) => {
    if (!ignore(request)) {
      const route = request.routeOptions.url ?? UNMATCHED;
      const status = reply.statusCode;
      const key = `${status} ${route}`;
      let counter = counters.get(key);
      if (counter === undefined) {
        counter = httpRequests.labels(route, String(status));
        counters.set(key, counter);
      }
      counter.inc();
      let timer = timers.get(route);
      if (timer === undefined) {
        timer = httpDurations.labels(route);
        timers.set(route, timer);
      }
      timer.observe(reply.elapsedTime / 1000);
    }
    done();
  });
  app.get(METRICS_PATH, { logLevel: 'warn' }, async (request, reply) => {
    // The socket's peer and the client a trusted proxy names must both be allowed: a proxy on this
    // machine passing a visitor's request on would otherwise open the figures to everyone.
    const peer = request.socket.remoteAddress ?? '';
    if (!allowed(peer, 0) || !allowed(request.ip, 0)) {
      reply.callNotFound();
      return reply;
    }
    const { contentType, text } = await read();
    return reply.code(200).header('cache-control', 'no-store').type(contentType).send(text);
  });
};
