import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { LOCK_FILE } from '../../server/data/data-folder-lock';
import { openPostgres } from '../../server/data/db';
import type { Database } from '../../server/data/database';
import { buildDemoContent, DEMO_DEFAULTS, demoLabel } from '../../server/operations/demo-content';
import { migrate } from '../../server/data/migrations';
import { seedDemo } from '../../server/operations/seed';
import { openPgliteThread } from '../../server/data/pglite/pglite-thread';
import { pgliteTemplateDir, testBackend } from '../support/test-database';

// Each import here is a real `npm run import` of a few thousand rows in a child process.
jest.setTimeout(600_000);

const COMMAND = resolve(__dirname, '../../server/operations/import-command.ts');
const SIZE = { contacts: 1_500, events: 3_000, news: 400, seed: 5 };
const BIG = buildDemoContent(SIZE);
const OLD = buildDemoContent(DEMO_DEFAULTS);

// Where in a whole import's time each kill lands: opening, writing, committing, tidying.
const KILL_POINTS = [0.15, 0.35, 0.55, 0.75, 0.9];

let dir: string;
let file: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'import-kill-'));
  file = join(dir, 'large.json');
  writeFileSync(file, JSON.stringify(BIG));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

interface Outcome {
  readonly killed: boolean;
  readonly code: number | null;
  /** From the moment the import held the database (see `Storage.holding`) to its end, or null when it never did. */
  readonly heldMs: number | null;
  readonly stderr: string;
}

// How often the test looks whether the child holds the database yet: it places the kills, it is not a measure.
const POLL_MS = 10;

/**
 * Runs `npm run import` on `storage`, killed with SIGKILL `killAfterMs` after it holds the
 * database (the lock taken on PGlite, its transaction open on PostgreSQL) when given.
 */
const runImport = (storage: Storage, killAfterMs?: number): Promise<Outcome> =>
  new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', COMMAND, file], {
      env: { ...process.env, ...storage.env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    let heldAt: number | null = null;
    let exited = false;
    let timer: NodeJS.Timeout | undefined;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const watch = async (): Promise<void> => {
      while (!exited && heldAt === null) {
        if (await storage.holding()) {
          heldAt = Date.now();
          if (killAfterMs !== undefined) timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
          return;
        }
        await new Promise((wait) => setTimeout(wait, POLL_MS));
      }
    };
    const watching = watch();
    child.on('error', fail);
    child.on('exit', (code, signal) => {
      exited = true;
      const end = Date.now();
      clearTimeout(timer);
      void watching.then(() => done({ killed: signal === 'SIGKILL', code, heldMs: heldAt === null ? null : end - heldAt, stderr }), fail);
    });
  });

interface Held {
  readonly label: string | null;
  readonly counts: Readonly<Record<string, number>>;
}

// Every table the import writes, and what each holds for a content.
const held = async (db: Database): Promise<Held> => {
  const rows = await db.query<Record<string, number | string | null>>(
    `select (select value from content_meta where key = 'content') as label,
            (select count(*)::int from agendas) as agendas, (select count(*)::int from events) as events,
            (select count(*)::int from contacts) as contacts, (select count(*)::int from news_items) as news,
            (select count(*)::int from shop_items) as shop_items, (select count(*)::int from event_categories) as event_categories,
            (select count(*)::int from contact_category_links) as contact_links, (select count(*)::int from news_item_categories) as news_links,
            (select count(*)::int from event_feed_state where cancelled_at is null) as feed_events`,
  );
  const { label, ...counts } = rows[0] ?? {};
  return { label: typeof label === 'string' ? label : null, counts: counts as Record<string, number> };
};

const expectedCounts = (content: typeof BIG): Record<string, number> => ({
  agendas: content.agendas.length,
  events: content.events.length,
  contacts: content.contacts.length,
  news: content.news.length,
  shop_items: content.shop_items.length,
  event_categories: content.events.reduce((sum, e) => sum + new Set(e.categories).size, 0),
  contact_links: content.contacts.reduce((sum, c) => sum + new Set(c.categories).size, 0),
  news_links: content.news.reduce((sum, n) => sum + new Set(n.categories).size, 0),
  feed_events: content.events.length,
});

const OLD_CONTENT: Held = { label: demoLabel(DEMO_DEFAULTS), counts: expectedCounts(OLD) };
const NEW_CONTENT: Held = { label: 'import:large.json', counts: expectedCounts(BIG) };

/** One storage the test can reset to the demo content, hand to the command, and read. */
interface Storage {
  readonly env: Record<string, string>;
  /** Whether an import holds the database now: from then on a kill lands inside it. */
  holding(): Promise<boolean>;
  reset(): Promise<void>;
  read(): Promise<Held>;
  dispose(): Promise<void>;
}

const pgliteStorage = async (): Promise<Storage> => {
  const template = await pgliteTemplateDir();
  const dataDir = join(dir, 'data');
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    // The lock is taken right before PGlite opens the folder; a killed import leaves it behind, so reset removes it.
    holding: async () => existsSync(join(dataDir, LOCK_FILE)),
    reset: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
      cpSync(template, join(dataDir, 'pglite'), { recursive: true });
    },
    // Opening it is half the check: a folder left broken would throw here.
    read: async () => {
      const db = await openPgliteThread(join(dataDir, 'pglite'));
      try {
        return await held(db);
      } finally {
        await db.close();
      }
    },
    dispose: async () => undefined,
  };
};

const postgresStorage = async (databaseUrl: string): Promise<Storage> => {
  const schema = `import_kill_${process.pid}_${Date.now().toString(36)}`;
  const admin = await openPostgres(databaseUrl);
  await admin.query(`create schema ${schema}`);
  const db = await openPostgres(databaseUrl, schema);
  await migrate(db);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  url.searchParams.set('application_name', schema);
  return {
    env: { DATA_DIR: join(dir, 'unused'), DATABASE_URL: url.toString() },
    holding: async () =>
      ((await admin.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where application_name = $1 and xact_start is not null`, [schema]))[0]
        ?.n ?? 0) > 0,
    reset: () => seedDemo(db, DEMO_DEFAULTS),
    read: () => held(db),
    dispose: async () => {
      await db.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.close();
    },
  };
};

describe(`an import killed at any point (${testBackend()})`, () => {
  it('leaves the old content whole, or the new one once committed, and the next import works', async () => {
    const databaseUrl = process.env['DATABASE_URL'] ?? '';
    const storage = databaseUrl === '' ? await pgliteStorage() : await postgresStorage(databaseUrl);
    try {
      // A whole run first: how long an import holds the database on this machine places the kills.
      await storage.reset();
      expect(await storage.read()).toEqual(OLD_CONTENT);
      const whole = await runImport(storage);
      expect({ code: whole.code, stderr: whole.stderr, held: whole.heldMs !== null }).toEqual({ code: 0, stderr: '', held: true });
      expect(await storage.read()).toEqual(NEW_CONTENT);

      const outcomes: { point: number; killed: boolean; old: boolean }[] = [];
      for (const point of KILL_POINTS) {
        await storage.reset();
        const run = await runImport(storage, Math.round((whole.heldMs ?? 0) * point));
        const after = await storage.read();
        // Whole, one or the other: never a mix, never empty, never a folder that does not open.
        expect([OLD_CONTENT, NEW_CONTENT]).toContainEqual(after);
        if (!run.killed) expect({ code: run.code, stderr: run.stderr, after }).toEqual({ code: 0, stderr: '', after: NEW_CONTENT });
        outcomes.push({ point, killed: run.killed, old: after.label === OLD_CONTENT.label });
      }
      // Kills must have landed inside imports that held the database, and some before their commit, or nothing was tested.
      expect(outcomes.filter((outcome) => outcome.killed && outcome.old).length).toBeGreaterThanOrEqual(2);

      // The last kill left its lock behind (PGlite): the next import takes it over and loads the file.
      const again = await runImport(storage);
      expect({ code: again.code, stderr: again.stderr }).toEqual({ code: 0, stderr: '' });
      expect(await storage.read()).toEqual(NEW_CONTENT);
    } finally {
      await storage.dispose();
    }
  });
});
