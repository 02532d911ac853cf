import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { openPostgres } from '../../server/data/db';
import { MIGRATIONS } from '../../server/data/migrations';
import { ensureTestMedia, openTestDatabase, TEST_DATA_DIR, testBackend } from './test-database';
import { SEED_MAIN, SERVER_MAIN, SERVER_NODE_FLAGS } from '../../scripts/server-command.mjs';

/** The repository's root, where `npm run serve` runs. */
export const ROOT = resolve(__dirname, '../..');

/** A process started by a test, with its output (stdout and stderr) as it comes. */
export interface ChildRun {
  readonly child: ChildProcess;
  readonly output: () => string;
  /** The exit code, or the signal that ended it. */
  readonly exited: Promise<number | NodeJS.Signals | null>;
}

/** Spawns `command` with its output collected; `detached` gives it a process group of its own. */
export const spawnCollected = (command: string, args: readonly string[], env: Record<string, string>, detached = false): ChildRun => {
  let output = '';
  const child = spawn(command, [...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | NodeJS.Signals | null>((done) => child.once('exit', (code, signal) => done(code ?? signal)));
  return { child, output: () => output, exited };
};

// The compiled server and seed, and the flags of `npm run serve`: the launchers' own definitions.
export { SEED_MAIN, SERVER_MAIN, SERVER_NODE_FLAGS };

/** The backup and restore command as `npm run build` compiles it (`npm run backup`, `npm run restore`). */
export const BACKUP_MAIN = join(ROOT, 'build/server/backup.cjs');

// What the compiled commands are made of: a change to any of these makes them stale.
const SOURCE_FOLDERS = ['server', 'src'];

const newestSource = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return Math.max(newest, newestSource(path));
    return /\.(tsx?|json)$/.test(entry.name) ? Math.max(newest, statSync(path).mtimeMs) : newest;
  }, 0);

let built = false;

/**
 * Compiles the server's commands (`node scripts/build-server.mjs`, which `npm run build` also
 * runs) when one is missing or older than a source under server/ or src/; at most once a test
 * file. Two test files building at once is safe: each compiled file is renamed into place whole.
 */
export const ensureServerBuilt = (): void => {
  if (built) return;
  const outputs = [
    SERVER_MAIN,
    SEED_MAIN,
    join(ROOT, 'build/server/import.cjs'),
    BACKUP_MAIN,
    join(ROOT, 'build/server/token.cjs'),
    join(ROOT, 'build/server/content.cjs'),
  ];
  const oldest = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  const compiler = statSync(join(ROOT, 'scripts/build-server.mjs')).mtimeMs;
  if (oldest < Math.max(compiler, ...SOURCE_FOLDERS.map((folder) => newestSource(join(ROOT, folder))))) {
    execFileSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs')], { cwd: ROOT, stdio: 'inherit' });
  }
  built = true;
};

/** The server as `npm run serve` runs it (compiled first if need be), on a free port of 127.0.0.1, serving no built site. */
export const startServer = (dataDir: string, env: Record<string, string> = {}): ChildRun => {
  ensureServerBuilt();
  return spawnCollected(process.execPath, [...SERVER_NODE_FLAGS, SERVER_MAIN], {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIST_DIR: 'none',
    LOG_LEVEL: 'warn',
    ...env,
  });
};

/**
 * Runs the compiled seed command (`npm run seed`, compiled first if need be) with `args` on the
 * storage of `env` (`DATA_DIR`, `DATABASE_URL`), as `npm start` runs it before the server: the
 * server itself never seeds. Fails with the command's output when it does not exit 0.
 */
export const runSeed = (args: readonly string[], env: Record<string, string>): string => {
  ensureServerBuilt();
  try {
    return execFileSync(process.execPath, ['--enable-source-maps', SEED_MAIN, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${relative(ROOT, SEED_MAIN)} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
};

/** Polls `found` every 50 ms until it gives a value; fails with `run`'s output after `withinMs`. */
export const waitFor = async <T>(what: string, found: () => T | null, run?: ChildRun, withinMs = 90_000): Promise<T> => {
  const started = Date.now();
  for (;;) {
    const value = found();
    if (value !== null) return value;
    if (Date.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms\n${run?.output() ?? ''}`);
    await new Promise((done) => setTimeout(done, 50));
  }
};

/** The port of the first `listening on http://127.0.0.1:<port>` line, once printed. */
export const listeningPort = (run: ChildRun): Promise<number> =>
  waitFor(
    'the server to listen',
    () => {
      const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(run.output())?.[1];
      return port === undefined ? null : Number(port);
    },
    run,
  );

/**
 * A data folder in the temporary directory with the test images and, on PGlite, a copy of the
 * seeded test database (on PostgreSQL the server uses `privateSchema`'s address instead).
 */
export const seededDataDir = async (): Promise<string> => {
  if (testBackend() === 'postgres') {
    const dataDir = mkdtempSync(join(tmpdir(), 'server-child-'));
    symlinkSync(await ensureTestMedia(), join(dataDir, 'media'));
    return dataDir;
  }
  // Opening a test database builds the seeded template once per checkout.
  await (await openTestDatabase()).close();
  const prefix = `template-s${MIGRATIONS.map((m) => m.version).join('.')}-`;
  const template = readdirSync(TEST_DATA_DIR).find((name) => name.startsWith(prefix) && !name.includes('.tmp-'));
  if (template === undefined) throw new Error(`no seeded template in ${TEST_DATA_DIR}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'server-child-'));
  cpSync(join(TEST_DATA_DIR, template), join(dataDir, 'pglite'), { recursive: true });
  symlinkSync(await ensureTestMedia(), join(dataDir, 'media'));
  return dataDir;
};

/** Removes a folder made by `seededDataDir`. */
export const removeDataDir = (dataDir: string): void => rmSync(dataDir, { recursive: true, force: true });

/** How one request ended: an answer read to its end, or the socket error that cut it. */
export type Outcome =
  | {
      readonly kind: 'answer';
      readonly status: number;
      readonly retryAfter: string | undefined;
      readonly connection: string | undefined;
      readonly bytes: number;
      readonly complete: boolean;
    }
  | { readonly kind: 'error'; readonly code: string };

/** GET over a new connection (as many visitors would), read to the end. */
export const getOnce = (port: number, path: string): Promise<Outcome> =>
  new Promise((done) => {
    const call = request({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('error', (error: NodeJS.ErrnoException) => done({ kind: 'error', code: error.code ?? error.message }));
      response.on('end', () => {
        const declared = response.headers['content-length'];
        done({
          kind: 'answer',
          status: response.statusCode ?? 0,
          retryAfter: response.headers['retry-after'],
          connection: response.headers.connection,
          bytes,
          // A declared length is the whole answer; a chunked one ends only with its last chunk.
          complete: response.complete && (declared === undefined || Number(declared) === bytes),
        });
      });
    });
    call.on('error', (error: NodeJS.ErrnoException) => done({ kind: 'error', code: error.code ?? error.message }));
    call.end();
  });

/**
 * A schema of its own on the PostgreSQL of `DATABASE_URL`, and the address whose connections use
 * it, seeded as `npm start` seeds a new database: the seed command with `--if-empty` (the images
 * are the test ones, already made). The server migrates it again at its start, finding nothing to do.
 */
export const privateSchema = async (name: string): Promise<{ readonly url: string; readonly drop: () => Promise<void> }> => {
  const databaseUrl = process.env['DATABASE_URL'] ?? '';
  const schema = `${name}_${process.pid}_${Date.now().toString(36)}`;
  const admin = await openPostgres(databaseUrl);
  await admin.query(`create schema ${schema}`);
  const url = `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const seedDir = mkdtempSync(join(tmpdir(), 'seed-'));
  try {
    symlinkSync(await ensureTestMedia(), join(seedDir, 'media'));
    // The seed checks the server's settings; a checkout without a built site seeds all the same.
    runSeed(['--if-empty'], { DATA_DIR: seedDir, DATABASE_URL: url, DIST_DIR: 'none' });
  } catch (error) {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.close();
    throw error;
  } finally {
    rmSync(seedDir, { recursive: true, force: true });
  }
  return {
    url,
    drop: async () => {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.close();
    },
  };
};

/** A TCP port free at the time of asking. */
export const freePort = (): Promise<number> =>
  new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => (port > 0 ? resolvePort(port) : reject(new Error('no free port'))));
    });
  });

/** A JSON log line's message (`msg`), or null when the line is not a JSON object with one. */
export const logMessage = (line: string): string | null => {
  try {
    const parsed = JSON.parse(line) as unknown;
    return typeof parsed === 'object' && parsed !== null && 'msg' in parsed && typeof parsed.msg === 'string' ? parsed.msg : null;
  } catch {
    return null;
  }
};

/** A command's JSON log as text: each line's message on a line of its own (a line that is not JSON kept as it is). */
export const logText = (output: string): string =>
  output
    .split('\n')
    .map((line) => logMessage(line) ?? line)
    .join('\n');
