import { Worker } from 'node:worker_threads';
import type { Database, Queryable } from '../../server/db';

interface Answer {
  id: number;
  rows?: unknown[];
  error?: { message: string; code?: string };
}

// PGlite's Node build loads its parts with dynamic import(), which Jest's module VM refuses
// without --experimental-vm-modules: so under Jest it runs in a worker thread, a plain Node
// isolate, and answers statements sent as messages. Plain JavaScript: no loader is needed.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglitePath);
PGlite.create({ dataDir: workerData.dataDir }).then((db) => {
  parentPort.on('message', (request) => {
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
    workerData: { dataDir, pglitePath: require.resolve('@electric-sql/pglite') },
  });
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  let next = 1;
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    pending.set(0, { resolve: () => resolve(), reject });
  });
  worker.on('message', (answer: Answer) => {
    const waiter = pending.get(answer.id);
    pending.delete(answer.id);
    if (answer.error) waiter?.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
    else waiter?.resolve(answer.rows ?? []);
  });
  await ready;

  const send = (op: 'query' | 'close', sql?: string, params?: readonly unknown[]): Promise<unknown[]> =>
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
    close: async () => {
      await gate;
      await send('close');
      await worker.terminate();
    },
  };
};
