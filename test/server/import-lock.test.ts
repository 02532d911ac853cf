import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DataFolderLockedError, LOCK_FILE, lockDataFolder } from '../../server/data/data-folder-lock';
import { buildDemoContent } from '../../server/operations/demo-content';
import { logText } from '../support/server-child';

jest.setTimeout(120_000);

const LOCK_MODULE = resolve(__dirname, '../../server/data/data-folder-lock.ts');
const IMPORT = resolve(__dirname, '../../server/operations/import-command.ts');
const SEED = resolve(__dirname, '../../server/operations/seed-command.ts');

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'import-lock-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const lockPath = (): string => join(dir, LOCK_FILE);

// A pid that named a process a moment ago and names none now.
const deadPid = (): number => {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
};

/** Another process holding `dir`'s lock, as the server does, until killed. */
const holder = (): Promise<ChildProcess> =>
  new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `require(${JSON.stringify(LOCK_MODULE)}).lockDataFolder(${JSON.stringify(dir)}); console.log('held'); setInterval(() => undefined, 60000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    child.on('error', fail);
    child.stdout.once('data', () => done(child));
  });

const stopped = (child: ChildProcess): Promise<void> =>
  new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGKILL');
  });

describe('the lock of a data folder', () => {
  it('is held until released, and refuses a second opening meanwhile, in this process too', () => {
    const lock = lockDataFolder(dir);
    const held = JSON.parse(readFileSync(lockPath(), 'utf8')) as { pid: number };
    expect(held.pid).toBe(process.pid);
    expect(() => lockDataFolder(dir)).toThrow(DataFolderLockedError);
    lock.release();
    expect(existsSync(lockPath())).toBe(false);
    lockDataFolder(dir).release();
  });

  it('is taken over from a process that died without releasing it', () => {
    writeFileSync(lockPath(), JSON.stringify({ pid: deadPid(), startedAt: '2026-01-01T00:00:00.000Z', command: 'main.ts', identity: null }));
    const lock = lockDataFolder(dir);
    expect((JSON.parse(readFileSync(lockPath(), 'utf8')) as { pid: number }).pid).toBe(process.pid);
    lock.release();
  });

  it('sweeps the drafts of processes killed while taking it', () => {
    const dead = deadPid();
    const leftovers = [`${LOCK_FILE}.${dead}-1795000000000`, `${LOCK_FILE}.stale-${dead}`];
    for (const name of leftovers) writeFileSync(join(dir, name), '{}');
    lockDataFolder(dir).release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('is taken over from a lock file that does not parse', () => {
    writeFileSync(lockPath(), 'not json');
    lockDataFolder(dir).release();
  });

  it('is taken over when its pid now names another process (reused after a crash)', () => {
    // Only where the system tells a process's start (Linux): elsewhere a live pid is trusted.
    if (!existsSync('/proc/self/stat')) return;
    writeFileSync(lockPath(), JSON.stringify({ pid: process.pid, startedAt: '2026-01-01T00:00:00.000Z', command: 'main.ts', identity: 'another-boot:1' }));
    lockDataFolder(dir).release();
  });

  it('names the live process that holds it', async () => {
    const child = await holder();
    try {
      let refusal: unknown;
      try {
        lockDataFolder(dir);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DataFolderLockedError);
      expect((refusal as DataFolderLockedError).holder.pid).toBe(child.pid);
      expect((refusal as Error).message).toContain(`kill ${child.pid}`);
    } finally {
      await stopped(child);
    }
    // Killed with SIGKILL, it left its lock: the next process takes it over.
    expect(existsSync(lockPath())).toBe(true);
    lockDataFolder(dir).release();
  });
});

describe('npm run import and npm run seed beside a process that holds the folder', () => {
  it('refuse, say what to do, exit with 1 and leave the folder untouched', async () => {
    const file = join(dir, 'content.json');
    writeFileSync(file, JSON.stringify(buildDemoContent({ contacts: 3, events: 3, news: 3, seed: 1 })));
    const child = await holder();
    try {
      const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '' };
      const imported = spawnSync(process.execPath, ['--import', 'tsx', IMPORT, file], { encoding: 'utf8', env });
      expect(imported.status).toBe(1);
      expect(logText(imported.stdout)).toContain(`import refused, nothing was loaded: ${dir} is held by`);
      expect(logText(imported.stdout)).toContain(`pid ${child.pid}`);
      expect(logText(imported.stdout)).toContain(`run \`npm run import -- ${file}\` again`);
      const seeded = spawnSync(process.execPath, ['--import', 'tsx', SEED, '--contacts', '3'], { encoding: 'utf8', env });
      expect(seeded.status).toBe(1);
      expect(logText(seeded.stdout)).toContain(`seed refused, nothing was changed: ${dir} is held by`);
      // Neither opened the database: PGlite never made its folder.
      expect(existsSync(join(dir, 'pglite'))).toBe(false);
      expect((JSON.parse(readFileSync(lockPath(), 'utf8')) as { pid: number }).pid).toBe(child.pid);
    } finally {
      await stopped(child);
    }
  });
});
