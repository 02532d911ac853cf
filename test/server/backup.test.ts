import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Database, Queryable } from '../../server/data/database';
import { MIGRATIONS } from '../../server/data/migrations';
import { backupLines, BackupFileError, restoreLines, RestoreRefusedError } from '../../server/backup/logical-backup';
import {
  BACKUP_MAIN,
  ensureServerBuilt,
  getOnce,
  listeningPort,
  privateSchema,
  removeDataDir,
  seededDataDir,
  startServer,
  type ChildRun,
} from '../support/server-child';
import { openEmptyTestDatabase, openTestDatabase, testBackend } from '../support/test-database';

// Issue 45: `npm run backup -- FILE` and `npm run restore -- FILE [--replace]` on PGlite and on
// PostgreSQL (DATABASE_URL set, as every server test), the backup taken while the site serves, and a
// restore into a database holding content refused unless told to replace it.

jest.setTimeout(180_000);

const run = promisify(execFile);

// Every row of every table of the site, as PostgreSQL writes it, in one order: what must survive a round trip.
const everyRow = async (db: Queryable): Promise<Record<string, string[]>> => {
  const tables = await db.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'schema_migrations' order by 1",
  );
  const rows: Record<string, string[]> = {};
  for (const { name } of tables) {
    rows[name] = (await db.query<{ row: string }>(`select row_to_json(t)::text as row from "${name}" t`)).map((row) => row.row).sort();
  }
  return rows;
};

async function* linesOf(lines: readonly string[]): AsyncIterable<string> {
  yield* lines;
}

describe('a backup restored', () => {
  let source: Database;
  let lines: string[];
  let expected: Record<string, string[]>;

  beforeAll(async () => {
    source = await openTestDatabase();
    lines = await backupLines(source);
    expected = await everyRow(source);
  });

  afterAll(async () => {
    await source.close();
  });

  it('into an empty database gives back every row of every table, and the same schema', async () => {
    const target = await openEmptyTestDatabase();
    try {
      const summary = await restoreLines(target, linesOf(lines), { replace: false });
      expect(summary.schemaVersion).toBe(Math.max(...MIGRATIONS.map((migration) => migration.version)));
      expect(await everyRow(target)).toEqual(expected);
      expect(Object.keys(expected).length).toBeGreaterThan(10);
      expect(expected['contacts']?.length).toBeGreaterThan(0);
      expect(expected['events']?.length).toBeGreaterThan(0);
      expect(expected['site_secrets']?.length).toBe(1);
      expect(summary.rows['contacts']).toBe(expected['contacts']?.length);
      // The migrations' own list is the target's, complete: the server finds its schema current.
      const versions = await target.query<{ version: number }>('select version from schema_migrations order by version');
      expect(versions.map((row) => row.version)).toEqual(MIGRATIONS.map((migration) => migration.version));
    } finally {
      await target.close();
    }
  });

  it('into a database holding content is refused and changes nothing; with replace, the backup takes its place', async () => {
    const target = await openTestDatabase();
    try {
      await target.query("update contacts set title = 'Changé après la sauvegarde' where id = (select min(id) from contacts)");
      const changed = await everyRow(target);
      await expect(restoreLines(target, linesOf(lines), { replace: false })).rejects.toThrow(RestoreRefusedError);
      expect(await everyRow(target)).toEqual(changed);
      await restoreLines(target, linesOf(lines), { replace: true });
      expect(await everyRow(target)).toEqual(expected);
    } finally {
      await target.close();
    }
  });

  it('refuses a file cut before its last line, and a foreign file, restoring nothing', async () => {
    const target = await openEmptyTestDatabase();
    try {
      await expect(restoreLines(target, linesOf(lines.slice(0, -1)), { replace: false })).rejects.toThrow(BackupFileError);
      await expect(restoreLines(target, linesOf(['{"hello":"world"}']), { replace: false })).rejects.toThrow(BackupFileError);
      const contacts = await target.query<{ count: number }>('select count(*)::int as count from contacts');
      expect(contacts[0]?.count).toBe(0);
    } finally {
      await target.close();
    }
  });

  it('keeps going after the restored rows: new rows get new ids', async () => {
    const target = await openEmptyTestDatabase();
    try {
      await restoreLines(target, linesOf(lines), { replace: false });
      const serial = await target.query<{ table: string; column: string }>(
        `select table_name as table, column_name as column from information_schema.columns
          where table_schema = current_schema() and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
      );
      for (const { table, column } of serial) {
        const [row] = await target.query<{ next: string; max: string | null }>(
          `select nextval(pg_get_serial_sequence($1, $2))::text as next, (select max("${column}") from "${table}")::text as max`,
          [table, column],
        );
        expect(Number(row?.next)).toBeGreaterThan(Number(row?.max ?? 0));
      }
    } finally {
      await target.close();
    }
  });
});

describe('the commands beside a running server', () => {
  let dataDir: string;
  let scratch: string;
  let schema: Awaited<ReturnType<typeof privateSchema>> | null = null;
  let env: Record<string, string>;

  const command = async (args: readonly string[]): Promise<{ code: number; output: string }> => {
    try {
      const { stdout, stderr } = await run(process.execPath, [BACKUP_MAIN, ...args], { env: { ...process.env, ...env, LOG_LEVEL: 'warn' } });
      return { code: 0, output: stdout + stderr };
    } catch (error) {
      const { code, stdout, stderr } = error as { code?: number; stdout?: string; stderr?: string };
      return { code: code ?? -1, output: `${stdout ?? ''}${stderr ?? ''}` };
    }
  };

  const stop = async (server: ChildRun): Promise<void> => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  };

  beforeAll(async () => {
    ensureServerBuilt();
    dataDir = await seededDataDir();
    scratch = mkdtempSync(join(tmpdir(), 'backup-'));
    if (testBackend() === 'postgres') schema = await privateSchema('backup');
    env = { DATA_DIR: dataDir, ...(schema !== null ? { DATABASE_URL: schema.url } : {}) };
  });

  afterAll(async () => {
    await schema?.drop();
    removeDataDir(dataDir);
    rmSync(scratch, { recursive: true, force: true });
  });

  it('takes the backup while the site serves, and refuses a restore over its content unless told to replace it', async () => {
    const server = startServer(dataDir, env);
    const port = await listeningPort(server);
    const file = join(scratch, 'site.backup');
    // Visitors keep being answered while the backup is taken.
    const visits = (async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        const answer = await getOnce(port, '/api/contacts/');
        statuses.push(answer.kind === 'answer' ? answer.status : 0);
      }
      return statuses;
    })();
    const backup = await command(['backup', file]);
    expect(backup).toMatchObject({ code: 0 });
    expect(backup.output).toMatch(/^backup written to .*contacts \d+/m);
    expect((await visits).every((status) => status === 200)).toBe(true);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ format: 'institution-site-backup', database: testBackend() });
    expect(JSON.parse(lines[lines.length - 1] ?? '{}')).toMatchObject({ end: true });

    const refused = await command(['restore', file]);
    expect(refused.code).toBe(1);
    // PGlite's folder is the running server's; PostgreSQL refuses for the content it holds.
    expect(refused.output).toMatch(
      testBackend() === 'pglite' ? /restore refused, nothing was changed: .* held by the server/ : /holds content: nothing was changed/,
    );
    await stop(server);

    expect((await command(['restore', file])).output).toMatch(/holds content: nothing was changed \(add --replace/);
    const replaced = await command(['restore', file, '--replace']);
    expect(replaced).toMatchObject({ code: 0 });
    expect(replaced.output).toMatch(/^restored .*contacts \d+/m);

    // The site serves the restored content.
    const again = startServer(dataDir, env);
    const next = await listeningPort(again);
    expect(await getOnce(next, '/readyz')).toMatchObject({ kind: 'answer', status: 200 });
    await stop(again);
  });

  it('says how it is used', async () => {
    const usage = await command(['restore']);
    expect(usage.code).toBe(2);
    expect(usage.output).toMatch(/^usage: /);
  });
});
