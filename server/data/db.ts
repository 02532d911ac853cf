import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { lockDataFolder } from './data-folder-lock';
import { pgliteSettings } from './pglite/pglite-settings';
import { openPgliteThread } from './pglite/pglite-thread';
import type { Database } from './database';
import { timedStatement, watchPool } from '../telemetry/metrics';

/**
 * Opens PGlite in `dataDir` (created if missing), or in memory when `dataDir` is undefined, in a
 * worker thread of its own (server/data/pglite/pglite-thread.ts): its SQL never blocks the request thread.
 * `settings` default to the environment's (`PGLITE_SHARED_BUFFERS` over its shared buffers).
 */
export const openPglite = async (dataDir?: string, settings: Readonly<Record<string, string>> = pgliteSettings()): Promise<Database> => {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  return openPgliteThread(dataDir, settings);
};

// A lost listening connection is retried after 1 s, then twice as long each time, up to 30 s.
const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/**
 * The `LISTEN` side of a PostgreSQL database: one connection of its own (a pool's clients come
 * and go, a listener must stay), shared by every subscriber, and reopened when it is lost.
 */
const pgNotifications = (config: pg.ClientConfig): Pick<Database, 'listen'> & { close(): Promise<void> } => {
  const subscribers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let closed = false;
  let delay = RECONNECT_FIRST_MS;
  let retry: NodeJS.Timeout | undefined;
  // One change at a time: a LISTEN, an UNLISTEN, a reconnection never interleave.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work);
    chain = run.catch(() => undefined);
    return run;
  };

  const connect = async (): Promise<pg.Client> => {
    if (client !== null) return client;
    const next = new pg.Client({ ...config, keepAlive: true });
    const lost = () => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => undefined);
      reconnectLater();
    };
    // Without a listener an idle connection's error would crash the process.
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', ({ channel, payload }) => {
      for (const onMessage of [...(subscribers.get(channel) ?? [])]) onMessage(payload ?? '');
    });
    try {
      await next.connect();
      for (const channel of subscribers.keys()) await next.query(`listen ${next.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
    return next;
  };

  const reconnectLater = (): void => {
    if (closed || retry !== undefined || subscribers.size === 0) return;
    retry = setTimeout(() => {
      retry = undefined;
      void serial(async () => {
        if (closed || subscribers.size === 0) return;
        try {
          await connect();
          delay = RECONNECT_FIRST_MS;
          // Whatever was notified while the connection was down is lost: every subscriber hears once.
          for (const channel of subscribers.values()) for (const onMessage of [...channel]) onMessage('');
        } catch {
          delay = Math.min(delay * 2, RECONNECT_MAX_MS);
          reconnectLater();
        }
      });
    }, delay);
    retry.unref();
  };

  const stop = (channel: string, onMessage: (payload: string) => void) =>
    serial(async () => {
      const listeners = subscribers.get(channel);
      if (listeners === undefined || !listeners.delete(onMessage) || listeners.size > 0) return;
      subscribers.delete(channel);
      const current = client;
      if (current === null) return;
      if (subscribers.size === 0) {
        // No one listens any more: the connection goes back to the server.
        client = null;
        await current.end().catch(() => undefined);
      } else {
        await current.query(`unlisten ${current.escapeIdentifier(channel)}`).catch(() => undefined);
      }
    });

  return {
    listen: (channel, onMessage) =>
      serial(async () => {
        if (closed) throw new Error('the database is closed');
        const listeners = subscribers.get(channel) ?? new Set();
        const first = listeners.size === 0;
        listeners.add(onMessage);
        subscribers.set(channel, listeners);
        try {
          // A new connection listens to every channel, this one included.
          const known = client;
          const current = await connect();
          if (first && known === current) await current.query(`listen ${current.escapeIdentifier(channel)}`);
        } catch (error) {
          listeners.delete(onMessage);
          if (listeners.size === 0) subscribers.delete(channel);
          throw error;
        }
        return () => stop(channel, onMessage);
      }),
    close: () => {
      closed = true;
      clearTimeout(retry);
      return serial(async () => {
        const current = client;
        client = null;
        subscribers.clear();
        if (current !== null) await current.end().catch(() => undefined);
      });
    },
  };
};

/**
 * Opens a PostgreSQL server through a `pg` pool. `schema`, when given, becomes the
 * search path of every connection, so tests can each own a schema of one database.
 */
export const openPostgres = async (databaseUrl: string, schema?: string): Promise<Database> => {
  const config: pg.ClientConfig = { connectionString: databaseUrl, ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }) };
  const pool = new pg.Pool({ ...config, max: 10 });
  const notifications = pgNotifications(config);
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => undefined);
  const unwatch = watchPool(pool);
  const run = <T>(client: pg.Pool | pg.PoolClient, sql: string, params: readonly unknown[]): Promise<T[]> =>
    // Every statement of the pool and of its transactions: its time goes to `/metrics`.
    timedStatement(async () => (await client.query(sql, [...params])).rows as T[]);
  return {
    kind: 'postgres',
    query: <T>(sql: string, params: readonly unknown[] = []) => run<T>(pool, sql, params),
    transaction: async (work) => {
      const client = await pool.connect();
      // Between its statements a client taken from the pool has no listener: PostgreSQL ending the
      // session then (a restart) would crash the process. Such a client is discarded, not pooled.
      let lost: Error | undefined;
      const onLost = (error: Error) => {
        lost = error;
      };
      client.on('error', onLost);
      try {
        await client.query('begin');
        const result = await work({ query: <T>(sql: string, params: readonly unknown[] = []) => run<T>(client, sql, params) });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.removeListener('error', onLost);
        client.release(lost);
      }
    },
    listen: notifications.listen,
    close: async () => {
      unwatch();
      await notifications.close();
      await pool.end();
    },
  };
};

/** Where the storage lives: `databaseUrl` (postgres://…) wins over the PGlite `dataDir`. */
export interface DatabaseLocation {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** The embedded database's settings, as the server's settings read them; the environment's when missing. */
  pglite?: Readonly<Record<string, string>>;
}

/**
 * Opens PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir/pglite`, holding the lock
 * of `dataDir` until closed: throws `DataFolderLockedError` when another live process holds it.
 */
export const openDatabase = async ({ dataDir, databaseUrl, pglite }: DatabaseLocation): Promise<Database> => {
  if (databaseUrl !== undefined && databaseUrl !== '') return openPostgres(databaseUrl);
  const root = dataDir.replace(/\/$/, '');
  const lock = lockDataFolder(root);
  let db: Database;
  try {
    db = await openPglite(`${root}/pglite`, pglite);
  } catch (error) {
    lock.release();
    throw error;
  }
  // Delegates rather than spreads: whatever shape openPglite returns, its methods keep their object.
  return {
    kind: db.kind,
    query: (sql, params) => db.query(sql, params),
    transaction: (work) => db.transaction(work),
    listen: (channel, onMessage) => db.listen(channel, onMessage),
    close: async () => {
      try {
        await db.close();
      } finally {
        lock.release();
      }
    },
  };
};
