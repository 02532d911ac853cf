import { accessSync, constants } from 'node:fs';
import { basename, resolve } from 'node:path';
import { DataFolderLockedError, describeHolder } from '../data/data-folder-lock';
import { openDatabase } from '../data/db';
import type { Database } from '../data/database';
import { migrate } from '../data/migrations';
import { checkImportFile, writeImportFile } from './import-stream';
import { lifecycleLog } from '../telemetry/log';
import { mergeFile } from '../content-api/content-operations';

// The server's log: one JSON object per line (server/telemetry/log.ts).
const log = lifecycleLog(process.env['LOG_LEVEL']?.trim());

// `npm run import -- file.json`: replaces the content with an institution's own, all or nothing,
// reading the file as a stream (server/operations/import-stream.ts), so its size is not its memory.
// `npm run import -- --merge changes.json`: adds or replaces the items the file holds and deletes
// the keys it lists, in one transaction, through the content API's code (server/content-api); on
// PGlite held by the running server, through it: the site keeps serving.
const merge = async (file: string): Promise<number> => {
  const outcome = await mergeFile({ dataDir: resolve(process.env['DATA_DIR'] ?? '.data'), databaseUrl: process.env['DATABASE_URL'] }, file);
  if (!outcome.ok) {
    log.error({ problems: outcome.errors }, `${file} was not merged, nothing was changed: ${outcome.errors.join('; ')}`);
    return 1;
  }
  const counts = new Map<string, number>();
  for (const write of outcome.writes) counts.set(write.action, (counts.get(write.action) ?? 0) + 1);
  log.info(
    `merged ${file}: ${['create', 'replace', 'delete'].map((action) => `${counts.get(action) ?? 0} ${action === 'create' ? 'created' : action === 'replace' ? 'replaced' : 'deleted'}`).join(', ')}`,
  );
  return 0;
};

const main = async (): Promise<number> => {
  const [first, second, ...rest] = process.argv.slice(2);
  if (first === '--merge' && second !== undefined && rest.length === 0) return merge(second);
  const file = first;
  if (file === undefined || second !== undefined || file.startsWith('--')) {
    log.error('usage: npm run import -- file.json | npm run import -- --merge changes.json');
    return 2;
  }
  try {
    accessSync(file, constants.R_OK);
  } catch (error) {
    log.error(`${file}: cannot read JSON: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const decoded = await checkImportFile(file);
  if (!decoded.ok) {
    log.error({ problems: decoded.errors }, `${file} does not hold importable content; nothing was loaded: ${decoded.errors.join('; ')}`);
    return 1;
  }
  const dataDir = resolve(process.env['DATA_DIR'] ?? '.data');
  let db: Database;
  try {
    db = await openDatabase({ dataDir, databaseUrl: process.env['DATABASE_URL'] });
  } catch (error) {
    if (!(error instanceof DataFolderLockedError)) throw error;
    log.error(
      [
        `import refused, nothing was loaded: ${dataDir} is held by ${describeHolder(error.holder)}.`,
        'PGlite lets one process at a time open its data folder: an import beside the running server would destroy the content.',
        `Stop it (Ctrl-C in its terminal, or kill ${error.holder.pid}), run \`npm run import -- ${file}\` again, then start the server.`,
        'To import while the site keeps serving, run it on PostgreSQL (DATABASE_URL): there an import is one transaction the server picks up when it commits.',
      ].join('\n'),
    );
    return 1;
  }
  try {
    await migrate(db);
    await writeImportFile(db, file, decoded, `import:${basename(file)}`);
  } finally {
    await db.close();
  }
  const c = decoded.counts;
  log.info(`imported ${c.contacts} contacts, ${c.events} events, ${c.news} news, ${c.shop_items} shop items from ${file}`);
  return 0;
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log.fatal(`import failed, nothing was loaded: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
