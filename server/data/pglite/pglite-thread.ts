import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { timedStatement } from '../../telemetry/metrics';
import type { Database, Queryable } from '../database';
import { PGLITE_SETTINGS } from './pglite-settings';

/**
 * PGlite runs PostgreSQL compiled to WebAssembly: every statement runs on the thread that holds
 * it. On the request thread a full list (tens of milliseconds of SQL) stalls every static file
 * and cached answer behind it, so the server keeps PGlite in a worker thread of its own and sends
 * it statements as messages. The same code serves Jest, whose module VM cannot load PGlite's
 * dynamic imports in-process: a worker is a plain Node isolate.
 */

/**
 * The new-object space of the PGlite thread's JavaScript heap, in MB. Its work is in WebAssembly;
 * its JavaScript only turns answers into rows, short-lived and small: V8's default (up to 48 MB,
 * kept once grown) would hold memory that a small space collects as often for a few ms.
 */
export const PGLITE_THREAD_YOUNG_GENERATION_MB = 6;

/** The code (SQLSTATE class 08, "connection exception") of a query refused because the thread is gone: a 503, not a 500. */
export const PGLITE_THREAD_GONE_CODE = '08006';

interface Answer {
  readonly id: number;
  readonly rows?: unknown[];
  readonly error?: { readonly message: string; readonly code?: string };
  /** A NOTIFY on a channel the thread listens to (no waiter: nobody asked for it). */
  readonly notification?: { readonly channel: string; readonly payload: string };
}

type Operation = 'query' | 'listen' | 'unlisten' | 'close';

// Plain JavaScript, evaluated by the worker: no TypeScript loader is needed under tsx or Jest.
// PGlite's errors cross as plain objects; their SQLSTATE `code` is kept for the error classifier.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglitePath);
const { pg_trgm } = require(workerData.trgmPath);
const failure = (error) => ({ message: String((error && error.message) || error), code: error && typeof error.code === 'string' ? error.code : undefined });
// PGlite's own start parameters first, ours after them: a later \`-c\` wins.
const startParams = [...(PGlite.defaultStartParams || []), ...workerData.settings];
const options = { extensions: { pg_trgm }, startParams };
if (workerData.dataDir !== undefined) options.dataDir = workerData.dataDir;
PGlite.create(options).then((db) => {
  const unlisten = new Map();
  parentPort.on('message', (request) => {
    const done = (rows) => parentPort.postMessage({ id: request.id, rows });
    const fail = (error) => parentPort.postMessage({ id: request.id, error: failure(error) });
    // A listen or unlisten request names its channel in \`sql\`.
    if (request.op === 'listen') {
      db.listen(request.sql, (payload) => parentPort.postMessage({ id: -1, notification: { channel: request.sql, payload } })).then(
        (stop) => { unlisten.set(request.sql, stop); done([]); },
        fail,
      );
      return;
    }
    if (request.op === 'unlisten') {
      const stop = unlisten.get(request.sql);
      unlisten.delete(request.sql);
      (stop ? stop() : Promise.resolve()).then(() => done([]), fail);
      return;
    }
    if (request.op === 'close') {
      db.close().then(() => done([]), fail);
      return;
    }
    db.query(request.sql, request.params).then((result) => done(result.rows), fail);
  });
  parentPort.postMessage({ id: 0, rows: [] });
}, (error) => parentPort.postMessage({ id: 0, error: failure(error) }));
`;

/**
 * PGlite's 9 MB of WebAssembly compiled by V8's baseline compiler (Liftoff) only. By default V8
 * compiles it twice, the hot functions again with its optimizing compiler: ~40 MB more resident
 * memory for the server's life (146 → 105 MB for an open PGlite), and no faster on the site's
 * queries (`npm run bench load`, demo and large database). The flag is process-wide, and only
 * PGlite runs WebAssembly in this process.
 */
export const WASM_COMPILER_FLAG = '--liftoff-only';

const startArguments = (settings: Readonly<Record<string, string>>): string[] => Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);

const threadGone = (why: string): Error => Object.assign(new Error(`the PGlite thread has stopped (${why})`), { code: PGLITE_THREAD_GONE_CODE });

/**
 * PGlite on `dataDir` (in memory when undefined) in a worker thread, behind the server's
 * `Database` interface. One connection: while a transaction runs, other statements wait for it.
 */
export const openPgliteThread = async (dataDir?: string, settings: Readonly<Record<string, string>> = PGLITE_SETTINGS): Promise<Database> => {
  setFlagsFromString(WASM_COMPILER_FLAG);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    resourceLimits: { maxYoungGenerationSizeMb: PGLITE_THREAD_YOUNG_GENERATION_MB },
    workerData: {
      dataDir,
      pglitePath: require.resolve('@electric-sql/pglite'),
      trgmPath: require.resolve('@electric-sql/pglite/contrib/pg_trgm'),
      settings: startArguments(settings),
    },
  });
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  let next = 1;
  // Why the thread is gone, once it is: every waiting and later statement fails with it rather than hang.
  let gone: Error | null = null;
  const stop = (error: Error): void => {
    if (gone !== null) return;
    gone = error;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  const ready = new Promise<void>((resolve, reject) => pending.set(0, { resolve: () => resolve(), reject }));
  worker.on('error', (error) => stop(threadGone(error.message)));
  worker.on('exit', (code) => stop(threadGone(`exit code ${code}`)));
  // The thread listens once per channel; the subscribers of each channel are kept here.
  const subscribers = new Map<string, Set<(payload: string) => void>>();
  const listening = new Map<string, Promise<unknown[]>>();
  worker.on('message', (answer: Answer) => {
    if (answer.notification !== undefined) {
      for (const onMessage of [...(subscribers.get(answer.notification.channel) ?? [])]) onMessage(answer.notification.payload);
      return;
    }
    const waiter = pending.get(answer.id);
    pending.delete(answer.id);
    if (pending.size === 0) worker.unref();
    if (answer.error !== undefined)
      waiter?.reject(Object.assign(new Error(answer.error.message), answer.error.code === undefined ? {} : { code: answer.error.code }));
    else waiter?.resolve(answer.rows ?? []);
  });
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  const send = (op: Operation, sql?: string, params?: readonly unknown[]): Promise<unknown[]> =>
    new Promise((resolve, reject) => {
      if (gone !== null) {
        reject(gone);
        return;
      }
      const id = next;
      next += 1;
      pending.set(id, { resolve, reject });
      // The thread keeps the process alive while it owes an answer, and only then: a script that
      // forgets to close its database still ends.
      worker.ref();
      worker.postMessage({ id, op, sql, params: params === undefined ? [] : [...params] });
    });

  // While a transaction runs, other statements wait for it to end (one connection: they would land inside it).
  let gate: Promise<unknown> = Promise.resolve();
  // Every statement, inside a transaction or not, passes here: its time goes to `/metrics`.
  const direct: Queryable = { query: <T>(sql: string, params?: readonly unknown[]) => timedStatement(async () => (await send('query', sql, params)) as T[]) };
  let closed = false;
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
          // A thread that died mid-transaction has nothing to roll back; the first error is the one to tell.
          await direct.query('rollback').catch(() => undefined);
          throw error;
        }
      });
      gate = run.catch(() => undefined);
      return run;
    },
    listen: async (channel, onMessage) => {
      // Not inside someone's transaction: a LISTEN there would end with its rollback. PGlite
      // delivers a NOTIFY once its transaction commits, as PostgreSQL does.
      await gate;
      let listeners = subscribers.get(channel);
      if (listeners === undefined) {
        listeners = new Set();
        subscribers.set(channel, listeners);
        listening.set(channel, send('listen', channel));
      }
      listeners.add(onMessage);
      try {
        await listening.get(channel);
      } catch (error) {
        listeners.delete(onMessage);
        if (listeners.size === 0 && subscribers.get(channel) === listeners) {
          subscribers.delete(channel);
          listening.delete(channel);
        }
        throw error;
      }
      const own = listeners;
      return async () => {
        own.delete(onMessage);
        if (closed || gone !== null || own.size > 0 || subscribers.get(channel) !== own) return;
        subscribers.delete(channel);
        listening.delete(channel);
        await gate;
        await send('unlisten', channel);
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await gate;
      try {
        if (gone === null) await send('close');
      } finally {
        await worker.terminate();
      }
    },
  };
};
