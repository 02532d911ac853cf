import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { join } from 'node:path';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../server/data/database-errors';
import { freePort, getOnce, listeningPort, logText, removeDataDir, seededDataDir, startServer, waitFor, type ChildRun, type Outcome } from '../support/server-child';
import { testBackend } from '../support/test-database';

// The server against a PostgreSQL that is down at its start, then stopped and started under load.
// The faults are made on a PostgreSQL cluster of this file's own (initdb in a temporary folder,
// its own port), never on the shared one of DATABASE_URL, which other tests use meanwhile.

jest.setTimeout(240_000);

const retryLines = (output: string): number[] =>
  [...logText(output).matchAll(/^PostgreSQL not reachable \((\w+)\), try (\d+): trying again in [\d.]+ s$/gm)].map((line) => Number(line[2]));

it('started while its PostgreSQL does not answer, the server waits and tries again, saying so each time, instead of exiting', async () => {
  const dataDir = await seededDataDir();
  const port = await freePort();
  const run = startServer(dataDir, { DATABASE_URL: `postgres://site:site@127.0.0.1:${port}/site` });
  try {
    // The first tries come 1 s, then 2 s apart: two lines take about 3 s.
    await waitFor('two tries', () => (retryLines(run.output()).length >= 2 ? true : null), run);
    expect(retryLines(run.output()).slice(0, 2)).toEqual([1, 2]);
    expect(run.output()).toContain('PostgreSQL not reachable (ECONNREFUSED), try 1: trying again in 1 s');
    expect(run.output()).toContain('try 2: trying again in 2 s');
    expect(run.child.exitCode).toBeNull();
  } finally {
    run.child.kill('SIGKILL');
    await run.exited;
    removeDataDir(dataDir);
  }
});

// A PostgreSQL cluster of its own: root runs its programs as the `postgres` user, which PostgreSQL requires.
const privateCluster = async () => {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b)) : [];
  const newest = versions[versions.length - 1];
  const bin = (name: string): string => (newest === undefined ? name : join('/usr/lib/postgresql', newest, 'bin', name));
  const asRoot = process.getuid?.() === 0;
  const run = (name: string, args: readonly string[]): string =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', bin(name), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
      : execFileSync(bin(name), [...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const dir = mkdtempSync(join(tmpdir(), 'pg-faults-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'site', '--auth=trust', '--no-sync']);
  return {
    url: `postgres://site@127.0.0.1:${port}/postgres`,
    start: () => run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']),
    // `-m fast`: the sessions are ended at once, as a restart of PostgreSQL by its operator does.
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    remove: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

/**
 * Clients asking one after the other, each on new connections, until stopped: every outcome kept in
 * order. With `honourRetryAfter` a client told 503 waits as `Retry-After` says, as the widgets do.
 */
const load = (port: number, clients: number, honourRetryAfter = false) => {
  const outcomes: Outcome[] = [];
  let stopped = false;
  let wake: () => void = () => undefined;
  const stoppedSignal = new Promise<void>((done) => (wake = done));
  let index = 0;
  const client = async (): Promise<void> => {
    while (!stopped) {
      index += 1;
      // Mostly searches the cache has not seen (database work), with the cheap category list between.
      const path = index % 5 === 0 ? '/api/categories/contacts/' : `/api/contacts/?title=${String.fromCharCode(97 + (index % 26))}&page_size=${1 + (index % 100)}`;
      const outcome = await getOnce(port, path);
      outcomes.push(outcome);
      if (honourRetryAfter && outcome.kind === 'answer' && outcome.retryAfter !== undefined) {
        await Promise.race([stoppedSignal, new Promise((done) => setTimeout(done, Number(outcome.retryAfter) * 1000))]);
      }
    }
  };
  const running = Array.from({ length: clients }, client);
  return {
    outcomes,
    stop: async () => {
      stopped = true;
      wake();
      await Promise.all(running);
    },
  };
};

const isStatus = (outcome: Outcome | undefined, status: number): boolean => outcome?.kind === 'answer' && outcome.status === status;

// Registered on PostgreSQL only (`npm run test:postgres`): the cluster's programs come with it.
if (testBackend() === 'postgres')
  describe('on a PostgreSQL that goes away and comes back', () => {
    let cluster: Awaited<ReturnType<typeof privateCluster>> | null = null;
    let server: ChildRun | null = null;
    let dataDir = '';
    let port = 0;

    beforeAll(async () => {
      cluster = await privateCluster();
      dataDir = await seededDataDir();
    });

    afterAll(async () => {
      if (server !== null && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      cluster?.remove();
      if (dataDir !== '') removeDataDir(dataDir);
    });

    it('a server started before PostgreSQL waits for it, then migrates and serves (the seed is not its to run)', async () => {
      server = startServer(dataDir, { DATABASE_URL: cluster?.url ?? '' });
      const running = server;
      await waitFor('a try', () => (retryLines(running.output()).length >= 1 ? true : null), running);
      cluster?.start();
      port = await listeningPort(running);
      expect(running.output()).toMatch(/PostgreSQL reachable \(try \d+\)/);
      expect(logText(running.output())).toContain('empty database: run "npm run seed" for the demo content or "npm run import" for your own');
      expect(await getOnce(port, '/api/contacts/')).toMatchObject({ kind: 'answer', status: 200, complete: true });
    });

    it('a PostgreSQL that answers but refuses the connection (a database that does not exist) stops the start at once: no outage to wait for', async () => {
      const other = startServer(dataDir, { DATABASE_URL: (cluster?.url ?? '').replace(/\/postgres$/, '/no_such_database') });
      // A setting refused for good: exit 2, as a bad value of any variable is (test/server/settings.test.ts).
      expect(await other.exited).toBe(2);
      expect(retryLines(other.output())).toEqual([]);
      expect(logText(other.output()).trim()).toBe('PostgreSQL refuses DATABASE_URL: database "no_such_database" does not exist (3D000)');
    });

    it('a PostgreSQL restart under load costs only 503s with Retry-After: no reset, no crash, the same process serves after', async () => {
      const running = server;
      if (running === null || cluster === null) throw new Error('the server did not start');
      const pid = running.child.pid;
      const traffic = load(port, 16);
      await waitFor('answers before the stop', () => (traffic.outcomes.filter((o) => isStatus(o, 200)).length >= 20 ? true : null), running);

      cluster.stop();
      const stoppedAt = traffic.outcomes.length;
      await waitFor('503s while PostgreSQL is down', () => (traffic.outcomes.slice(stoppedAt).filter((o) => isStatus(o, 503)).length >= 10 ? true : null), running);
      cluster.start();
      const startedAt = traffic.outcomes.length;
      // The pool's next connections reach the new server: a run of full answers again.
      await waitFor('answers after the start', () => (traffic.outcomes.slice(startedAt).filter((o) => isStatus(o, 200)).length >= 40 ? true : null), running);
      await traffic.stop();

      for (const outcome of traffic.outcomes) {
        expect(outcome).toMatchObject({ kind: 'answer', complete: true });
        if (outcome.kind !== 'answer') continue;
        expect([200, 503]).toContain(outcome.status);
        if (outcome.status === 503) expect(outcome.retryAfter).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      }
      expect(running.child.exitCode).toBeNull();
      expect(running.child.pid).toBe(pid);
      expect(running.output().match(/listening on/g)).toHaveLength(1);
      // Once PostgreSQL is back every request is answered in full again.
      for (let index = 0; index < 10; index += 1) {
        expect(await getOnce(port, `/api/contacts/?title=zq${index}`)).toMatchObject({ kind: 'answer', status: 200 });
      }
    });

    it('a database closed to connections (ALLOW_CONNECTIONS false, SQLSTATE 55000) costs 503s with Retry-After, never a 500, and serves again once reopened', async () => {
      const running = server;
      if (running === null || cluster === null) throw new Error('the server did not start');
      const admin = new pg.Client({ connectionString: cluster.url.replace(/\/postgres$/, '/template1') });
      await admin.connect();
      try {
        await admin.query('alter database postgres allow_connections false');
        // The connections already open stay until ended: the server's pool must open new ones.
        await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = 'postgres'");
        const outcomes: Outcome[] = [];
        for (let index = 0; index < 20; index += 1) outcomes.push(await getOnce(port, `/api/contacts/?title=closed${index}`));
        for (const outcome of outcomes)
          expect(outcome).toMatchObject({ kind: 'answer', status: 503, retryAfter: String(DATABASE_RETRY_AFTER_SECONDS), complete: true });
      } finally {
        await admin.query('alter database postgres allow_connections true');
        await admin.end();
      }
      expect(await getOnce(port, '/api/contacts/?title=reopened')).toMatchObject({ kind: 'answer', status: 200 });
      expect(running.child.exitCode).toBeNull();
    });

    // Clients that ignore Retry-After and reconnect at once would meet the port's closing with connections
    // the kernel has completed and the server not yet taken, which the kernel resets: nothing can answer those.
    it('SIGTERM under load (clients that honour Retry-After) answers every request, resets none, and exits 0, its pool closed', async () => {
      const running = server;
      if (running === null) throw new Error('the server did not start');
      const traffic = load(port, 16, true);
      await waitFor('answers before the signal', () => (traffic.outcomes.filter((o) => isStatus(o, 200)).length >= 10 ? true : null), running);
      running.child.kill('SIGTERM');
      expect(await running.exited).toBe(0);
      await traffic.stop();
      // The clients keep asking until stopped: after the exit, the system refuses their connections.
      const answers = traffic.outcomes.filter((o) => o.kind === 'answer');
      const cut = traffic.outcomes.flatMap((o) => (o.kind === 'error' && o.code !== 'ECONNREFUSED' ? [o.code] : []));
      expect(cut).toEqual([]);
      for (const answer of answers) expect(answer).toMatchObject({ complete: true });
      expect(running.output()).toMatch(/drained: \d+ requests answered/);
    });
  });
