import type { Queryable } from '../data/database';

/**
 * The version of the content: the import's label and the transaction that wrote it (`xmin`
 * changes with every write of the row), so each import or seed is a new version even under
 * the same label, and it commits with the data it describes.
 */
export const readContentVersion = async (db: Queryable): Promise<string> =>
  (await db.query<{ version: string }>("select value || ':' || xmin::text as version from content_meta where key = 'content'"))[0]?.version ?? 'empty';

/**
 * The content version, read at most once every `ttlMs`: a cached answer then costs no query,
 * and an import shows within `ttlMs`. `invalidate` forgets it at once (a notification came).
 */
export const contentVersionReader = (db: Queryable, ttlMs = 1_000): { read: () => Promise<string>; invalidate: () => void } => {
  let known: { version: Promise<string>; at: number } | null = null;
  return {
    read: () => {
      const now = Date.now();
      if (known === null || now - known.at >= ttlMs) {
        const version = readContentVersion(db);
        known = { version, at: now };
        // A failed read is not kept: the next request asks again.
        version.catch(() => {
          known = null;
        });
      }
      return known.version;
    },
    invalidate: () => {
      known = null;
    },
  };
};
