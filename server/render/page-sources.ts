import { from, of, switchMap, throwError } from 'rxjs';
import { zurichToday } from '../../src/domain/calendar-days';
import { parseJson } from '../../src/domain/json';
import { fetchJson, type HttpFailure } from '../../src/services/http';
import type { SitePage } from '../../src/domain/permalinks';
import { CONTENT_GROUP_NAMES, type ContentVersionReader } from '../cache/content-version';
import type { ContentGroup } from '../data/content';
import type { PageRoutesOptions } from './page-routes';

/** What the app's `inject` answers: the status and the body as a client would read them. */
export interface InjectedAnswer {
  readonly statusCode: number;
  readonly body: string;
}

/** Asks the app itself for a GET path, with the headers given (those that make the API's links). */
export type InjectApi = (path: string, headers: Readonly<Record<string, string>>) => Promise<InjectedAnswer>;

/**
 * Pages rendered from this server's own API, asked in process through its real routes (Fastify's
 * `inject`): the same validation, handlers, queue and answer cache as an HTTP client gets, and
 * the same answers, links included. Cached per content version and day: `version` is the app's
 * reader, which a notification invalidates at each import.
 */
export const databasePages = (
  inject: InjectApi,
  version: Pick<ContentVersionReader, 'read' | 'readFor'>,
  now: () => number = Date.now,
): Omit<PageRoutesOptions, 'distDir' | 'profile'> => ({
  answers: (path, headers = {}) =>
    from(inject(path, headers)).pipe(
      // The database down is what the API answers for it, a 503: the page is then not kept (server/render/page-routes.ts).
      switchMap(({ statusCode, body }) =>
        statusCode === 200 ? of(parseJson(body)) : throwError((): HttpFailure => ({ _tag: 'HttpError', url: path, status: statusCode })),
      ),
    ),
  // The agenda shows what is upcoming in Zurich: a page rendered yesterday is not today's.
  version: async (page) => `${await (page === undefined ? version.read() : version.readFor(groupsOfPage(page)))}@${zurichToday(now())}`,
});

/** The parts of the site a page shows: a page is rendered again when one of them changes, not when another does. */
export const groupsOfPage = (page: SitePage): readonly ContentGroup[] => {
  switch (page) {
    case 'agenda':
      return ['agenda'];
    case 'directory':
      return ['directory'];
    case 'news':
      return ['news'];
    case 'shop':
    case 'cart':
      return ['shop'];
    case 'home':
      return ['agenda', 'news'];
    default:
      return CONTENT_GROUP_NAMES;
  }
};

/** Pages rendered from another API that speaks SPEC §7 (an institution's own backend), fetched with the server's `fetch`. */
export const backendPages = (apiBase: string): Omit<PageRoutesOptions, 'distDir' | 'profile'> => {
  const base = apiBase.replace(/\/+$/, '');
  return {
    answers: (path) => fetchJson(`${base}${path}`),
    // Another backend says nothing of its versions: a rendered page is kept as long as its answers may be (60 s).
    version: async () => String(Math.floor(Date.now() / 60_000)),
    apiBase: base,
  };
};
