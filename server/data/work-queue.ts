import { DatabaseBusyError } from './database-errors';
import type { Database, Queryable } from './database';

/**
 * How much database work one process lets run at once, and how much it lets wait. A flood of
 * uncached requests then costs the visitors a quick 503 with `Retry-After` rather than a line
 * that grows with the flood and holds every answer (and its memory) for seconds.
 */
export interface WorkLimits {
  /** Statements or transactions running at once. */
  readonly running: number;
  /** Statements or transactions waiting for a place; one more is refused with `DatabaseBusyError`. */
  readonly waiting: number;
}

/**
 * PGlite is one connection on one thread: more than a few statements sent at once only wait in
 * its message queue, so 4 keep it busy between two answers. PostgreSQL gets its pool's 10
 * connections (server/data/db.ts). 200 waiting is 50 rounds of 4 statements of full lists (~5 ms
 * each on the demo database): about a second of work, past which a visitor is better served by a
 * 503 and a retry than by a wait.
 */
export const DATABASE_WORK_LIMITS: Readonly<Record<Database['kind'], WorkLimits>> = {
  pglite: { running: 4, waiting: 200 },
  postgres: { running: 10, waiting: 200 },
};

/** A counting gate: `run` starts `work` when a place is free, or refuses it when the waiting line is full. */
export interface WorkQueue {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Running and waiting now (for tests and logs). */
  readonly load: () => { readonly running: number; readonly waiting: number };
}

/** A queue within `limits`: at most `running` at once, at most `waiting` in line, FIFO. */
export const workQueue = (limits: WorkLimits): WorkQueue => {
  let running = 0;
  const line: (() => void)[] = [];
  const release = (): void => {
    const next = line.shift();
    if (next === undefined) running -= 1;
    // The place passes straight to the next in line: `running` stays as it is.
    else next();
  };
  return {
    load: () => ({ running, waiting: line.length }),
    run: async <T>(work: () => Promise<T>): Promise<T> => {
      if (running < limits.running) running += 1;
      else if (line.length >= limits.waiting) throw new DatabaseBusyError();
      else await new Promise<void>((resolve) => line.push(resolve));
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
};

/**
 * `db` with every statement and transaction outside a transaction passed through `queue`;
 * statements inside a transaction run in the transaction's place (they would wait for themselves).
 */
export const queuedDatabase = (db: Database, queue: WorkQueue = workQueue(DATABASE_WORK_LIMITS[db.kind])): Database => ({
  kind: db.kind,
  query: <T>(sql: string, params?: readonly unknown[]) => queue.run(() => db.query<T>(sql, params)),
  transaction: <T>(work: (tx: Queryable) => Promise<T>) => queue.run(() => db.transaction(work)),
  listen: (channel, onMessage) => db.listen(channel, onMessage),
  close: () => db.close(),
});
