import type { Observable } from 'rxjs';
import { NO_AGENDA_FILTERS } from '../../src/domain/agenda-filters';
import { NO_FILTERS } from '../../src/domain/directory';
import { REQUEST_TIMEOUT_MS } from '../../src/services/http';
import { loadAgenda, loadAgendaCategories, loadMoreAgenda } from '../../src/services/agenda-service';
import { loadContactCategories, loadContacts, loadMoreContacts } from '../../src/services/contacts-service';
import { loadNewsArticle } from '../../src/services/news-article-service';
import { loadMoreNews, loadNews, loadNewsCategories } from '../../src/services/news-service';
import { loadShopItems } from '../../src/services/shop-service';
import { searchSite } from '../../src/services/site-search-service';
import { ARTICLE } from '../model/news-article-model';
import { HITS } from '../support/site-search-fixtures';

const API = 'https://api.example.ch';

type Answer = { readonly status: number; readonly body: unknown } | 'hang';

const realFetch = globalThis.fetch;

// The directory's index letters, asked for beside its list (src/services/contacts-service.ts).
const isLetters = (input: RequestInfo | URL): boolean =>
  (input instanceof Request ? input.url : input instanceof URL ? input.href : input).includes('/api/letters/');
let script: Answer[];

beforeEach(() => {
  jest.useFakeTimers();
  script = [];
  globalThis.fetch = jest.fn((input: RequestInfo | URL, _init?: RequestInit) => {
    // The directory's index letters, asked for beside its list, answer at once: the script is the list's.
    if (isLetters(input)) return Promise.resolve(new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
    const next = script.shift() ?? 'hang';
    return next === 'hang'
      ? new Promise<Response>(() => undefined)
      : Promise.resolve(new Response(JSON.stringify(next.body), { status: next.status, headers: { 'content-type': 'application/json' } }));
  }) as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = realFetch;
  jest.useRealTimers();
});

/** Every event of a service call, virtual time running until it completes (every service ends with one answer event). */
const eventsOf = async <E>(call: Observable<E>): Promise<E[]> => {
  const events: E[] = [];
  // A subscription closes when its stream completes; a service never fails (its failures are events).
  const subscription = call.subscribe((event) => events.push(event));
  for (let elapsed = 0; !subscription.closed && elapsed < 120_000; elapsed += 250) await jest.advanceTimersByTimeAsync(250);
  expect(subscription.closed).toBe(true);
  return events;
};

const busy = { status: 503, body: { statusCode: 503, error: 'Service Unavailable' } } as const;

/** The first call of each widget: it says "still trying" before each retry. */
const FIRST_CALLS: readonly (readonly [string, () => Observable<{ type: string }>, string, string, unknown])[] = [
  ['the contacts', () => loadContacts(API, NO_FILTERS), 'CONTACTS_RETRYING', 'CONTACTS_LOADED', []],
  [
    'the agenda',
    () => loadAgenda(API, { agendaId: '1', filters: NO_AGENDA_FILTERS, page: { period: 'upcoming', today: '2026-11-23', pageSize: 48 } }),
    'AGENDA_RETRYING',
    'AGENDA_LOADED',
    [],
  ],
  ['the news', () => loadNews(API, 'actualites', []), 'NEWS_RETRYING', 'NEWS_LOADED', []],
  ['a news article', () => loadNewsArticle(API, { scope: 'actualites', slug: ARTICLE.slug ?? 'budget-2027-adopte' }), 'ARTICLE_RETRYING', 'ARTICLE_LOADED', ARTICLE],
  ['the shop (and the cart’s prices)', () => loadShopItems(API), 'SHOP_ITEMS_RETRYING', 'SHOP_ITEMS_LOADED', []],
  ['the site search', () => searchSite(API, { query: 'hel', limit: 5, pauseMs: 0 }), 'RESULTS_RETRYING', 'RESULTS_LOADED', HITS],
];

/** The further calls: they are tried again too, without a word (their own button says they are loading). */
const FURTHER_CALLS: readonly (readonly [string, () => Observable<{ type: string }>, string, unknown])[] = [
  ['a further page of contacts', () => loadMoreContacts(API, '/api/contacts/?cursor=k1'), 'MORE_CONTACTS_LOADED', []],
  ['the contact categories', () => loadContactCategories(API), 'CATEGORIES_LOADED', []],
  ['a further page of the agenda', () => loadMoreAgenda(API, '/api/agenda/1/?cursor=k1'), 'MORE_LOADED', []],
  ['the agenda categories', () => loadAgendaCategories(API), 'CATEGORIES_LOADED', []],
  ['a further page of news', () => loadMoreNews(API, '/api/news/actualites/?cursor=k1'), 'MORE_NEWS_LOADED', []],
  ['the news categories', () => loadNewsCategories(API, 'actualites'), 'CATEGORIES_LOADED', []],
];

/** The calls that took an answer of the script: every call but the directory's letters. */
const scriptedCalls = (): number => jest.mocked(globalThis.fetch).mock.calls.filter(([input]) => !isLetters(input)).length;

const typesOf = (events: readonly { type: string }[]): string[] => events.map((event) => event.type).filter((type) => type !== 'SEARCH_SENT');

describe.each(FIRST_CALLS)('%s', (_name, call, retrying, loaded, body) => {
  it('answers 503 twice, then the content: two "still trying" steps, then the content', async () => {
    script.push(busy, busy, { status: 200, body });
    const events = await eventsOf(call());
    expect(typesOf(events)).toEqual([retrying, retrying, loaded]);
    expect(events.filter((event) => event.type === retrying)).toEqual([
      { type: retrying, attempt: 1, of: 2 },
      { type: retrying, attempt: 2, of: 2 },
    ]);
    expect(scriptedCalls()).toBe(3);
  });

  it('hangs: times out three times, then fails with a TimeoutError', async () => {
    const started = Date.now();
    const events = await eventsOf(call());
    expect(typesOf(events)).toEqual([retrying, retrying, loaded.replace(/_LOADED$/, '_FAILED')]);
    expect(events.at(-1)).toMatchObject({ error: { _tag: 'TimeoutError', ms: REQUEST_TIMEOUT_MS } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * REQUEST_TIMEOUT_MS);
  });

  it('answers garbage: fails at once, without a retry', async () => {
    script.push({ status: 200, body: { garbage: true, results: 'no' } });
    const events = await eventsOf(call());
    expect(typesOf(events)).toEqual([loaded.replace(/_LOADED$/, '_FAILED')]);
    expect(events.at(-1)).toMatchObject({ error: { _tag: 'DecodeError' } });
    expect(scriptedCalls()).toBe(1);
  });

  it('answers a 4xx: fails at once, without a retry', async () => {
    script.push({ status: 400, body: { statusCode: 400, error: 'Bad Request' } });
    const events = await eventsOf(call());
    expect(typesOf(events)).toEqual([loaded.replace(/_LOADED$/, '_FAILED')]);
    expect(scriptedCalls()).toBe(1);
  });
});

describe.each(FURTHER_CALLS)('%s', (_name, call, loaded, body) => {
  it('rides out a 503 without a word and answers once', async () => {
    script.push(busy, { status: 200, body });
    expect(typesOf(await eventsOf(call()))).toEqual([loaded]);
    expect(scriptedCalls()).toBe(2);
  });
});
