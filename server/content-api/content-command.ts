import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readSettings, SETTING_EXIT_STATUS, SettingError } from '../settings';
import { exportToFile, journalEntries } from './content-operations';

// `npm run export -- FILE` and `npm run journal [-- --after N --limit N]`, on the storage the
// server's settings name; on PGlite held by the running server, through its socket.

const USAGE = 'usage: content.cjs export FILE | content.cjs journal [--after N] [--limit N]';

const main = async (): Promise<void> => {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { after: { type: 'string' }, limit: { type: 'string' } } });
  const [action, file, ...rest] = positionals;
  const { dataDir, databaseUrl, pglite } = readSettings(process.env);
  const location = { dataDir, databaseUrl, pglite };
  if (action === 'export' && file !== undefined && rest.length === 0 && values.after === undefined && values.limit === undefined) {
    const path = resolve(file);
    await exportToFile(location, path);
    console.error(`content exported to ${path}`);
    return;
  }
  if (action === 'journal' && file === undefined) {
    const after = Number(values.after ?? '0');
    const limit = Number(values.limit ?? '1000');
    if (!Number.isSafeInteger(after) || after < 0 || !Number.isInteger(limit) || limit < 1 || limit > 100_000) throw new SettingError(USAGE);
    const entries = await journalEntries(location, after, limit);
    for (const entry of entries) {
      console.log([entry.id, entry.at, entry.token, entry.action, `${entry.kind}/${entry.item}`, entry.etag_before ?? '-', entry.etag_after ?? '-'].join('\t'));
    }
    if (entries.length === 0) console.error('the journal holds no write after that');
    return;
  }
  throw new SettingError(USAGE);
};

main().catch((error: unknown) => {
  if (error instanceof SettingError) {
    console.error(error.message);
    process.exit(SETTING_EXIT_STATUS);
  }
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
