import { createWriteStream, readFileSync, renameSync, rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseJson } from '../../src/domain/json';
import { jsonAnswer, textAnswer, askServer, type OperationHandlers } from '../backup/backup-socket';
import { DataFolderLockedError } from '../data/data-folder-lock';
import { openDatabase, type DatabaseLocation } from '../data/db';
import type { Database } from '../data/database';
import { migrate } from '../data/migrations';
import { applyChanges, decodeChanges } from './content-merge';
import { readJournal, type JournalEntry } from './content-routes';
import { exportContent, ItemRefusedError, type ItemWrite } from './content-store';

/** The journal's name of the writes of `npm run import -- --merge`: a command run by whoever holds the server's folder or database. */
export const MERGE_WRITER = 'import --merge';

/** What a merge did, or why nothing was written. */
export type MergeOutcome = { readonly ok: true; readonly writes: readonly ItemWrite[] } | { readonly ok: false; readonly errors: readonly string[] };

/** Applies the merge file's text on `db`: decoded with the import's codecs, written in one transaction through the content API's code. */
export const mergeText = async (db: Database, text: string): Promise<MergeOutcome> => {
  let input: unknown;
  try {
    input = parseJson(text);
  } catch (error) {
    return { ok: false, errors: [`(root): not JSON: ${error instanceof Error ? error.message : String(error)}`] };
  }
  const decoded = decodeChanges(input);
  if (!decoded.ok) return decoded;
  try {
    return { ok: true, writes: await applyChanges(db, decoded.changes, MERGE_WRITER) };
  } catch (error) {
    if (!(error instanceof ItemRefusedError)) throw error;
    const refusal = error.refusal;
    return { ok: false, errors: refusal.kind === 'conflict' ? [refusal.detail] : refusal.errors.map((fault) => `${fault.path}: ${fault.message}`) };
  }
};

const exportText = async (db: Database): Promise<string> => {
  const parts: string[] = [];
  for await (const part of exportContent(db)) parts.push(part);
  return parts.join('');
};

/** The content commands a running server on PGlite does for a command beside it (its socket, server/backup/backup-socket.ts). */
export const contentOperations = (db: Database): OperationHandlers => ({
  'GET /export': async () => ({ status: 200, type: 'application/json', body: await exportText(db) }),
  'GET /journal': async ({ body }) => {
    const { after, limit } = (body === '' ? {} : parseJson(body)) as { after?: number; limit?: number };
    return jsonAnswer(200, await readJournal(db, after ?? 0, limit ?? 1000));
  },
  'POST /merge': async ({ body }) => {
    const outcome = await mergeText(db, body);
    return outcome.ok ? jsonAnswer(200, outcome.writes) : textAnswer(422, outcome.errors.join('\n'));
  },
});

/**
 * Runs `work` on the database the settings name; on PGlite held by the running server, asks the
 * server instead with `remote` (over its socket): the site keeps serving.
 */
export const onDatabase = async <T>(location: DatabaseLocation, work: (db: Database) => Promise<T>, remote: (dataDir: string) => Promise<T>): Promise<T> => {
  let db: Database;
  try {
    db = await openDatabase(location);
  } catch (error) {
    if (!(error instanceof DataFolderLockedError)) throw error;
    return remote(location.dataDir);
  }
  try {
    await migrate(db);
    return await work(db);
  } finally {
    await db.close();
  }
};

const answered = async (dataDir: string, method: string, path: string, body?: string): Promise<string> => {
  const answer = await askServer(dataDir, method, path, body);
  if (answer.status !== 200) throw new Error(answer.body.trim());
  return answer.body;
};

/** `npm run export -- FILE`: the whole content in the import file's format, written beside and renamed. */
export const exportToFile = async (location: DatabaseLocation, file: string): Promise<void> => {
  const scratch = `${file}.tmp-${process.pid}`;
  try {
    await onDatabase(
      location,
      (db) => pipeline(Readable.from(exportContent(db)), createWriteStream(scratch)),
      async (dataDir) => pipeline(Readable.from([await answered(dataDir, 'GET', '/export')]), createWriteStream(scratch)),
    );
    renameSync(scratch, file);
  } finally {
    rmSync(scratch, { force: true });
  }
};

/** The journal's entries after `after`, at most `limit`, from the database or the server holding it. */
export const journalEntries = (location: DatabaseLocation, after: number, limit: number): Promise<JournalEntry[]> =>
  onDatabase(
    location,
    (db) => readJournal(db, after, limit),
    async (dataDir) => parseJson(await answered(dataDir, 'GET', '/journal', JSON.stringify({ after, limit }))) as JournalEntry[],
  );

/** `npm run import -- --merge FILE`: the file's changes, in one transaction, on the database or through the server holding it. */
export const mergeFile = (location: DatabaseLocation, file: string): Promise<MergeOutcome> => {
  const text = readFileSync(file, 'utf8');
  return onDatabase(
    location,
    (db) => mergeText(db, text),
    async (dataDir) => {
      const answer = await askServer(dataDir, 'POST', '/merge', text);
      if (answer.status === 200) return { ok: true, writes: parseJson(answer.body) as ItemWrite[] };
      if (answer.status === 422) return { ok: false, errors: answer.body.trim().split('\n') };
      throw new Error(answer.body.trim());
    },
  );
};
