import { chmodSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import type { Database } from '../data/database';
import { backupLines } from './logical-backup';

/**
 * PGlite lets one process open its data folder, and the running server holds it: a command beside
 * it (a backup, a token…) asks the server to do the work instead. It asks over a Unix socket in
 * DATA_DIR, which only the folder's owner may open: no port, no address, nothing a proxy could
 * pass on. Whoever can open it may do what the folder's owner may, so it answers without a token.
 */

/** The socket's name inside DATA_DIR (beside `pglite/`, as the lock file is); kept from when it served backups only, so a command reaches an older server. */
export const BACKUP_SOCKET = 'backup.sock';

/** The socket of the server holding `dataDir`. */
export const backupSocketPath = (dataDir: string): string => join(dataDir, BACKUP_SOCKET);

/** An answer of the socket: its status, media type and whole text. */
export interface OperationAnswer {
  readonly status: number;
  readonly type: string;
  readonly body: string;
}

/** What a handler is given: the request's body as text, and the path's last segment when its route ends in `/:param`. */
export interface OperationRequest {
  readonly body: string;
  readonly param: string | undefined;
}

/** One operation the server does for a command beside it. */
export type OperationHandler = (request: OperationRequest) => Promise<OperationAnswer>;

/**
 * The operations by route, `METHOD /path` (`GET /backup`), or `METHOD /path/:param` for one
 * further segment (`DELETE /tokens/:name`, percent-decoded into `param`).
 */
export type OperationHandlers = Readonly<Record<string, OperationHandler>>;

/** A listening socket; `close()` stops it and removes its file. */
export interface OperationSocket {
  close(): Promise<void>;
}

// A command's request is small (a name, a token's settings) or an import's file: bounded all the
// same, so that a stray writer cannot fill the server's memory.
const MAX_BODY_BYTES = 256 * 1024 * 1024;

const TEXT = 'text/plain; charset=utf-8';

/** A plain-text answer: what a refused or failed operation says to its command. */
export const textAnswer = (status: number, text: string): OperationAnswer => ({ status, type: TEXT, body: `${text}\n` });

/** A JSON answer. */
export const jsonAnswer = (status: number, value: unknown): OperationAnswer => ({ status, type: 'application/json', body: JSON.stringify(value) });

/** The backup, as `GET /backup` answers it to `npm run backup`: the backup's lines of `db`. */
export const backupOperations = (db: Database): OperationHandlers => ({
  'GET /backup': async () => ({ status: 200, type: 'application/x-ndjson', body: `${(await backupLines(db)).join('\n')}\n` }),
});

type Route = (method: string, path: string) => { handler: OperationHandler; param: string | undefined } | null;

const router = (handlers: OperationHandlers): Route => {
  const exact = new Map<string, OperationHandler>();
  const prefixed = new Map<string, OperationHandler>();
  for (const [route, handler] of Object.entries(handlers)) {
    const match = /^([A-Z]+) (\/\S*?)(\/:[a-z]+)?$/i.exec(route);
    if (match === null) throw new Error(`an operation's route is "METHOD /path" or "METHOD /path/:param", not "${route}"`);
    const [, method = '', path = '', param] = match;
    (param === undefined ? exact : prefixed).set(`${method.toUpperCase()} ${path}`, handler);
  }
  return (method, path) => {
    const whole = exact.get(`${method} ${path}`);
    if (whole !== undefined) return { handler: whole, param: undefined };
    const cut = path.lastIndexOf('/');
    const handler = cut > 0 ? prefixed.get(`${method} ${path.slice(0, cut)}`) : undefined;
    if (handler === undefined || cut === path.length - 1) return null;
    try {
      return { handler, param: decodeURIComponent(path.slice(cut + 1)) };
    } catch {
      return null;
    }
  };
};

/**
 * Listens on `dataDir`'s socket for the commands beside the server, answering each route of
 * `handlers` (a failing handler answers 500 with its message). Resolves with `null`, after saying
 * why on `warn`, when the socket cannot be made (a folder whose file system has none): the site
 * serves on, only the commands beside it are missing.
 */
export const serveOperations = (dataDir: string, warn: (message: string) => void, handlers: OperationHandlers): Promise<OperationSocket | null> => {
  const route = router(handlers);
  const path = backupSocketPath(dataDir);
  // Left by a process that died: the data folder's lock, held by now, says no other server uses it.
  rmSync(path, { force: true });
  const server = createServer((req, res) => {
    const answer = ({ status, type, body }: OperationAnswer) => {
      res.writeHead(status, { 'content-type': type }).end(body);
    };
    const found = route(req.method ?? '', (req.url ?? '').split('?')[0] ?? '');
    if (found === null) {
      req.resume();
      answer(textAnswer(404, `no such operation; this server answers ${Object.keys(handlers).join(', ')}`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) {
        answer(textAnswer(413, `a request to this socket holds at most ${MAX_BODY_BYTES} bytes`));
        return;
      }
      found
        .handler({ body: Buffer.concat(chunks).toString('utf8'), param: found.param })
        .then(answer)
        .catch((error: unknown) => answer(textAnswer(500, error instanceof Error ? error.message : String(error))));
    });
  });
  return new Promise((done) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      warn(`no operations socket at ${path} (${error.code ?? error.message}): "npm run backup" and "npm run token" cannot reach this server`);
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

/**
 * Asks the server holding `dataDir` for `method path` over its socket, with `body` when given;
 * resolves with its answer whatever its status, rejects when the server cannot be reached (or
 * its answer is cut).
 */
export const askServer = (dataDir: string, method: string, path: string, body?: string): Promise<OperationAnswer> =>
  new Promise((done, fail) => {
    const socketPath = backupSocketPath(dataDir);
    const headers = body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    const call = request({ socketPath, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', fail);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (!response.complete) {
          fail(new Error(`the server holding ${dataDir} cut its answer to ${method} ${path}`));
          return;
        }
        done({ status: response.statusCode ?? 0, type: response.headers['content-type'] ?? '', body: text });
      });
    });
    call.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        new Error(
          `the server holding ${dataDir} does not answer on ${socketPath} (${error.code ?? error.message}): is it a version without this command? Stop it and run the command again`,
        ),
      ),
    );
    call.end(body);
  });

/** Asks the server holding `dataDir` for a backup over its socket; resolves with the backup's lines. */
export const requestBackup = async (dataDir: string): Promise<string[]> => {
  const { status, body } = await askServer(dataDir, 'GET', '/backup');
  if (status !== 200) throw new Error(`the server holding ${dataDir} refused the backup (${status}): ${body.trim()}`);
  return body.split('\n').filter((line) => line !== '');
};
