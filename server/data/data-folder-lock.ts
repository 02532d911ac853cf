import { closeSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * PGlite is one PostgreSQL without a postmaster: two processes opening one data folder each
 * write its files as if alone, and the folder ends up unreadable (an import run beside the
 * server did so). The process that opens the folder holds this lock until it closes it.
 */

/** The lock file's name inside DATA_DIR (beside `pglite/`, so that copying that folder never copies the lock). */
export const LOCK_FILE = 'pglite.lock';

/** Who holds a data folder, as its lock file tells. */
export interface LockHolder {
  readonly pid: number;
  readonly startedAt: string;
  /** The script that holds it (`main.ts`, `import-command.ts`…), to tell the reader what to stop. */
  readonly command: string;
  /** The boot and the start tick of the process (Linux), so that a pid reused after a crash is not taken for the holder. */
  readonly identity: string | null;
}

/** The open data folder is held by another live process. */
export class DataFolderLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `${dataDir} is in use by ${describeHolder(holder)}: PGlite lets one process at a time open a data folder, ` +
        `and a second one would destroy it. Stop that process (Ctrl-C in its terminal, or kill ${holder.pid}) and try again.`,
    );
    this.name = 'DataFolderLockedError';
  }
}

/** A held lock; `release()` removes the file (only if it is still this process's). */
export interface DataFolderLock {
  readonly path: string;
  release(): void;
}

/** Who a holder is, in words: the server, an import, a seed, or a process. */
export const describeHolder = (holder: LockHolder): string => {
  const role = holder.command.startsWith('main.')
    ? 'the server'
    : holder.command.startsWith('import-command.')
      ? 'an import'
      : holder.command.startsWith('seed-command.')
        ? 'a seed'
        : `the process ${holder.command === '' ? '' : `${holder.command} `}`.trimEnd();
  return `${role} (pid ${holder.pid}, started ${holder.startedAt})`;
};

const readText = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

// Linux only: the boot id and field 22 of /proc/<pid>/stat (start time in clock ticks since boot).
const processIdentity = (pid: number): string | null => {
  const boot = readText('/proc/sys/kernel/random/boot_id')?.trim();
  const stat = readText(`/proc/${pid}/stat`);
  if (boot === undefined || stat === null) return null;
  // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const startTicks = fields[19];
  return startTicks === undefined ? null : `${boot}:${startTicks}`;
};

const parseHolder = (text: string | null): LockHolder | null => {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { pid, startedAt, command, identity } = value as Record<string, unknown>;
    if (typeof pid !== 'number' || !Number.isInteger(pid) || pid < 1) return null;
    return {
      pid,
      startedAt: typeof startedAt === 'string' ? startedAt : '?',
      command: typeof command === 'string' ? command : '',
      identity: typeof identity === 'string' ? identity : null,
    };
  } catch {
    return null;
  }
};

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

// A holder is gone when its pid is dead, or when that pid now names another process (reused after a crash).
const holds = (holder: LockHolder): boolean => {
  if (!isAlive(holder.pid)) return false;
  if (holder.identity === null) return true;
  const current = processIdentity(holder.pid);
  return current === null || current === holder.identity;
};

const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

// Two processes that both found a stale lock must not both take over: each renames it away
// first (one rename wins), and one that caught a fresh lock instead puts it back.
const removeStale = (path: string, seen: string): void => {
  const aside = `${path}.stale-${process.pid}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  if (readText(aside) !== seen) {
    try {
      linkSync(aside, path);
    } catch {
      // A third process holds it now: it wins, and this one finds it on its next try.
    }
  }
  unlinkSync(aside);
};

const ATTEMPTS = 5;

// A process killed between writing its draft and removing it leaves `pglite.lock.<pid>-…` or
// `pglite.lock.stale-<pid>` behind: swept once that pid is gone.
const sweepLeftovers = (dataDir: string): void => {
  for (const name of readdirSync(dataDir)) {
    const pid = new RegExp(`^${LOCK_FILE.replace('.', '\\.')}\\.(?:stale-)?(\\d+)`).exec(name)?.[1];
    if (pid !== undefined && Number(pid) !== process.pid && !isAlive(Number(pid))) rmSync(join(dataDir, name), { force: true });
  }
};

/**
 * Takes the lock of `dataDir` for this process, or throws `DataFolderLockedError` when a live
 * process holds it. A lock left by a process that died (kill -9, a crash) is taken over.
 */
export const lockDataFolder = (dataDir: string): DataFolderLock => {
  mkdirSync(dataDir, { recursive: true });
  sweepLeftovers(dataDir);
  const path = join(dataDir, LOCK_FILE);
  const mine: LockHolder = {
    pid: process.pid,
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    command: basename(process.argv[1] ?? ''),
    identity: processIdentity(process.pid),
  };
  const text = `${JSON.stringify({ ...mine, lockedAt: new Date().toISOString() })}\n`;
  // Written whole under another name, then linked: the lock appears complete or not at all.
  const draft = `${path}.${process.pid}-${Date.now()}`;
  const fd = openSync(draft, 'wx');
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      try {
        linkSync(draft, path);
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error;
        const seen = readText(path);
        if (seen === null) continue;
        const holder = parseHolder(seen);
        // The same process opening the folder twice would corrupt it as surely as two processes.
        if (holder !== null && holds(holder)) throw new DataFolderLockedError(dataDir, holder);
        removeStale(path, seen);
        continue;
      }
      const release = (): void => {
        process.removeListener('exit', release);
        if (readText(path) === text) {
          try {
            unlinkSync(path);
          } catch {
            // Already gone: nothing left to release.
          }
        }
      };
      // A process that exits without closing (an uncaught error) leaves no lock behind.
      process.on('exit', release);
      return { path, release };
    }
    throw new Error(`${path}: could not take the lock after ${ATTEMPTS} tries; another process keeps changing it`);
  } finally {
    unlinkSync(draft);
  }
};
