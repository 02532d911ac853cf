import { from, of, switchMap, throwError } from 'rxjs';
import { fetchJson, type HttpFailure } from '../../src/services/http';
import { answerApiPath } from '../api-answers';
import type { Database } from '../db';
import type { PageRoutesOptions } from './page-routes';

/** How long the content version read from the database is trusted. */
const VERSION_TTL_MS = 1_000;

/** Pages rendered from this database: answers read straight from it, cached per content version. */
export const databasePages = (db: Database): Omit<PageRoutesOptions, 'distDir'> => {
  // Read at most once a second: a cached page then costs no query at all, and an import shows within a second.
  let known: { version: Promise<string>; at: number } | null = null;
  return {
    answers: (path) =>
      from(answerApiPath(db, path, '')).pipe(
        switchMap(({ status, body }) => (status === 200 ? of(body) : throwError((): HttpFailure => ({ _tag: 'HttpError', url: path, status })))),
      ),
    version: () => {
      const now = Date.now();
      if (known === null || now - known.at >= VERSION_TTL_MS) {
        // xmin changes with every write of the row: each import is a new version, even under the same label.
        const version = db
          .query<{ version: string }>("select value || ':' || xmin::text as version from content_meta where key = 'content'")
          .then((rows) => rows[0]?.version ?? 'empty');
        known = { version, at: now };
        // A failed read is not kept: the next request asks again.
        version.catch(() => {
          known = null;
        });
      }
      return known.version;
    },
  };
};


/** Pages rendered from another API that speaks SPEC §7 (an institution's own backend), fetched with the server's `fetch`. */
export const backendPages = (apiBase: string): Omit<PageRoutesOptions, 'distDir'> => {
  const base = apiBase.replace(/\/+$/, '');
  return {
    answers: (path) => fetchJson(`${base}${path}`),
    // Another backend says nothing of its versions: a rendered page is kept as long as its answers may be (60 s).
    version: async () => String(Math.floor(Date.now() / 60_000)),
    apiBase: base,
  };
};
