import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openPostgres } from '../../server/data/db';
import type { Database } from '../../server/data/database';
import { DEMO_DEFAULTS, demoLabel } from '../../server/operations/demo-content';
import { ensureMedia } from '../../server/operations/media';
import { migrate, MIGRATIONS } from '../../server/data/migrations';
import { seedDemo } from '../../server/operations/seed';
import { openPgliteThread } from '../../server/data/pglite/pglite-thread';

/** Where the test run keeps its seeded template, media and per-file copies (gitignored). */
export const TEST_DATA_DIR = resolve(__dirname, '../../.data-test');

/** Which backend the server tests run on: PostgreSQL when `DATABASE_URL` is set, else PGlite. */
export const testBackend = (): 'pglite' | 'postgres' => ((process.env['DATABASE_URL'] ?? '') !== '' ? 'postgres' : 'pglite');

// The template's name holds everything that shapes its content; a stale one is never reused. Every
// migration's version is in it, not the last one only: a step added below the last is a new schema too.
const templateDir = (): string =>
  join(TEST_DATA_DIR, `template-s${MIGRATIONS.map((m) => m.version).join('.')}-${demoLabel(DEMO_DEFAULTS).replace(/[^a-z0-9=]+/gi, '_')}`);

let copies = 0;

// First start of PGlite costs ~7 s; a seeded folder is built once, then copied and reopened (~1 s).
const ensureTemplate = async (): Promise<string> => {
  const template = templateDir();
  if (existsSync(join(template, 'PG_VERSION'))) return template;
  mkdirSync(TEST_DATA_DIR, { recursive: true });
  const scratch = `${template}.tmp-${process.pid}-${Date.now()}`;
  const db = await openPgliteThread(scratch);
  await migrate(db);
  await seedDemo(db, DEMO_DEFAULTS);
  await db.close();
  try {
    renameSync(scratch, template);
  } catch {
    // A parallel Jest worker finished its template first: use that one.
    rmSync(scratch, { recursive: true, force: true });
  }
  return template;
};

// A new PGlite folder costs its first start (~7 s, initdb): a test that opens several empty
// databases (one per schema version) copies one made once and reopens it (~1 s).
const ensureEmptyTemplate = async (): Promise<string> => {
  const template = join(TEST_DATA_DIR, 'template-empty');
  if (existsSync(join(template, 'PG_VERSION'))) return template;
  mkdirSync(TEST_DATA_DIR, { recursive: true });
  const scratch = `${template}.tmp-${process.pid}-${Date.now()}`;
  const db = await openPgliteThread(scratch);
  await db.close();
  try {
    renameSync(scratch, template);
  } catch {
    // A parallel Jest worker finished its template first: use that one.
    rmSync(scratch, { recursive: true, force: true });
  }
  return template;
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// A run killed before its afterAll leaves its copy behind; the next run sweeps it.
const removeOrphanCopies = (): void => {
  for (const name of readdirSync(TEST_DATA_DIR)) {
    const pid = /^run-(\d+)-/.exec(name)?.[1];
    if (pid !== undefined && !alive(Number(pid))) rmSync(join(TEST_DATA_DIR, name), { recursive: true, force: true });
  }
};

const openPgliteCopy = async (): Promise<Database> => {
  const template = await ensureTemplate();
  removeOrphanCopies();
  copies += 1;
  const copy = join(TEST_DATA_DIR, `run-${process.pid}-${copies}-${Date.now()}`);
  cpSync(template, copy, { recursive: true });
  const db = await openPgliteThread(copy);
  return {
    ...db,
    close: async () => {
      await db.close();
      rmSync(copy, { recursive: true, force: true });
    },
  };
};

// On PostgreSQL each test file owns a schema of the shared database, dropped when it closes.
const openPostgresSchema = async (databaseUrl: string, prepare: (db: Database) => Promise<void>): Promise<Database> => {
  copies += 1;
  const schema = `test_${process.pid}_${copies}_${Date.now().toString(36)}`;
  const admin = await openPostgres(databaseUrl);
  await admin.query(`create schema ${schema}`);
  const db = await openPostgres(databaseUrl, schema);
  await prepare(db);
  return {
    ...db,
    close: async () => {
      await db.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.close();
    },
  };
};

/**
 * A migrated database holding the default demo content, private to the caller (writes
 * are allowed); `close()` discards it. PostgreSQL when `DATABASE_URL` is set, else PGlite.
 */
export const openTestDatabase = async (): Promise<Database> => {
  const databaseUrl = process.env['DATABASE_URL'] ?? '';
  return databaseUrl !== ''
    ? openPostgresSchema(databaseUrl, async (db) => {
        await migrate(db);
        await seedDemo(db, DEMO_DEFAULTS);
      })
    : openPgliteCopy();
};

/**
 * An empty database without any table, private to the caller (for migration tests);
 * `close()` discards it. PostgreSQL when `DATABASE_URL` is set, else PGlite in a new folder.
 */
export const openEmptyTestDatabase = async (): Promise<Database> => {
  const databaseUrl = process.env['DATABASE_URL'] ?? '';
  if (databaseUrl !== '') return openPostgresSchema(databaseUrl, async () => undefined);
  const template = await ensureEmptyTemplate();
  removeOrphanCopies();
  copies += 1;
  const dir = join(TEST_DATA_DIR, `run-${process.pid}-${copies}-${Date.now()}`);
  cpSync(template, dir, { recursive: true });
  const db = await openPgliteThread(dir);
  return {
    ...db,
    close: async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

/** The seeded PGlite template folder (built on first use): copy it, never open it in place. */
export const pgliteTemplateDir = (): Promise<string> => ensureTemplate();

/** The demo images, rendered once per checkout into `.data-test/media`. */
export const ensureTestMedia = async (): Promise<string> => {
  const mediaDir = join(TEST_DATA_DIR, 'media');
  await ensureMedia(mediaDir);
  return mediaDir;
};
