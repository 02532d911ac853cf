import { request, Agent } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import Fastify from 'fastify';
import { drainable } from '../../server/drain';
import { getOnce, listeningPort, privateSchema, removeDataDir, seededDataDir, startServer, type ChildRun, type Outcome } from '../support/server-child';
import { testBackend } from '../support/test-database';

jest.setTimeout(180_000);

// More requests than a busy event loop takes before the signal is handled: some wait in the kernel's queue.
const CONCURRENT = 120;

let server: ChildRun | null = null;
let dataDir = '';
let dropSchema: (() => Promise<void>) | null = null;

afterEach(async () => {
  // A failed test must not leave its server behind; only the process we started is signalled.
  if (server !== null && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  server = null;
  if (dataDir !== '') removeDataDir(dataDir);
  dataDir = '';
  await dropSchema?.();
  dropSchema = null;
});

const start = async (): Promise<{ run: ChildRun; port: number }> => {
  dataDir = await seededDataDir();
  const env: Record<string, string> = { DATABASE_URL: '' };
  if (testBackend() === 'postgres') {
    const schema = await privateSchema('drain');
    dropSchema = schema.drop;
    env['DATABASE_URL'] = schema.url;
  }
  const run = startServer(dataDir, env);
  server = run;
  return { run, port: await listeningPort(run) };
};

// Every search differs, so each one is database work, not an answer from the cache.
const searchPath = (index: number): string => `/api/contacts/?title=${String.fromCharCode(97 + (index % 26))}&page_size=${50 + (index % 51)}`;

const tally = (outcomes: readonly Outcome[]): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) {
    const key = outcome.kind === 'error' ? outcome.code : `${outcome.status}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

it(`answers every request it holds at SIGTERM (${CONCURRENT} at once), resets none, then exits 0`, async () => {
  const { run, port } = await start();
  // Warm: the first request of a process pays for its compilation.
  expect(await getOnce(port, '/api/contacts/')).toMatchObject({ kind: 'answer', status: 200 });

  const requests = Array.from({ length: CONCURRENT }, (_, index) => getOnce(port, searchPath(index)));
  // The first answer proves the requests are in the server's hands before the signal.
  await Promise.race(requests);
  run.child.kill('SIGTERM');
  const outcomes = await Promise.all(requests);

  expect(await run.exited).toBe(0);
  const counts = tally(outcomes);
  for (const outcome of outcomes) {
    expect(outcome.kind).toBe('answer');
    if (outcome.kind !== 'answer') continue;
    expect(outcome.complete).toBe(true);
    if (outcome.status === 503) expect(outcome.retryAfter).toMatch(/^[1-9]\d*$/);
    else expect(outcome.status).toBe(200);
  }
  // Most were sent before the signal and are answered in full, not refused.
  expect(counts['200'] ?? 0).toBeGreaterThan(CONCURRENT / 2);
  const drained = /drained: (\d+) requests answered, (\d+) refused with 503/.exec(run.output());
  expect(drained).not.toBeNull();
  // The drain's own refusals; a full database queue may add its 503s (with the same Retry-After).
  expect(Number(drained?.[2])).toBeLessThanOrEqual(counts['503'] ?? 0);
});

it('closes its port after the drain: a request after the exit is refused by the system, not half answered', async () => {
  const { run, port } = await start();
  expect(await getOnce(port, '/api/categories/contacts/')).toMatchObject({ kind: 'answer', status: 200 });
  run.child.kill('SIGINT');
  expect(await run.exited).toBe(0);
  expect(run.output()).toMatch(/SIGINT: closing/);
  expect(await getOnce(port, '/api/categories/contacts/')).toEqual({ kind: 'error', code: 'ECONNREFUSED' });
});

it('closes idle connections at SIGTERM at once, a preconnected one that never asked and a kept-alive one, and exits 0 with nothing running', async () => {
  const { run, port } = await start();
  // A browser's preconnect: a connection opened ahead of a request that never comes.
  const preconnect = connect(port, '127.0.0.1');
  await new Promise<void>((done) => preconnect.once('connect', () => done()));
  const preconnectClosed = new Promise<void>((done) => preconnect.once('close', () => done()));
  preconnect.on('error', () => undefined);
  // A connection kept alive after its answer, as browsers keep them.
  const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const answered = await new Promise<number>((done, fail) => {
      const call = request({ host: '127.0.0.1', port, path: '/api/categories/contacts/', agent: keepAlive }, (response) => {
        response.resume();
        response.on('end', () => done(response.statusCode ?? 0));
      });
      call.on('error', fail);
      call.end();
    });
    expect(answered).toBe(200);
    // Idle for a while before the signal, as a preconnect is.
    await new Promise((done) => setTimeout(done, 1_500));
    const signalled = Date.now();
    run.child.kill('SIGTERM');
    await preconnectClosed;
    expect(await run.exited).toBe(0);
    // The drain's quiet wait for the kernel's queue, not the 10 s grace.
    expect(Date.now() - signalled).toBeLessThan(3_000);
    expect(run.output()).toMatch(/drained: 0 requests answered, 0 refused with 503/);
    expect(run.output()).not.toMatch(/requests still running/);
  } finally {
    keepAlive.destroy();
    preconnect.destroy();
  }
});

describe('drainable, in one process', () => {
  // A route that answers when the test says so: a request under way for as long as needed.
  const gatedApp = () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((done) => (open = done));
    const app = Fastify();
    app.get('/slow', async () => {
      await gate;
      return { slow: true };
    });
    app.get('/fast', async () => ({ fast: true }));
    return { app, open };
  };

  const get = (port: number, path: string, agent: Agent | false) =>
    new Promise<{ status: number; retryAfter: string | undefined; connection: string | undefined }>((done, fail) => {
      const call = request({ host: '127.0.0.1', port, path, agent }, (response) => {
        response.resume();
        response.on('end', () => done({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'], connection: response.headers.connection }));
      });
      call.on('error', fail);
      call.end();
    });

  it('finishes the request under way, answers a connection that had sent nothing yet, closes an idle kept-alive connection at once', async () => {
    const { app, open } = gatedApp();
    const drain = drainable(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const kept = new Promise<void>((done) => app.server.once('connection', (socket: Socket) => socket.once('close', () => done())));
      expect(await get(port, '/fast', keepAlive)).toMatchObject({ status: 200, connection: 'keep-alive' });
      const slow = get(port, '/slow', false);
      // A client that connected before the signal and has not sent its request yet: the port stays open for it.
      const silent = connect(port, '127.0.0.1');
      await new Promise<void>((done) => silent.once('connect', () => done()));
      await new Promise((done) => setImmediate(done));
      const drained = drain.drain();

      // Between two requests at the signal: nothing of it is under way, nothing is waited for.
      await kept;
      const silentAnswer = new Promise<string>((done) => {
        let text = '';
        silent.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        silent.on('close', () => done(text));
      });
      silent.write('GET /fast HTTP/1.1\r\nHost: localhost\r\n\r\n');
      expect(await silentAnswer).toMatch(/^HTTP\/1\.1 200 [^]*connection: close[^]*\{"fast":true\}$/i);

      open();
      expect(await slow).toMatchObject({ status: 200 });
      expect(await drained).toEqual({ answered: 2, refused: 0, inTime: true });
      expect(app.server.listening).toBe(false);
    } finally {
      keepAlive.destroy();
      open();
      await app.close();
    }
  });

  it('reports the drain as late when a request outlasts the grace', async () => {
    const { app, open } = gatedApp();
    const drain = drainable(app, 300);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const slow = get(port, '/slow', false);
    await new Promise<void>((done) => app.server.once('request', () => done()));
    try {
      expect(await drain.drain()).toMatchObject({ inTime: false });
    } finally {
      open();
      await slow;
    }
  });
});
