import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from '../test/support/server-child';

// The real server as an operator runs it (`npm run serve`, its own process, its own memory),
// for the benchmarks that measure the whole process: load, soak, starvation.

const ROOT = resolve(__dirname, '..');
// A first start on a large database migrates it (minutes for an old schema); the seed runs beforehand (`seedIfEmpty`).
const READY_TIMEOUT_MS = 300_000;
const READY_POLL_MS = 200;
// The server finishes its requests and closes its database within this on SIGTERM; then it is killed.
const STOP_GRACE_MS = 20_000;
// Only the end of a failing server's output is worth printing.
const OUTPUT_KEPT_CHARS = 8_000;

/** Where and on what the server runs. */
export interface ServerOptions {
  /** `DATA_DIR`: the PGlite folder is `pglite/` inside it, the images `media/`. */
  readonly dataDir: string;
  /** `DIST_DIR`: the built site. */
  readonly distDir: string;
  /** `DATABASE_URL`: PostgreSQL instead of PGlite when given. */
  readonly databaseUrl?: string;
  /** More environment for the server (`LOG_LEVEL`, `WORKERS`…). */
  readonly env?: Readonly<Record<string, string>>;
  /** A path that answers 200 once the server serves from its database. */
  readonly readyPath?: string;
}

/** A server process started by `startServer`. */
export interface ServerProcess {
  /** `http://127.0.0.1:<port>`. */
  readonly base: string;
  /** The process started (the launcher of `npm run serve`, which may run the server as its child). */
  readonly pid: number;
  /** Resident memory of the process and all its descendants, in MB (what the machine pays for the server). */
  rssMb(): number;
  /** What the server printed so far (its end only). */
  output(): string;
  /** SIGTERM, then SIGKILL to its process group after the grace time; resolves with the exit code (null when killed). */
  stop(): Promise<number | null>;
}

/** The command of the package.json script `name`, ready to spawn. */
export const scriptCommand = (name: string): { command: string; args: string[] } => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  const script = manifest.scripts?.[name];
  if (script === undefined) throw new Error(`package.json has no "${name}" script`);
  const [first, ...args] = script.trim().split(/\s+/);
  if (first === undefined) throw new Error(`the "${name}" script is empty`);
  // npm puts node_modules/.bin on the PATH; spawning directly must do the same for the first word.
  const command = first === 'node' ? process.execPath : join(ROOT, 'node_modules', '.bin', first);
  return { command, args };
};

/** The command of `npm run serve` from package.json (`node … build/server/main.cjs`, which `npm run build` compiles), ready to spawn. */
export const serveCommand = (): { command: string; args: string[] } => scriptCommand('serve');

/**
 * Runs `npm run seed -- --if-empty` on the storage, as `npm start` does before its server (which
 * never seeds): the demo content when the database holds none, and its images when missing.
 */
export const seedIfEmpty = ({ dataDir, databaseUrl }: Pick<ServerOptions, 'dataDir' | 'databaseUrl'>): void => {
  const { command, args } = scriptCommand('seed');
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  // The bench's own DATABASE_URL must not turn a PGlite run into a PostgreSQL one.
  delete inherited['DATABASE_URL'];
  execFileSync(command, [...args, '--if-empty'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...inherited, DATA_DIR: dataDir, ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }) },
  });
};

/** Resident memory in MB of `pid` and every process below it (`ps`, Linux and macOS); 0 once it has gone. */
export const processTreeRssMb = (pid: number): number => {
  let listing: string;
  try {
    listing = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,rss='], { encoding: 'utf8' });
  } catch {
    return 0;
  }
  const rows = listing
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter((row): row is [number, number, number] => row.length === 3 && row.every(Number.isFinite));
  const tree = new Set([pid]);
  // Parents are not always listed before their children: repeat until nothing new joins.
  for (let grew = true; grew;) {
    grew = false;
    for (const [child, parent] of rows) {
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child);
        grew = true;
      }
    }
  }
  const kb = rows.filter(([child]) => tree.has(child)).reduce((sum, [, , rss]) => sum + rss, 0);
  return kb / 1024;
};

const delay = (ms: number): Promise<void> => new Promise((resolveDelay) => setTimeout(resolveDelay, ms));

const waitReady = async (child: ChildProcess, url: string, output: () => string): Promise<void> => {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering:\n${output()}`);
    }
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await answer.arrayBuffer();
      if (answer.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await delay(READY_POLL_MS);
  }
  throw new Error(`the server did not answer ${url} within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
};

/** Starts the real server (`npm run serve`'s command) on a free port of 127.0.0.1 and resolves once `readyPath` answers 200. */
export const startServer = async ({ dataDir, distDir, databaseUrl, env = {}, readyPath = '/api/shop/items/' }: ServerOptions): Promise<ServerProcess> => {
  const port = await freePort();
  const { command, args } = serveCommand();
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  // The bench's own DATABASE_URL must not turn a PGlite run into a PostgreSQL one.
  delete inherited['DATABASE_URL'];
  delete inherited['WORKERS'];
  const child = spawn(command, args, {
    cwd: ROOT,
    // Its own process group, so that a stuck server and all its children can be killed together.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
      ...env,
    },
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${command}`);
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitReady(child, `${base}${readyPath}`, () => printed);
  } catch (error) {
    killGroup('SIGKILL');
    await exited;
    throw error;
  }
  return {
    base,
    pid,
    rssMb: () => processTreeRssMb(pid),
    output: () => printed,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), STOP_GRACE_MS);
      const code = await exited;
      clearTimeout(timer);
      // A launcher that exits first must not leave its server behind.
      killGroup('SIGKILL');
      return code;
    },
  };
};
