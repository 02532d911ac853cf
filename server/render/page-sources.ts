import { from, of, switchMap, throwError } from 'rxjs';
import { fetchJson, type HttpFailure } from '../../src/services/http';
import { answerApiPath } from '../api-answers';
import type { Database } from '../db';
import type { PageRoutesOptions } from './page-routes';

/** Pages rendered from this database: answers read straight from it, cached per content version. */
export const databasePages = (db: Database): Omit<PageRoutesOptions, 'distDir'> => ({
  answers: (path) =>
    from(answerApiPath(db, path, '')).pipe(
      switchMap(({ status, body }) => (status === 200 ? of(body) : throwError((): HttpFailure => ({ _tag: 'HttpError', url: path, status })))),
    ),
  // xmin changes with every write of the row: each import is a new version, even under the same label.
  version: async () =>
    (await db.query<{ version: string }>("select value || ':' || xmin::text as version from content_meta where key = 'content'"))[0]?.version ?? 'empty',
});

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
