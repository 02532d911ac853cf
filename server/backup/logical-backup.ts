import { isLeft } from 'fp-ts/Either';
import * as t from 'io-ts';
import { CONTENT_CHANNEL } from '../data/content';
import type { Database, Queryable } from '../data/database';
import { migrate, MIGRATIONS } from '../data/migrations';

/**
 * A backup is a logical copy of every table of the site's schema, one JSON object a line: a
 * header, the rows of each table in chunks, and a closing line that counts them. The same file
 * restores on PGlite and on PostgreSQL (and moves a site from one to the other), and is read by
 * the same SQL on both: rows leave as `row_to_json` and come back through `json_populate_recordset`,
 * so PostgreSQL itself converts every column's type both ways.
 */

/** The first line's `format`: what tells a backup from any other file of JSON lines. */
export const BACKUP_FORMAT = 'institution-site-backup';

// How many rows one line of the file holds: a line stays a few hundred kilobytes at most.
const ROWS_PER_LINE = 500;

// Tables that a migration fills by itself (the list of applied steps, the site's signing key):
// their rows are no content, so a database holding only them counts as empty.
const MIGRATION_TABLES: ReadonlySet<string> = new Set(['schema_migrations', 'site_secrets']);

const LATEST_SCHEMA = Math.max(...MIGRATIONS.map((migration) => migration.version));

const BackupHeader = t.type({
  format: t.literal(BACKUP_FORMAT),
  formatVersion: t.literal(1),
  schemaVersion: t.number,
  database: t.union([t.literal('pglite'), t.literal('postgres')]),
  createdAt: t.string,
  tables: t.array(t.string),
});

const BackupRows = t.type({ table: t.string, rows: t.array(t.UnknownRecord) });

const BackupEnd = t.type({ end: t.literal(true), rows: t.number });

/** What a backup's first line says of it. */
export type BackupHeader = t.TypeOf<typeof BackupHeader>;

/** What a backup or a restore did: the schema version and the rows by table. */
export interface BackupSummary {
  readonly schemaVersion: number;
  readonly rows: Readonly<Record<string, number>>;
}

/** A restore that was not run, and why (the database was left as it was). */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

/** A file that is not a whole backup: a foreign file, a cut one, or one of a newer schema. */
export class BackupFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupFileError';
  }
}

// The site's tables in the current schema, parents before the tables whose foreign keys name them.
const siteTables = async (db: Queryable): Promise<string[]> => {
  const tables = await db.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name",
  );
  const links = await db.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = current_schema()::regnamespace and k.conrelid <> k.confrelid`,
  );
  const ordered: string[] = [];
  const pending = new Set(tables.map((table) => table.name));
  while (pending.size > 0) {
    const ready = [...pending].filter((name) => !links.some((link) => link.child === name && pending.has(link.parent)));
    // A cycle of foreign keys (none in this schema) would leave nothing ready: its tables go in name order.
    for (const name of ready.length > 0 ? ready : [...pending]) {
      ordered.push(name);
      pending.delete(name);
    }
  }
  return ordered;
};

const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

const schemaVersionOf = async (db: Queryable): Promise<number> => {
  const [row] = await db.query<{ version: number | null }>('select max(version) as version from schema_migrations');
  return row?.version ?? 0;
};

/**
 * Reads every table of `db` in one read-only transaction (on PostgreSQL a repeatable-read
 * snapshot: the rows of all tables are of one moment) and returns the backup's lines. The rows are
 * read before any line is written out: on PGlite, whose one connection the server shares, the
 * transaction then lasts as long as the reading and never as long as a slow disk or socket.
 */
export const backupLines = async (db: Database, createdAt: Date = new Date()): Promise<string[]> =>
  db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    const all = await siteTables(tx);
    if (!all.includes('schema_migrations')) throw new BackupFileError('the database has no schema yet: there is nothing to back up');
    const tables = all.filter((name) => name !== 'schema_migrations');
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      formatVersion: 1,
      schemaVersion: await schemaVersionOf(tx),
      database: db.kind,
      createdAt: createdAt.toISOString(),
      tables,
    };
    const lines = [JSON.stringify(header)];
    let total = 0;
    for (const table of tables) {
      // As text: PostgreSQL writes each value (numeric, timestamptz, jsonb, bytea) as it reads it back.
      const rows = await tx.query<{ row: string }>(`select row_to_json(t)::text as row from ${quoted(table)} t`);
      for (let start = 0; start < rows.length; start += ROWS_PER_LINE) {
        const chunk = rows.slice(start, start + ROWS_PER_LINE).map((row) => row.row);
        lines.push(`{"table":${JSON.stringify(table)},"rows":[${chunk.join(',')}]}`);
      }
      total += rows.length;
    }
    lines.push(JSON.stringify({ end: true, rows: total }));
    return lines;
  });

const parsedLine = (line: string, number: number): unknown => {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw new BackupFileError(`line ${number} is not JSON: this is not a backup made by "npm run backup", or it was cut`);
  }
};

/** Whether `db` holds content: a row in any table other than those a migration fills by itself. */
export const holdsContent = async (db: Queryable): Promise<boolean> => {
  for (const table of await siteTables(db)) {
    if (MIGRATION_TABLES.has(table)) continue;
    const [row] = await db.query<{ found: boolean }>(`select exists (select 1 from ${quoted(table)}) as found`);
    if (row?.found === true) return true;
  }
  return false;
};

// Rows of a table, inserted as PostgreSQL converts them from JSON; generated columns are its own to compute.
const insertRows = async (tx: Queryable, table: string, rows: readonly Record<string, unknown>[]): Promise<void> => {
  const columns = await tx.query<{ name: string }>(
    "select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = $1 and is_generated = 'NEVER' order by ordinal_position",
    [table],
  );
  const list = columns.map((column) => quoted(column.name)).join(', ');
  await tx.query(`insert into ${quoted(table)} (${list}) overriding system value select ${list} from json_populate_recordset(null::${quoted(table)}, $1::json)`, [
    JSON.stringify(rows),
  ]);
};

// Each sequence behind a serial or identity column goes on after the largest restored value.
const resetSequences = async (tx: Queryable, tables: readonly string[]): Promise<void> => {
  for (const table of tables) {
    const owned = await tx.query<{ column: string; sequence: string }>(
      `select column_name as column, pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
         from information_schema.columns
        where table_schema = current_schema() and table_name = $1 and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
      [table],
    );
    for (const { column, sequence } of owned) {
      await tx.query(`select setval($1, coalesce((select max(${quoted(column)}) from ${quoted(table)}), 0) + 1, false)`, [sequence]);
    }
  }
};

/** How a restore treats a database that already holds content. */
export interface RestoreOptions {
  /** Drop every table of the site first; without it, a database holding content is refused. */
  readonly replace: boolean;
}

/**
 * Restores the backup whose lines `lines` gives into `db`. The schema is brought to the backup's
 * version first, the rows go in in one transaction (all or none), then the later migrations run,
 * so a backup of an older version comes back as today's schema with its rows kept. Refuses a
 * database that holds content unless `replace`. Announces the new content to the servers listening.
 */
export const restoreLines = async (db: Database, lines: AsyncIterable<string>, { replace }: RestoreOptions): Promise<BackupSummary> => {
  const iterator = lines[Symbol.asyncIterator]();
  let number = 0;
  const next = async (): Promise<unknown> => {
    for (;;) {
      const step: IteratorResult<string, unknown> = await iterator.next();
      if (step.done === true) return null;
      number += 1;
      if (step.value.trim() !== '') return parsedLine(step.value, number);
    }
  };
  const header = BackupHeader.decode(await next());
  if (isLeft(header)) throw new BackupFileError(`line ${number} is no backup header: this is not a file made by "npm run backup"`);
  const { schemaVersion, tables } = header.right;
  if (schemaVersion > LATEST_SCHEMA) {
    throw new BackupFileError(
      `the backup is of schema version ${schemaVersion}, newer than this version of the site (${LATEST_SCHEMA}): restore it with the version that made it`,
    );
  }
  if (await holdsContent(db)) {
    if (!replace) throw new RestoreRefusedError('the database holds content: nothing was changed (add --replace to drop it and restore the backup in its place)');
  }
  if (replace) {
    const existing = await siteTables(db);
    await db.transaction(async (tx) => {
      for (const table of existing.reverse()) await tx.query(`drop table if exists ${quoted(table)} cascade`);
    });
  }
  await migrate(
    db,
    MIGRATIONS.filter((migration) => migration.version <= schemaVersion),
  );
  const known = new Set(await siteTables(db));
  const missing = tables.filter((table) => !known.has(table));
  if (missing.length > 0) throw new BackupFileError(`the backup names tables that schema version ${schemaVersion} does not have: ${missing.join(', ')}`);
  const counts: Record<string, number> = Object.fromEntries(tables.map((table) => [table, 0]));
  await db.transaction(async (tx) => {
    // What the migrations wrote (the site's signing key) gives way to the backup's rows.
    for (const table of [...tables].reverse()) await tx.query(`delete from ${quoted(table)}`);
    for (;;) {
      const value = await next();
      const end = BackupEnd.decode(value);
      if (!isLeft(end)) {
        const restored = Object.values(counts).reduce((sum, count) => sum + count, 0);
        if (end.right.rows !== restored) throw new BackupFileError(`the backup's last line counts ${end.right.rows} rows, the file holds ${restored}`);
        break;
      }
      if (value === null) throw new BackupFileError('the backup ends before its last line: the file was cut (nothing was restored)');
      const chunk = BackupRows.decode(value);
      if (isLeft(chunk) || !(chunk.right.table in counts)) throw new BackupFileError(`line ${number} is not rows of a table the header lists`);
      await insertRows(tx, chunk.right.table, chunk.right.rows);
      counts[chunk.right.table] = (counts[chunk.right.table] ?? 0) + chunk.right.rows.length;
    }
    await resetSequences(tx, tables);
    // Every server on this database drops its cached answers, as after an import.
    await tx.query(`select pg_notify($1, 'restored')`, [CONTENT_CHANNEL]);
  });
  await migrate(db);
  return { schemaVersion, rows: counts };
};

/** How many rows of each table a backup's lines hold, read from its lines (the command's report). */
export const countRows = (lines: readonly string[]): BackupSummary => {
  const header = BackupHeader.decode(JSON.parse(lines[0] ?? 'null'));
  if (isLeft(header)) throw new BackupFileError('no backup header');
  const rows: Record<string, number> = Object.fromEntries(header.right.tables.map((table) => [table, 0]));
  for (const line of lines.slice(1)) {
    const chunk = BackupRows.decode(JSON.parse(line));
    if (!isLeft(chunk)) rows[chunk.right.table] = (rows[chunk.right.table] ?? 0) + chunk.right.rows.length;
  }
  return { schemaVersion: header.right.schemaVersion, rows };
};
