import type { Queryable } from '../data/database';
import { contentChanges } from '../telemetry/metrics';

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
  // The last version read: a different one is a change of content (`/metrics`), the first is not.
  let seen: string | null = null;
  return {
    read: () => {
      const now = Date.now();
      if (known === null || now - known.at >= ttlMs) {
        const version = readContentVersion(db);
        known = { version, at: now };
        version.then(
          (value) => {
            if (seen !== null && value !== seen) contentChanges.inc();
            seen = value;
          },
          // A failed read is not kept: the next request asks again.
          () => {
            known = null;
          },
        );
      }
      return known.version;
    },
    invalidate: () => {
      known = null;
    },
  };
};
