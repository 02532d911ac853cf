import fc from 'fast-check';
import { DatabaseBusyError, isDatabaseUnavailable } from '../../server/data/database-errors';
import type { Database, Queryable } from '../../server/data/database';
import { queuedDatabase, workQueue, DATABASE_WORK_LIMITS } from '../../server/data/work-queue';
import { runs } from '../support/fuzz-runs';

interface Deferred {
  readonly promise: Promise<string>;
  resolve(value: string): void;
  reject(error: Error): void;
}

const deferred = (): Deferred => {
  let resolve: (value: string) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<string>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
};

// Lets every settled promise's continuations run.
const settle = async (): Promise<void> => {
  for (let round = 0; round < 5; round += 1) await Promise.resolve();
};

describe('workQueue', () => {
  it('runs at most `running` at once, keeps `waiting` in line in order, and refuses one more with DatabaseBusyError', async () => {
    const queue = workQueue({ running: 2, waiting: 2 });
    const jobs = Array.from({ length: 4 }, () => deferred());
    const started: number[] = [];
    const results = jobs.map((job, index) =>
      queue.run(() => {
        started.push(index);
        return job.promise;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect(queue.load()).toEqual({ running: 2, waiting: 2 });
    const refused = queue.run(() => Promise.resolve('never'));
    await expect(refused).rejects.toBeInstanceOf(DatabaseBusyError);
    await expect(refused.catch((error: unknown) => isDatabaseUnavailable(error))).resolves.toBe(true);
    jobs[1]?.resolve('b');
    await settle();
    expect(started).toEqual([0, 1, 2]);
    jobs[0]?.reject(new Error('a failed'));
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    jobs[2]?.resolve('c');
    jobs[3]?.resolve('d');
    const outcomes = await Promise.allSettled(results);
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : 'failed'))).toEqual(['failed', 'b', 'c', 'd']);
    expect(queue.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('never exceeds its limits, refuses exactly what overflows, and ends empty, whatever the order of arrivals and ends', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 6 }),
        // Each step: a new job arrives (true) or the oldest running job ends (false), failing or not.
        fc.array(fc.tuple(fc.boolean(), fc.boolean()), { maxLength: 60 }),
        async (running, waiting, steps) => {
          const queue = workQueue({ running, waiting });
          const live: Deferred[] = [];
          const all: Promise<unknown>[] = [];
          let inFlight = 0;
          let peak = 0;
          let refused = 0;
          let expectedRefused = 0;
          for (const [arrive, fail] of steps) {
            if (arrive) {
              const { running: now, waiting: line } = queue.load();
              if (now >= running && line >= waiting) expectedRefused += 1;
              const job = deferred();
              all.push(
                queue
                  .run(() => {
                    inFlight += 1;
                    peak = Math.max(peak, inFlight);
                    live.push(job);
                    return job.promise.finally(() => {
                      inFlight -= 1;
                    });
                  })
                  .catch((error: unknown) => {
                    if (error instanceof DatabaseBusyError) refused += 1;
                  }),
              );
            } else {
              const oldest = live.shift();
              if (fail) oldest?.reject(new Error('failed'));
              else oldest?.resolve('done');
            }
            await settle();
          }
          // Drain: end every job, including those that start as others end.
          while (queue.load().running > 0) {
            live.shift()?.resolve('done');
            await settle();
          }
          await Promise.all(all);
          return peak <= running && refused === expectedRefused && queue.load().running === 0 && queue.load().waiting === 0;
        },
      ),
      { numRuns: runs(100) },
    );
  });
});

describe('queuedDatabase', () => {
  const fakeDatabase = (calls: string[], hold: Deferred): Database => {
    const tx: Queryable = {
      query: async <T>(sql: string) => {
        calls.push(`tx:${sql}`);
        return [] as T[];
      },
    };
    return {
      kind: 'pglite',
      query: async <T>(sql: string) => {
        calls.push(sql);
        await hold.promise;
        return [] as T[];
      },
      transaction: async (work) => work(tx),
      listen: async () => async () => undefined,
      close: async () => undefined,
    };
  };

  it('queues statements and whole transactions, while statements inside a transaction run in its place', async () => {
    const calls: string[] = [];
    const hold = deferred();
    const queue = workQueue({ running: 1, waiting: 1 });
    const db = queuedDatabase(fakeDatabase(calls, hold), queue);
    const first = db.query('select 1');
    const transaction = db.transaction(async (tx) => {
      await tx.query('insert a');
      await tx.query('insert b');
      return 'committed';
    });
    await expect(db.query('select 3')).rejects.toBeInstanceOf(DatabaseBusyError);
    await settle();
    expect(calls).toEqual(['select 1']);
    hold.resolve('go');
    await first;
    await expect(transaction).resolves.toBe('committed');
    expect(calls).toEqual(['select 1', 'tx:insert a', 'tx:insert b']);
  });

  it('gives PGlite few statements at a time and PostgreSQL its pool, both with a bounded line', () => {
    expect(DATABASE_WORK_LIMITS.pglite.running).toBeLessThanOrEqual(DATABASE_WORK_LIMITS.postgres.running);
    for (const limits of Object.values(DATABASE_WORK_LIMITS)) expect(limits.waiting).toBeGreaterThan(limits.running);
  });
});
