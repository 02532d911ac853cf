import { createReadStream, existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { DataFolderLockedError, describeHolder } from '../data/data-folder-lock';
import { openDatabase } from '../data/db';
import type { Database } from '../data/database';
import { readSettings, SETTING_EXIT_STATUS, SettingError } from '../settings';
import { requestBackup } from './backup-socket';
import { backupLines, BackupFileError, countRows, restoreLines, RestoreRefusedError, type BackupSummary } from './logical-backup';

// `npm run backup -- FILE` and `npm run restore -- FILE [--replace]`, on the storage the server's
// settings name (DATABASE_URL, else PGlite in DATA_DIR). On PGlite the running server holds the
// data folder: the backup is then asked of it over its socket (server/backup/backup-socket.ts) and
// the site serves on; a restore needs the folder, so the server is stopped for it.

const USAGE = 'usage: backup.cjs backup FILE | backup.cjs restore FILE [--replace]';

const described = ({ schemaVersion, rows }: BackupSummary): string => {
  const total = Object.values(rows).reduce((sum, count) => sum + count, 0);
  const tables = Object.entries(rows)
    .filter(([, count]) => count > 0)
    .map(([table, count]) => `${table} ${count}`)
    .join(', ');
  return `schema version ${schemaVersion}, ${total} rows (${tables})`;
};

const takeBackup = async (file: string): Promise<void> => {
  const { dataDir, databaseUrl, pglite } = readSettings(process.env);
  let lines: string[];
  let source: string;
  try {
    const db = await openDatabase({ dataDir, databaseUrl, pglite });
    try {
      lines = await backupLines(db);
    } finally {
      await db.close();
    }
    source = db.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${dataDir}`;
  } catch (error) {
    if (!(error instanceof DataFolderLockedError)) throw error;
    lines = await requestBackup(dataDir);
    source = `${describeHolder(error.holder)}, serving on`;
  }
  // Written beside and renamed: an earlier backup of the same name is never left half overwritten.
  const scratch = `${file}.tmp-${process.pid}`;
  try {
    writeFileSync(scratch, `${lines.join('\n')}\n`);
    renameSync(scratch, file);
  } finally {
    rmSync(scratch, { force: true });
  }
  console.log(`backup written to ${file} from ${source}: ${described(countRows(lines))}`);
};

const restore = async (file: string, replace: boolean): Promise<void> => {
  if (!existsSync(file)) throw new BackupFileError(`${file} does not exist`);
  const { dataDir, databaseUrl, pglite } = readSettings(process.env);
  let db: Database;
  try {
    db = await openDatabase({ dataDir, databaseUrl, pglite });
  } catch (error) {
    if (!(error instanceof DataFolderLockedError)) throw error;
    throw new RestoreRefusedError(
      `restore refused, nothing was changed: ${dataDir} is held by ${describeHolder(error.holder)}. PGlite lets one process at a time open its data folder: stop the server (kill ${error.holder.pid}), restore, then start it again.`,
    );
  }
  try {
    const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
    const summary = await restoreLines(db, lines, { replace });
    console.log(`restored ${file} into ${db.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${dataDir}`}: ${described(summary)}`);
  } finally {
    await db.close();
  }
};

const main = async (): Promise<void> => {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { replace: { type: 'boolean', default: false } } });
  const [action, file, ...rest] = positionals;
  if (file === undefined || rest.length > 0 || (action !== 'backup' && action !== 'restore') || (action === 'backup' && values.replace)) {
    throw new SettingError(USAGE);
  }
  const path = resolve(file);
  if (action === 'backup') await takeBackup(path);
  else await restore(path, values.replace);
};

main().catch((error: unknown) => {
  if (error instanceof SettingError) {
    console.error(error.message);
    process.exit(SETTING_EXIT_STATUS);
  }
  // A refusal or a bad file: one line that says what to do; anything else with its stack.
  console.error(error instanceof RestoreRefusedError || error instanceof BackupFileError ? error.message : error);
  process.exit(1);
});
