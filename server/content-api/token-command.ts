import { parseArgs } from 'node:util';
import { askServer, type OperationAnswer } from '../backup/backup-socket';
import { DataFolderLockedError } from '../data/data-folder-lock';
import { openDatabase } from '../data/db';
import type { Database } from '../data/database';
import { migrate } from '../data/migrations';
import { readSettings, SETTING_EXIT_STATUS, SettingError } from '../settings';
import { createToken, listTokens, revokeToken, TokenError, type TokenInfo } from './api-tokens';

// `npm run token -- create NAME | list | revoke NAME`: the content API's tokens, on the storage the
// server's settings name (DATABASE_URL, else PGlite in DATA_DIR), while the site runs or not. On
// PGlite the running server holds the data folder: the command then asks it over its socket
// (server/backup/backup-socket.ts), and the server does the work on its own connection.

const USAGE = 'usage: token.cjs create NAME | token.cjs list | token.cjs revoke NAME';

/** A refusal said by the server holding the folder: its sentence, for the one line the command prints. */
class RefusedError extends Error {}

type Action = { readonly kind: 'create'; readonly name: string } | { readonly kind: 'list' } | { readonly kind: 'revoke'; readonly name: string };

type Outcome =
  | { readonly kind: 'created'; readonly token: string }
  | { readonly kind: 'listed'; readonly tokens: readonly TokenInfo[] }
  | { readonly kind: 'revoked'; readonly info: TokenInfo };

const onDatabase = async (db: Database, action: Action): Promise<Outcome> => {
  // A database the server has not run on yet has no table of tokens: the schema first, as the server would.
  await migrate(db);
  switch (action.kind) {
    case 'create':
      return { kind: 'created', token: await createToken(db, action.name) };
    case 'list':
      return { kind: 'listed', tokens: await listTokens(db) };
    case 'revoke':
      return { kind: 'revoked', info: await revokeToken(db, action.name) };
  }
};

const accepted = (answer: OperationAnswer, expected: number): unknown => {
  if (answer.status !== expected) {
    // A refusal (a taken or unknown name, an operation an older server does not know) is its one sentence.
    throw answer.status >= 400 && answer.status < 500
      ? new RefusedError(answer.body.trim())
      : new Error(`the server refused (${answer.status}): ${answer.body.trim()}`);
  }
  return JSON.parse(answer.body);
};

const onServer = async (dataDir: string, action: Action): Promise<Outcome> => {
  switch (action.kind) {
    case 'create': {
      const { token } = accepted(await askServer(dataDir, 'POST', '/tokens', JSON.stringify({ name: action.name })), 201) as { token: string };
      return { kind: 'created', token };
    }
    case 'list':
      return { kind: 'listed', tokens: accepted(await askServer(dataDir, 'GET', '/tokens'), 200) as TokenInfo[] };
    case 'revoke':
      return { kind: 'revoked', info: accepted(await askServer(dataDir, 'DELETE', `/tokens/${encodeURIComponent(action.name)}`), 200) as TokenInfo };
  }
};

const run = async (action: Action): Promise<Outcome> => {
  const { dataDir, databaseUrl, pglite } = readSettings(process.env);
  let db: Database;
  try {
    db = await openDatabase({ dataDir, databaseUrl, pglite });
  } catch (error) {
    if (!(error instanceof DataFolderLockedError)) throw error;
    return onServer(dataDir, action);
  }
  try {
    return await onDatabase(db, action);
  } finally {
    await db.close();
  }
};

const table = (tokens: readonly TokenInfo[]): string => {
  const rows = [['NAME', 'CREATED', 'REVOKED'], ...tokens.map(({ name, createdAt, revokedAt }) => [name, createdAt, revokedAt ?? '-'])];
  const widths = [0, 1].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell)).join('  ')).join('\n');
};

const actionOf = (positionals: readonly string[]): Action => {
  const [kind, name, ...rest] = positionals;
  if (rest.length === 0 && name !== undefined && (kind === 'create' || kind === 'revoke')) return { kind, name };
  if (kind === 'list' && name === undefined) return { kind };
  throw new SettingError(USAGE);
};

const main = async (): Promise<void> => {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ allowPositionals: true, options: {} }));
  } catch {
    // An option: the command has none.
    throw new SettingError(USAGE);
  }
  const outcome = await run(actionOf(positionals));
  switch (outcome.kind) {
    case 'created':
      // The token alone on standard output, for `$(npm run -s token -- create x)`; the warning beside it.
      process.stdout.write(`${outcome.token}\n`);
      process.stderr.write('This token is shown once and cannot be shown again: keep it now (the database holds its hash only).\n');
      break;
    case 'listed':
      console.log(outcome.tokens.length === 0 ? 'no tokens (npm run token -- create NAME makes one)' : table(outcome.tokens));
      break;
    case 'revoked':
      console.log(`token "${outcome.info.name}" revoked at ${outcome.info.revokedAt ?? '?'}: refused from now on`);
      break;
  }
};

main().catch((error: unknown) => {
  if (error instanceof SettingError) {
    console.error(error.message);
    process.exit(SETTING_EXIT_STATUS);
  }
  // A refusal (a taken or unknown name): one line that says what to do; anything else with its stack.
  console.error(error instanceof TokenError || error instanceof RefusedError ? error.message : error);
  process.exit(1);
});
