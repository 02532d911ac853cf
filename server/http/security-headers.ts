import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet writes for `options`: they depend on nothing of the request, so they are computed once. */
export const securityHeaders = (options: Readonly<HelmetOptions>): (readonly [string, string])[] => {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  const outcome: { done: boolean; error?: unknown } = { done: false };
  helmet(options)(request, response, (error?: unknown) => {
    outcome.done = true;
    outcome.error = error;
  });
  if (outcome.error !== undefined && outcome.error !== null) throw new Error('helmet refused the options', { cause: outcome.error });
  // helmet calls back at once unless a directive is a function of the request, which these options never hold.
  if (!outcome.done) throw new Error('helmet did not write its headers at once: a directive depends on the request');
  return Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)] as const);
};

/**
 * Sets helmet's headers on every answer, before any route, as the route may still change one (the
 * pictures' resource policy). Per request, `@fastify/helmet` built helmet again from its options and
 * parsed every directive: under load that was a tenth of the main thread and much of its garbage.
 */
export const registerSecurityHeaders = (app: FastifyInstance, options: Readonly<HelmetOptions>): void => {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
};
