import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What both backends can do inside or outside a transaction: run one statement. */
export interface Queryable {
  query<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

/** The storage the server needs; the same SQL runs on PGlite and on PostgreSQL. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: everything is committed or nothing is. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Opens PGlite in `dataDir` (created if missing), or in memory when `dataDir` is undefined. */
export const openPglite = async (dataDir?: string): Promise<Database> => {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const lite = await PGlite.create(dataDir === undefined ? {} : { dataDir });
  return {
    kind: 'pglite',
    query: async <T>(sql: string, params: readonly unknown[] = []) =>
      (await lite.query<T>(sql, [...params])).rows,
    transaction: (work) =>
      lite.transaction((tx) =>
        work({ query: async <T>(sql: string, params: readonly unknown[] = []) => (await tx.query<T>(sql, [...params])).rows }),
      ),
    close: () => lite.close(),
  };
};

/**
 * Opens a PostgreSQL server through a `pg` pool. `schema`, when given, becomes the
 * search path of every connection, so tests can each own a schema of one database.
 */
export const openPostgres = async (databaseUrl: string, schema?: string): Promise<Database> => {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => undefined);
  const run = async <T>(client: pg.Pool | pg.PoolClient, sql: string, params: readonly unknown[]): Promise<T[]> =>
    (await client.query(sql, [...params])).rows as T[];
  return {
    kind: 'postgres',
    query: <T>(sql: string, params: readonly unknown[] = []) => run<T>(pool, sql, params),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({ query: <T>(sql: string, params: readonly unknown[] = []) => run<T>(client, sql, params) });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
};

/** Where the storage lives: `databaseUrl` (postgres://…) wins over the PGlite `dataDir`. */
export interface DatabaseLocation {
  dataDir: string;
  databaseUrl?: string | undefined;
}

/** Opens PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir/pglite`. */
export const openDatabase = ({ dataDir, databaseUrl }: DatabaseLocation): Promise<Database> =>
  databaseUrl !== undefined && databaseUrl !== ''
    ? openPostgres(databaseUrl)
    : openPglite(`${dataDir.replace(/\/$/, '')}/pglite`);
