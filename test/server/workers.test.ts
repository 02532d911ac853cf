import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { openPostgres } from '../../server/data/db';
import {
  ensureServerBuilt,
  getOnce,
  logText,
  privateSchema,
  runSeed,
  seededDataDir,
  SERVER_MAIN,
  SERVER_NODE_FLAGS,
  waitFor as waitForValue,
  type Outcome,
} from '../support/server-child';
import { testBackend } from '../support/test-database';

jest.setTimeout(120_000);

/** A server started as `npm run serve` starts it, with its output (stdout and stderr) as it comes. */
interface Server {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

let server: Server | null = null;
let dataDir = '';

afterEach(() => {
  // A failed test must not leave its server behind; only the primary we started is signalled.
  if (server !== null && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  server = null;
  if (dataDir !== '') rmSync(dataDir, { recursive: true, force: true });
  dataDir = '';
});

const start = (env: Record<string, string>): Server => {
  let output = '';
  ensureServerBuilt();
  // The compiled server, as `npm run serve` runs it: the workers run the same file again.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_MAIN], {
    cwd: resolve(__dirname, '../..'),
    // Port 0: every worker of a cluster shares the one port the primary was given for it.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DIST_DIR: 'none', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => output, exited };
};

// The shared poll, failing with this test's server output.
const waitFor = <T>(what: string, found: () => T | null): Promise<T> => waitForValue(what, found, server ?? undefined, 60_000);

/** The `listening on …` lines so far: the port, and the worker's pid when it is one. */
const listening = (output: string): { port: number; worker: number | null }[] =>
  [...logText(output).matchAll(/^listening on http:\/\/127\.0\.0\.1:(\d+) \((\w+)(?:, worker (\d+))?/gm)].map((line) => ({
    port: Number(line[1]),
    worker: line[3] === undefined ? null : Number(line[3]),
  }));

/** GET over a new connection each time, as many visitors would: the cluster spreads connections. */
const get = (port: number, path: string): Promise<number> =>
  new Promise((done, fail) => {
    const call = request({ host: '127.0.0.1', port, path, agent: false, headers: { connection: 'close' } }, (response) => {
      response.resume();
      response.on('end', () => done(response.statusCode ?? 0));
    });
    call.on('error', fail);
    call.end();
  });

/** The pids that logged a request (Fastify's log lines carry the process's pid). */
const answeredBy = (output: string): Set<number> => new Set([...output.matchAll(/^\{.*"pid":(\d+).*"msg":"incoming request"/gm)].map((line) => Number(line[1])));

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const onPostgres = testBackend() === 'postgres';

it(
  onPostgres
    ? 'runs WORKERS=2 on PostgreSQL: both workers answer, a dead one is replaced, SIGTERM stops them all'
    : 'refuses WORKERS=2 on PGlite, saying so, and serves from its one process',
  async () => {
    // The test images, and on PGlite a copy of the seeded test database: the server starts in a second.
    dataDir = await seededDataDir();
    if (!onPostgres) {
      server = start({ WORKERS: '2', DATABASE_URL: '' });
      const [only] = await waitFor('the server to listen', () => (listening(server?.output() ?? '').length > 0 ? listening(server?.output() ?? '') : null));
      expect(server.output()).toContain('WORKERS=2 needs DATABASE_URL: PGlite keeps its data folder in one process, so one process serves');
      expect(only).toEqual({ port: expect.any(Number) as number, worker: null });
      for (let index = 0; index < 6; index += 1) expect(await get(only!.port, '/api/categories/agenda/')).toBe(200);
      expect(answeredBy(server.output())).toEqual(new Set([server.child.pid]));
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(listening(server.output())).toHaveLength(1);
      return;
    }

    // A schema of its own on the shared database, seeded as `npm start` seeds a new one; the server migrates it.
    const databaseUrl = process.env['DATABASE_URL'] ?? '';
    const schema = `workers_${process.pid}_${Date.now().toString(36)}`;
    const admin = await openPostgres(databaseUrl);
    await admin.query(`create schema ${schema}`);
    try {
      const url = `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      runSeed(['--if-empty'], { DATA_DIR: dataDir, DATABASE_URL: url });
      server = start({ WORKERS: '2', DATABASE_URL: url });
      const running = server;
      const first = await waitFor('two workers to listen', () => (listening(running.output()).length >= 2 ? listening(running.output()) : null));
      expect(running.output()).toContain('starting 2 workers on postgres');
      const port = first[0]!.port;
      const workers = first.map((line) => line.worker);
      expect(first.every((line) => line.port === port)).toBe(true);
      expect(new Set(workers).size).toBe(2);
      expect(workers).not.toContain(running.child.pid);

      for (let index = 0; index < 20; index += 1) expect(await get(port, '/api/categories/agenda/')).toBe(200);
      expect(answeredBy(running.output())).toEqual(new Set(workers));

      // A worker that dies is replaced; the port keeps answering meanwhile.
      const [dead, survivor] = workers as [number, number];
      process.kill(dead, 'SIGKILL');
      const replaced = await waitFor(
        'a new worker',
        () => listening(running.output()).find((line) => line.worker !== null && !workers.includes(line.worker)) ?? null,
      );
      expect(running.output()).toContain(`worker ${dead} died (SIGKILL): starting another`);
      for (let index = 0; index < 20; index += 1) expect(await get(port, '/api/contacts/')).toBe(200);
      expect([...answeredBy(running.output())].sort()).toEqual([dead, survivor, replaced.worker].sort());

      running.child.kill('SIGTERM');
      expect(await running.exited).toBe(0);
      expect(running.output()).toContain('SIGTERM: closing 2 workers');
      expect(running.output()).toContain(`SIGTERM: closing worker ${survivor}`);
      expect(alive(survivor) || alive(replaced.worker ?? 0)).toBe(false);
    } finally {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.close();
    }
  },
);

// Registered on PostgreSQL only (`npm run test:postgres`): WORKERS needs it.
if (onPostgres)
  it('a killed primary under WORKERS=2 stops its workers cleanly: each drains the requests it holds and exits, for the service manager to start the whole again', async () => {
    dataDir = await seededDataDir();
    const schema = await privateSchema('primary');
    try {
      server = start({ WORKERS: '2', DATABASE_URL: schema.url, LOG_LEVEL: 'warn' });
      const running = server;
      const workers = (await waitFor('two workers to listen', () => (listening(running.output()).length >= 2 ? listening(running.output()) : null))).map(
        (line) => line.worker ?? 0,
      );
      const port = listening(running.output())[0]!.port;

      // Visitors asking one after the other, each on a new connection, until the port is gone.
      const outcomes: Outcome[] = [];
      let stopped = false;
      const client = async (index: number): Promise<void> => {
        for (let step = 0; !stopped; step += 1) {
          const outcome = await getOnce(port, `/api/contacts/?title=${String.fromCharCode(97 + ((index + step) % 26))}&page_size=${1 + (step % 100)}`);
          outcomes.push(outcome);
          if (outcome.kind === 'error') return;
        }
      };
      const clients = Array.from({ length: 8 }, (_, index) => client(index));
      await waitFor('answers before the kill', () => (outcomes.filter((o) => o.kind === 'answer').length >= 40 ? true : null));

      running.child.kill('SIGKILL');
      await running.exited;
      await waitFor('the workers to exit', () => (workers.every((pid) => !alive(pid)) ? true : null));
      stopped = true;
      await Promise.all(clients);

      for (const pid of workers) {
        expect(running.output()).toContain(`primary gone: closing worker ${pid}`);
        expect(running.output()).toMatch(new RegExp(`drained worker ${pid}: \\d+ requests answered, \\d+ refused with 503`));
      }
      expect(running.output()).not.toMatch(/requests still running/);
      // An answer begun is an answer finished; a connection the dead primary held is refused or reset, never half answered.
      for (const outcome of outcomes) {
        if (outcome.kind === 'answer') expect(outcome).toMatchObject({ complete: true });
        else expect(['ECONNREFUSED', 'ECONNRESET']).toContain(outcome.code);
      }
    } finally {
      await schema.drop();
    }
  });
