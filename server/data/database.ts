// What the server needs of its storage, apart from how it is opened (db.ts): every module that
// reads or writes the content depends on this contract only, PGlite's thread included.

/** What both backends can do inside or outside a transaction: run one statement. */
export interface Queryable {
  query<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

/** The storage the server needs; the same SQL runs on PGlite and on PostgreSQL. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: everything is committed or nothing is. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onMessage` with the payload of each `NOTIFY` on `channel` (a lower-case name), from
   * any process on this database, once its transaction commits. Resolves once listening, with the
   * function that stops it. After a lost connection comes back, `onMessage('')` is called once:
   * what was sent meanwhile is lost.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
