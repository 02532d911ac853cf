import * as t from 'io-ts';
import { nextChangeAt } from './coming-events';
import { toQueryString } from './query';
import { SitePath } from './safe-links';
import { IsoDate, WallTime, nullable } from './wire';

/**
 * The site search (`GET /api/search/?q=…`): contacts, events and news at once, grouped by kind.
 * What a query is, how it travels and how its answer is decoded, for the server, the search
 * page and the header's suggestions alike.
 */

/** The kinds the site search finds, in the order their groups are shown. */
export const SEARCH_KINDS = ['contacts', 'events', 'news'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The shortest query sent: one letter would match nearly everything. */
export const MIN_QUERY_LENGTH = 2;

/** The longest query, in characters (as the API's schema counts them: code points). */
export const MAX_QUERY_LENGTH = 200;

/** How many results of each kind a screen asks for: the header's suggestions, the search page. */
export const SEARCH_LIMITS = { suggestions: 5, page: 20 } as const;

/** The most results of one kind the API answers at once (`limit`). */
export const MAX_SEARCH_LIMIT = 20;

/** The path of the search page, in French (the site's language); `localizedPath` gives the others. */
export const SEARCH_PAGE_PATH = '/recherche/';

/** The path of the search call, without its query. */
export const SEARCH_API_PATH = '/api/search/';

// Control characters cannot be typed: in an address they are a forged query, and the API refuses them.
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f]/g;

/**
 * The query a typed text searches for: white space collapsed and trimmed, control characters
 * dropped, cut at `MAX_QUERY_LENGTH` characters; `null` without a word (letters or digits) of
 * `MIN_QUERY_LENGTH`: one letter, or single letters ("l c"), would match nearly everything.
 */
export const searchQuery = (text: string): string | null => {
  // Composed first: a character that NFC writes as two (U+FB2A, a letter with its mark) is counted as the query is sent.
  const query = Array.from(text.normalize('NFC').replace(CONTROL, '').replace(/\s+/gu, ' ').trim()).slice(0, MAX_QUERY_LENGTH).join('').trim();
  const words = query.split(/[^\p{L}\p{N}\p{M}]+/u);
  return words.some((word) => Array.from(word).length >= MIN_QUERY_LENGTH) ? query : null;
};

/** Whether two texts search for the same thing (a trailing space or a double space changes nothing). */
export const sameQuery = (a: string, b: string): boolean => searchQuery(a) === searchQuery(b);

/** The path of the search call for a query: `limit` results of each kind, of the `kinds` given (all when none). */
export const searchApiPath = (query: string, limit: number, kinds: readonly SearchKind[] = []): string =>
  `${SEARCH_API_PATH}${toQueryString({ q: query, kind: kinds, limit })}`;

/** The search page's query string for a text (`?q=…`), empty when there is nothing to search. */
export const searchPageQuery = (text: string): string => toQueryString({ q: searchQuery(text) ?? undefined });

/** The text a search page address holds (`?q=…`), as typed. */
export const textFromSearch = (search: string): string => new URLSearchParams(search).get('q') ?? '';

const match = <A extends string, B extends string>(a: A, b: B) => t.union([t.literal(a), t.literal(b)]);

/** A contact found: by its name, or by a company or body named in its interests register (`excerpt` says which). */
export const ContactResult = t.intersection([
  t.type({ title: t.string, path: SitePath, match: match('title', 'interests') }),
  t.partial({ excerpt: nullable(t.string), role: nullable(t.string), party: nullable(t.string) }),
]);
export type ContactResult = t.TypeOf<typeof ContactResult>;

/** An event of the site's agenda found by its title or its place; `upcoming` while it is still coming (`isComing`: not over yet). */
export const EventResult = t.intersection([
  t.type({ title: t.string, path: SitePath, match: match('title', 'place'), date: IsoDate, upcoming: t.boolean }),
  t.partial({ end_date: nullable(IsoDate), start_time: nullable(WallTime), end_time: nullable(WallTime), place: nullable(t.string) }),
]);
export type EventResult = t.TypeOf<typeof EventResult>;

/** The next moment after `now` an event the results call coming is over (the results change then), or `null`. */
export const searchChangeAt = (results: readonly EventResult[], now: number): number | null =>
  nextChangeAt(
    results.filter((result) => result.upcoming).map((result) => ({ ...result, bel_date: result.date })),
    now,
  );

/** A news item of the site's news found by its title or its lead (`excerpt`: the lead around the text). */
export const NewsResult = t.intersection([
  t.type({ title: t.string, path: SitePath, match: match('title', 'lead'), date: IsoDate }),
  t.partial({ excerpt: nullable(t.string) }),
]);
export type NewsResult = t.TypeOf<typeof NewsResult>;

/** The most matches a group counts: past it, the answer says there are more (`capped`), as counting all would cost what the screen never shows. */
export const SEARCH_COUNT_LIMIT = 500;

const group = <K extends SearchKind, C extends t.Mixed>(kind: K, result: C) =>
  t.intersection([t.type({ kind: t.literal(kind), count: t.number, results: t.array(result) }), t.partial({ capped: t.boolean })]);

/** The results of one kind: the first ones, best first, and how many match in all (`capped`: at least that many). */
export const SearchGroup = t.union([group('contacts', ContactResult), group('events', EventResult), group('news', NewsResult)]);
export type SearchGroup = t.TypeOf<typeof SearchGroup>;

/** The answer of `GET /api/search/?q=…`: the query as the server read it and a group a kind asked for. */
export const SiteSearchAnswer = t.type({ query: t.string, groups: t.array(SearchGroup) });
export type SiteSearchAnswer = t.TypeOf<typeof SiteSearchAnswer>;

/** One result with its kind, in the order the screen lists them. */
export type SearchHit =
  | { readonly kind: 'contacts'; readonly result: ContactResult }
  | { readonly kind: 'events'; readonly result: EventResult }
  | { readonly kind: 'news'; readonly result: NewsResult };

/** The results of an answer as one list, group after group: the order of the suggestions' options. */
export const searchHits = (answer: SiteSearchAnswer | null): SearchHit[] =>
  (answer?.groups ?? []).flatMap((g): SearchHit[] => {
    switch (g.kind) {
      case 'contacts':
        return g.results.map((result) => ({ kind: 'contacts', result }));
      case 'events':
        return g.results.map((result) => ({ kind: 'events', result }));
      case 'news':
        return g.results.map((result) => ({ kind: 'news', result }));
    }
  });

/** Whether a group's count stopped at `SEARCH_COUNT_LIMIT`: more match than it says. */
export const searchCapped = (answer: SiteSearchAnswer | null): boolean => (answer?.groups ?? []).some((g) => g.capped === true);

/** How many things match in all kinds (at least, when `searchCapped`): a group counts at least the results it holds. */
export const searchTotal = (answer: SiteSearchAnswer | null): number => (answer?.groups ?? []).reduce((sum, g) => sum + Math.max(g.count, g.results.length), 0);

/**
 * The highlighted option after an arrow key: `step` 1 goes down, -1 up, wrapping at both ends
 * as the ARIA combobox pattern allows; from none, down starts at the first and up at the last.
 */
export const moveHighlight = (current: number | null, step: 1 | -1, length: number): number | null => {
  if (length <= 0) return null;
  if (current === null || current < 0 || current >= length) return step === 1 ? 0 : length - 1;
  return (current + step + length) % length;
};
