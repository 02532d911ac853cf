import type { TestClient } from './http-client';

/** What walking a paged list gave: the ids of every page in order, each page's size and `count`. */
export interface PageWalk {
  ids: number[];
  /** Each row's `bel_date`, where rows have one (an agenda's: a recurring event's occurrence is its event on that day). */
  days: (string | undefined)[];
  sizes: number[];
  counts: (number | null)[];
}

interface Page {
  count?: number | null;
  next?: string | null;
  results: { id?: unknown; bel_date?: unknown }[];
}

const isPage = (body: unknown): body is Page => typeof body === 'object' && body !== null && Array.isArray((body as Page).results);

/** The path and query of an absolute `next` link, as a client sends it back to the same server. */
export const pathOf = (link: string): string => {
  const url = new URL(link, 'http://localhost');
  return `${url.pathname}${url.search}`;
};

/**
 * Follows `next` from `first` to the end of the list (at most `maxPages` pages), failing on
 * any answer that is not a 200 page: the ids in the order the server gave them.
 */
export const walkPages = async (client: TestClient, first: string, maxPages = 500): Promise<PageWalk> => {
  const walk: PageWalk = { ids: [], days: [], sizes: [], counts: [] };
  let url: string | null = first;
  while (url !== null) {
    const { status, body } = await client.getJson(url);
    if (status !== 200 || !isPage(body)) throw new Error(`${url} answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
    walk.ids.push(...body.results.map((row) => Number(row.id)));
    walk.days.push(...body.results.map((row) => (typeof row.bel_date === 'string' ? row.bel_date : undefined)));
    walk.sizes.push(body.results.length);
    walk.counts.push(body.count ?? null);
    url = body.next === undefined || body.next === null ? null : pathOf(body.next);
    if (walk.sizes.length > maxPages) throw new Error(`${first} has more than ${maxPages} pages`);
  }
  return walk;
};
