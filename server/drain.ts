import type { IncomingMessage } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './http/query-schemas';
import { DRAIN_GRACE_MS } from './lifecycle';

/**
 * A server's last seconds: on a signal it stops taking work, answers the requests it has
 * accepted, then closes, instead of resetting the connections it holds.
 */

/** What a request refused during the drain is told (`Retry-After`, seconds): a restart of the server takes a few seconds. */
export const DRAIN_RETRY_AFTER_SECONDS = 5;

// The kernel completes connections before the event loop takes them, and a loop busy with the
// database takes one per request it runs: a connection taken this soon after the signal was most
// likely sent before it, and its request is answered; a later one gets 503 at once, which empties
// the kernel's queue quickly.
const ACCEPT_SERVE_MS = 3_000;
// Closing the port while connections wait in the kernel's queue resets them: it closes once no
// connection has come for this long and every connection taken has sent its request…
const ACCEPT_QUIET_MS = 100;
// …or after this, under a load that never pauses.
const ACCEPT_DRAIN_MAX_MS = 5_000;
// A connection taken that has still sent nothing this long after, its bytes read, is idle for real
// (a browser's preconnect): it is closed, as is a kept-alive one between requests, not waited for.
const SILENT_WAIT_MS = 1_000;

/** What a drain did: requests answered while it ran, requests refused with 503, and whether all ended within the grace. */
export interface DrainReport {
  readonly answered: number;
  readonly refused: number;
  readonly inTime: boolean;
}

/** A server that can be drained: `drain()` runs once, the later calls share its result. */
export interface Drainable {
  readonly drain: () => Promise<DrainReport>;
}

interface Connection {
  readonly acceptedAt: number;
  requests: number;
  running: number;
}

const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));
// One turn of the event loop's poll phase: what the kernel holds for the server is read by then.
const pollOnce = (): Promise<void> => new Promise((done) => setImmediate(done));

/**
 * Makes `app` drainable; call it before `listen`. During the drain the first request of a
 * connection taken before the signal or soon after it is answered; a further request on a
 * kept-alive connection, or one on a connection taken late, gets 503 with `Retry-After`. Every
 * answer of the drain closes its connection; an idle one (kept alive between requests, or silent a
 * second after it was taken) is closed at once. Once the kernel's queue is empty the port closes
 * and `app.close()` waits for those answers, within `graceMs`.
 */
export const drainable = (app: FastifyInstance, graceMs = DRAIN_GRACE_MS): Drainable => {
  const connections = new Map<Socket, Connection>();
  // Connections taken that have not sent a request yet: closing now would reset them.
  const silent = new Set<Socket>();
  const refused = new WeakSet<IncomingMessage>();
  let drainStart: number | null = null;
  let portClosed = false;
  let lastConnectionAt = 0;
  let inFlight = 0;
  let answered = 0;
  let refusedCount = 0;
  let result: Promise<DrainReport> | null = null;

  app.server.on('connection', (socket: Socket) => {
    lastConnectionAt = Date.now();
    connections.set(socket, { acceptedAt: lastConnectionAt, requests: 0, running: 0 });
    silent.add(socket);
    socket.once('close', () => {
      silent.delete(socket);
      connections.delete(socket);
    });
  });
  // First of the `request` listeners: the decision is taken before Fastify routes the request.
  app.server.prependListener('request', (request: IncomingMessage, response) => {
    silent.delete(request.socket);
    const connection = connections.get(request.socket);
    if (connection !== undefined) {
      connection.requests += 1;
      connection.running += 1;
    }
    if (drainStart !== null && (connection === undefined || connection.requests > 1 || connection.acceptedAt > drainStart + ACCEPT_SERVE_MS)) {
      refused.add(request);
    }
    inFlight += 1;
    response.once('close', () => {
      inFlight -= 1;
      if (connection !== undefined) connection.running -= 1;
      if (drainStart === null) return;
      if (refused.has(request)) refusedCount += 1;
      else answered += 1;
      // Once the port is closed, a connection kept alive by an answer begun before the drain is
      // idle now: it goes (http closes the idle ones once only, when the server closes).
      if (portClosed) setImmediate(() => app.server.closeIdleConnections());
    });
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!refused.has(request.raw)) return;
    await reply
      .code(503)
      .header('retry-after', String(DRAIN_RETRY_AFTER_SECONDS))
      .header('cache-control', 'no-store')
      .header('connection', 'close')
      .send(errorBody(503, 'Service Unavailable', `the server is restarting: try again in ${DRAIN_RETRY_AFTER_SECONDS} s`));
  });
  app.addHook('onSend', async (_request, reply) => {
    if (drainStart !== null) reply.header('connection', 'close');
  });

  // Called once the loop has read what the kernel holds: a request sent is under way by then.
  const closeIdle = (): void => {
    const now = Date.now();
    for (const [socket, connection] of connections) {
      if (connection.running > 0) continue;
      if (connection.requests > 0 || now - connection.acceptedAt >= SILENT_WAIT_MS) socket.destroy();
    }
  };

  const run = async (): Promise<DrainReport> => {
    const started = Date.now();
    drainStart = started;
    await pollOnce();
    closeIdle();
    for (;;) {
      const quietFrom = Date.now();
      await wait(ACCEPT_QUIET_MS);
      await pollOnce();
      closeIdle();
      if ((lastConnectionAt < quietFrom && silent.size === 0) || Date.now() - started >= ACCEPT_DRAIN_MAX_MS) break;
    }
    // Stop taking connections, but unlike http.Server#close keep those taken whose request has not
    // been read yet (http's close counts them idle and resets them): they are answered first.
    NetServer.prototype.close.call(app.server);
    portClosed = true;
    const closedAt = Date.now();
    while (silent.size > 0 && Date.now() - closedAt < SILENT_WAIT_MS) {
      await wait(10);
      await pollOnce();
      closeIdle();
    }
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<false>((done) => {
      timer = setTimeout(() => done(false), Math.max(0, graceMs - (Date.now() - started)));
    });
    // Fastify stops listening, closes the idle connections and resolves once the others end.
    const inTime = await Promise.race([app.close().then(() => true as const), graceOver]);
    clearTimeout(timer);
    return { answered, refused: refusedCount, inTime: inTime && inFlight === 0 };
  };

  return {
    drain: () => {
      result ??= run();
      return result;
    },
  };
};
