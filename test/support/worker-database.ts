import { Worker } from 'node:worker_threads';
import type { Database, Queryable } from '../../server/db';

interface Answer {
  id: number;
  rows?: unknown[];
  error?: { message: string; code?: string };
  /** A NOTIFY on a channel the thread listens to (no `id`: nobody asked for it). */
  notification?: { channel: string; payload: string };
}

// PGlite's Node build loads its parts with dynamic import(), which Jest's module VM refuses
// without --experimental-vm-modules: so under Jest it runs in a worker thread, a plain Node
// isolate, and answers statements sent as messages. Plain JavaScript: no loader is needed.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglitePath);
const { pg_trgm } = require(workerData.trgmPath);
PGlite.create({ dataDir: workerData.dataDir, extensions: { pg_trgm } }).then((db) => {
  const unlisten = new Map();
  parentPort.on('message', (request) => {
    // A listen or unlisten request names its channel in \`sql\`.
    if (request.op === 'listen') {
      db.listen(request.sql, (payload) => parentPort.postMessage({ id: -1, notification: { channel: request.sql, payload } })).then(
        (stop) => { unlisten.set(request.sql, stop); parentPort.postMessage({ id: request.id, rows: [] }); },
        (error) => parentPort.postMessage({ id: request.id, error: { message: String(error && error.message || error) } }),
      );
      return;
    }
    if (request.op === 'unlisten') {
      const stop = unlisten.get(request.sql);
      unlisten.delete(request.sql);
      (stop ? stop() : Promise.resolve()).then(() => parentPort.postMessage({ id: request.id, rows: [] }));
      return;
    }
    if (request.op === 'close') {
      db.close().then(() => parentPort.postMessage({ id: request.id, rows: [] }));
      return;
    }
    db.query(request.sql, request.params).then(
      (result) => parentPort.postMessage({ id: request.id, rows: result.rows }),
      (error) => parentPort.postMessage({ id: request.id, error: { message: String(error && error.message || error), code: error && error.code } }),
    );
  });
  parentPort.postMessage({ id: 0, rows: [] });
}, (error) => parentPort.postMessage({ id: 0, error: { message: String(error && error.message || error) } }));
`;

/**
 * PGlite on `dataDir`, run in a worker thread behind the
 * server's `Database` interface, so Jest tests use the very same storage code paths.
 */
export const openPgliteWorker = async (dataDir: string): Promise<Database> => {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { dataDir, pglitePath: require.resolve('@electric-sql/pglite'), trgmPath: require.resolve('@electric-sql/pglite/contrib/pg_trgm') },
  });
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  let next = 1;
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    pending.set(0, { resolve: () => resolve(), reject });
  });
  // The thread listens once a channel; the subscribers of each channel are kept here.
  const subscribers = new Map<string, Set<(payload: string) => void>>();
  const listening = new Map<string, Promise<unknown[]>>();
  // A closed thread answers nothing: stopping a listener then has nothing left to do.
  let closed = false;
  worker.on('message', (answer: Answer) => {
    if (answer.notification !== undefined) {
      for (const onMessage of [...(subscribers.get(answer.notification.channel) ?? [])]) onMessage(answer.notification.payload);
      return;
    }
    const waiter = pending.get(answer.id);
    pending.delete(answer.id);
    if (answer.error) waiter?.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
    else waiter?.resolve(answer.rows ?? []);
  });
  await ready;

  const send = (op: 'query' | 'listen' | 'unlisten' | 'close', sql?: string, params?: readonly unknown[]): Promise<unknown[]> =>
    new Promise((resolve, reject) => {
      const id = next;
      next += 1;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, sql, params: params === undefined ? [] : [...params] });
    });

  // One connection: while a transaction runs, other statements wait for it to end.
  let gate: Promise<unknown> = Promise.resolve();
  const direct: Queryable = { query: async <T>(sql: string, params?: readonly unknown[]) => (await send('query', sql, params)) as T[] };
  return {
    kind: 'pglite',
    query: async <T>(sql: string, params?: readonly unknown[]) => {
      await gate;
      return direct.query<T>(sql, params);
    },
    transaction: <T>(work: (tx: Queryable) => Promise<T>): Promise<T> => {
      const run = gate.then(async () => {
        await direct.query('begin');
        try {
          const result = await work(direct);
          await direct.query('commit');
          return result;
        } catch (error) {
          await direct.query('rollback');
          throw error;
        }
      });
      gate = run.catch(() => undefined);
      return run;
    },
    listen: async (channel, onMessage) => {
      // Not inside someone's transaction: a LISTEN there would end with its rollback.
      await gate;
      let listeners = subscribers.get(channel);
      if (listeners === undefined) {
        listeners = new Set();
        subscribers.set(channel, listeners);
        listening.set(channel, send('listen', channel));
      }
      listeners.add(onMessage);
      await listening.get(channel);
      const own = listeners;
      return async () => {
        own.delete(onMessage);
        if (closed || own.size > 0 || subscribers.get(channel) !== own) return;
        subscribers.delete(channel);
        listening.delete(channel);
        await gate;
        await send('unlisten', channel);
      };
    },
    close: async () => {
      closed = true;
      await gate;
      await send('close');
      await worker.terminate();
    },
  };
};
