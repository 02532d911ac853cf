import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ensureServerBuilt,
  listeningPort,
  logText,
  privateSchema,
  removeDataDir,
  ROOT,
  seededDataDir,
  spawnCollected,
  waitFor,
  type ChildRun,
} from '../support/server-child';
import { testBackend } from '../support/test-database';

jest.setTimeout(180_000);

let runs: ChildRun[] = [];
let tree: number[] = [];
let dataDir = '';
let dropSchema: (() => Promise<void>) | null = null;

// Whether a process runs: a zombie (ended, not yet reaped by its new parent) does not.
const running = (pid: number): boolean => {
  const stat = `/proc/${pid}/stat`;
  if (existsSync('/proc/self/stat')) {
    try {
      // The state follows the command's closing parenthesis.
      return !/\)\s+Z/.test(readFileSync(stat, 'utf8'));
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** `pid` and every process below it, from `ps`. */
const processTree = (pid: number): number[] => {
  const rows = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter((row): row is [number, number] => row.length === 2 && row.every(Number.isInteger));
  const found = [pid];
  // for…of goes on to the pids pushed meanwhile: the walk reaches the grandchildren.
  for (const known of found) {
    for (const [child, parent] of rows) if (parent === known && !found.includes(child)) found.push(child);
  }
  return found;
};

afterEach(async () => {
  // A failed test must not leave its processes behind: only those it started are killed.
  for (const pid of tree) if (running(pid)) process.kill(pid, 'SIGKILL');
  for (const run of runs) if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
  runs = [];
  tree = [];
  if (dataDir !== '') removeDataDir(dataDir);
  dataDir = '';
  await dropSchema?.();
  dropSchema = null;
});

const serverEnv = async (): Promise<Record<string, string>> => {
  // Every launcher here runs the compiled server, as `npm run serve` does.
  ensureServerBuilt();
  dataDir = await seededDataDir();
  const env: Record<string, string> = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: 'none', LOG_LEVEL: 'warn', DATABASE_URL: '' };
  if (testBackend() === 'postgres') {
    const schema = await privateSchema('signals');
    dropSchema = schema.drop;
    env['DATABASE_URL'] = schema.url;
  }
  return env;
};

/**
 * Starts `command`, waits until the server listens and the tree holds at least `size` processes
 * (tsx may add esbuild's service below the server), and records them all.
 */
const launch = async (command: string, args: readonly string[], size: number): Promise<ChildRun> => {
  const run = spawnCollected(command, args, await serverEnv());
  runs.push(run);
  await listeningPort(run);
  const pid = run.child.pid ?? 0;
  tree = await waitFor(
    `${size} processes under ${command}`,
    () => {
      const found = processTree(pid);
      return found.length >= size ? found : null;
    },
    run,
  );
  return run;
};

const allGone = (run: ChildRun): Promise<true> => waitFor('every process to end', () => (tree.every((pid) => !running(pid)) ? true : null), run, 30_000);

it('`npm run serve` is one server process under npm and its shell', async () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  expect(manifest.scripts['serve']).toBe('node --optimize-for-size --enable-source-maps build/server/main.cjs');
});

it("`npm start` replaces npm's shell with its launcher, so that npm's SIGTERM reaches it and npm exits with its code", () => {
  // npm passes SIGTERM to its shell and, when that child dies of a signal, kills itself with it: exit 143, not 0.
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  expect(manifest.scripts['start']).toBe('exec node scripts/start.mjs');
});

it('a SIGTERM to `node scripts/serve-child.mjs` (what `npm start` runs after its build) drains the server, and both exit 0', async () => {
  const run = await launch(process.execPath, [join(ROOT, 'scripts/serve-child.mjs')], 2);
  run.child.kill('SIGTERM');
  expect(await run.exited).toBe(0);
  await allGone(run);
  expect(logText(run.output())).toMatch(/SIGTERM: closing\n[^]*drained: \d+ requests answered/);
});

it('a SIGTERM to the shell npm runs the launcher in (npm passes it to that shell only) still stops the server', async () => {
  // `npm start` exec's its launcher, but a launcher run through a shell (another package manager, a wrapper) has a
  // shell between it and the signal, which dies of it without passing it on.
  const run = await launch('/bin/sh', ['-c', `"${process.execPath}" "${join(ROOT, 'scripts/serve-child.mjs')}"`], 3);
  const [, launcher] = tree;
  run.child.kill('SIGTERM');
  await allGone(run);
  expect(run.output()).toMatch(/the launcher's parent \(\d+\) has gone: stopping the server/);
  expect(logText(run.output())).toMatch(/SIGTERM: closing\n[^]*drained: \d+ requests answered/);
  expect(running(launcher ?? 0)).toBe(false);
});

it('a SIGTERM to `npm run serve` reaches the server through npm and its shell: nothing is left running', async () => {
  const npm = process.env['npm_execpath'];
  // npm's own script runner: the node that runs npm-cli.js, as npm runs it.
  const run = await launch(
    npm?.endsWith('.js') ? process.execPath : 'npm',
    npm?.endsWith('.js') ? [npm, 'run', '--silent', 'serve'] : ['run', '--silent', 'serve'],
    3,
  );
  run.child.kill('SIGTERM');
  await allGone(run);
  expect(logText(run.output())).toMatch(/(SIGTERM|launcher gone): closing\n[^]*drained: \d+ requests answered/);
});
