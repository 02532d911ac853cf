import { chmodSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import type { Database } from '../data/database';
import { backupLines } from './logical-backup';

/**
 * PGlite lets one process open its data folder, and the running server holds it: a backup command
 * beside it asks the server for the backup instead. It asks over a Unix socket in DATA_DIR, which
 * only the folder's owner may open: no port, no address, nothing a proxy could pass on.
 */

/** The socket's name inside DATA_DIR (beside `pglite/`, as the lock file is). */
export const BACKUP_SOCKET = 'backup.sock';

const BACKUP_PATH = '/backup';

/** The socket of the server holding `dataDir`. */
export const backupSocketPath = (dataDir: string): string => join(dataDir, BACKUP_SOCKET);

/** A listening backup socket; `close()` stops it and removes its file. */
export interface BackupSocket {
  close(): Promise<void>;
}

/**
 * Listens on `dataDir`'s backup socket for the backup command, answering each `GET /backup` with
 * the backup's lines of `db`. Resolves with `null`, after saying why on `warn`, when the socket
 * cannot be made (a folder whose file system has none): the site serves on, only live backups are missing.
 */
export const serveBackups = (db: Database, dataDir: string, warn: (message: string) => void): Promise<BackupSocket | null> => {
  const path = backupSocketPath(dataDir);
  // Left by a process that died: the data folder's lock, held by now, says no other server uses it.
  rmSync(path, { force: true });
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== BACKUP_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('GET /backup\n');
      return;
    }
    backupLines(db)
      .then((lines) => {
        res.writeHead(200, { 'content-type': 'application/x-ndjson' });
        res.end(`${lines.join('\n')}\n`);
      })
      .catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`${error instanceof Error ? error.message : String(error)}\n`);
      });
  });
  return new Promise((done) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      warn(`no backup socket at ${path} (${error.code ?? error.message}): "npm run backup" cannot reach this server`);
      done(null);
    });
    server.listen(path, () => {
      chmodSync(path, 0o600);
      done({
        close: () =>
          new Promise((closed) => {
            server.close(() => closed());
            server.closeAllConnections();
          }),
      });
    });
  });
};

/** Asks the server holding `dataDir` for a backup over its socket; resolves with the backup's lines. */
export const requestBackup = (dataDir: string): Promise<string[]> =>
  new Promise((done, fail) => {
    const path = backupSocketPath(dataDir);
    const call = request({ socketPath: path, path: BACKUP_PATH, method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', fail);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (response.statusCode !== 200 || !response.complete) {
          fail(new Error(`the server holding ${dataDir} refused the backup (${response.statusCode ?? 0}): ${text.trim()}`));
          return;
        }
        done(text.split('\n').filter((line) => line !== ''));
      });
    });
    call.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        new Error(
          `the server holding ${dataDir} does not answer on ${path} (${error.code ?? error.message}): is it a version without live backups? Stop it and run the backup again`,
        ),
      ),
    );
    call.end();
  });
