import { catchError, from, of, switchMap, throwError } from 'rxjs';
import { zurichToday } from '../../src/domain/agenda-window';
import { fetchJson, type HttpFailure } from '../../src/services/http';
import { answerApiPath } from '../http/api-answers';
import { contentVersionReader } from '../cache/content-version';
import { isDatabaseUnavailable } from '../data/database-errors';
import type { Database } from '../data/database';
import type { PageRoutesOptions } from './page-routes';

/**
 * Pages rendered from this database: answers read straight from it, cached per content version
 * and day. `version` is the app's reader, which a notification invalidates at each import.
 */
export const databasePages = (
  db: Database,
  version: { read: () => Promise<string> } = contentVersionReader(db),
  now: () => number = Date.now,
): Omit<PageRoutesOptions, 'distDir'> => ({
  answers: (path) =>
    from(answerApiPath(db, path, '')).pipe(
      // The database down is what the API answers for it, a 503: the page is then not kept (server/render/page-routes.ts).
      catchError((error: unknown) => (isDatabaseUnavailable(error) ? of({ status: 503, body: null }) : throwError(() => error))),
      switchMap(({ status, body }) => (status === 200 ? of(body) : throwError((): HttpFailure => ({ _tag: 'HttpError', url: path, status })))),
    ),
  // The agenda shows what is upcoming in Zurich: a page rendered yesterday is not today's.
  version: async () => `${await version.read()}@${zurichToday(now())}`,
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
