import type { Database, Queryable } from '../../server/data/database';

/** `db` with a count of the statements it runs, transactions included. */
export const counted = (inner: Database): { db: Database; statements: () => number } => {
  let statements = 0;
  const count = (q: Queryable): Queryable => ({
    query: <T>(sql: string, params?: readonly unknown[]) => {
      statements += 1;
      return q.query<T>(sql, params);
    },
  });
  return {
    db: { ...inner, ...count(inner), transaction: (work) => inner.transaction((tx) => work(count(tx))) },
    statements: () => statements,
  };
};
