import fc, { type Arbitrary } from 'fast-check';
import { isRight } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { lastValueFrom, of, throwError, toArray, type Observable } from 'rxjs';
import { createActor, waitFor, type AnyActorRef, type Snapshot, type SnapshotFrom, type AnyStateMachine } from 'xstate';
import { AgendaCategoryList, AgendaEvent } from '../../src/domain/agenda';
import { NO_AGENDA_FILTERS } from '../../src/domain/agenda-filters';
import { Contact, ContactCategoryList } from '../../src/domain/contact';
import { NO_FILTERS } from '../../src/domain/directory';
import { jsonText, parseJson } from '../../src/domain/json';
import { NewsArticle, NewsCategoryList, NewsItem } from '../../src/domain/news';
import { ListAnswer, PageOf } from '../../src/domain/paging';
import { ShopItemList } from '../../src/domain/shop';
import { SiteSearchAnswer } from '../../src/domain/site-search';
import { agendaMachine } from '../../src/machines/agenda-machine';
import { cartPricesMachine } from '../../src/machines/cart-prices-machine';
import { directoryMachine } from '../../src/machines/directory-machine';
import { homeMachine } from '../../src/machines/home-machine';
import { newsArticleMachine } from '../../src/machines/news-article-machine';
import { newsMachine } from '../../src/machines/news-machine';
import { shopMachine } from '../../src/machines/shop-machine';
import { siteSearchMachine } from '../../src/machines/site-search-machine';
import {
  agendaActor,
  agendaCategoriesActor,
  agendaEventActor,
  loadAgenda,
  loadAgendaCategories,
  loadAgendaEvent,
  loadMoreAgenda,
  loadPastAgenda,
  moreAgendaActor,
  pastAgendaActor,
} from '../../src/services/agenda-service';
import {
  contactActor,
  contactCategoriesActor,
  contactsActor,
  loadContact,
  loadContactCategories,
  loadContacts,
  loadMoreContacts,
  moreContactsActor,
} from '../../src/services/contacts-service';
import { isHttpFailure, type AnswerSource, type HttpFailure } from '../../src/services/http';
import { loadNewsArticle, newsArticleActor } from '../../src/services/news-article-service';
import { loadMoreNews, loadNews, loadNewsCategories, moreNewsActor, newsActor, newsCategoriesActor } from '../../src/services/news-service';
import { loadShopItems, shopItemsActor } from '../../src/services/shop-service';
import { searchSite, siteSearchActor } from '../../src/services/site-search-service';
import { wireArbitrary } from '../support/arbitrary-from-codec';
import { runs } from '../support/fuzz-runs';

// Every service and every machine that loads is fed arbitrary answers: valid ones (from the
// codecs), near-valid ones (a valid answer with one field dropped, retyped, made huge or
// given a prototype key) and garbage (any value, text that is not JSON). None may throw or
// hang: each call ends in its data or its error, and an answer ends in data exactly when its
// codec decodes it. Answers come held by an `AnswerSource` (as the server's embedded answers
// do), or over a stubbed `fetch` as text with a 2xx or 4xx status. Statuses of 500 and over and
// network failures are left out: they are retried with back-off, which the services' own
// virtual-time tests cover.

/** How one call is answered. */
type Delivery =
  | { readonly via: 'held'; readonly value: unknown }
  | { readonly via: 'heldFailure'; readonly status: number }
  | { readonly via: 'fetched'; readonly status: number; readonly text: string };

/** A call's answer, and whether it is valid by construction (a valid answer must reach the data). */
interface Answer {
  readonly delivery: Delivery;
  readonly valid: boolean;
}

// ---- Near-valid answers: one change at one place of a valid answer.

type Change =
  | { readonly kind: 'drop' }
  | { readonly kind: 'set'; readonly value: unknown }
  | { readonly kind: 'extra'; readonly key: string; readonly value: unknown }
  | { readonly kind: 'prototypeKey'; readonly key: '__proto__' | 'constructor' | 'prototype'; readonly value: unknown };

const hugeString = fc.integer({ min: 1_000, max: 50_000 }).map((length) => 'é'.repeat(length));
const wrongValue: Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, undefined, '', ' ', 'null', '0', '-1', 'NaN', true, false, [], {}, [null], { id: 1 }),
  fc.constantFrom<unknown>(
    0,
    -0,
    -1,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    Number.MIN_VALUE,
  ),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 10 }),
  fc.jsonValue({ maxDepth: 2 }),
  hugeString,
);
const change: Arbitrary<Change> = fc.oneof(
  fc.constant<Change>({ kind: 'drop' }),
  wrongValue.map((value): Change => ({ kind: 'set', value })),
  fc
    .tuple(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('id', 'results', 'next', 'count', 'items', 'title')), fc.jsonValue({ maxDepth: 1 }))
    .map(([key, value]): Change => ({ kind: 'extra', key, value })),
  fc
    .tuple(fc.constantFrom('__proto__' as const, 'constructor' as const, 'prototype' as const), fc.jsonValue({ maxDepth: 2 }))
    .map(([key, value]): Change => ({ kind: 'prototypeKey', key, value })),
);

/** The objects and arrays of a value, the value first. */
const containers = (value: unknown): (Record<string, unknown> | unknown[])[] =>
  typeof value === 'object' && value !== null ? [value as Record<string, unknown>, ...Object.values(value).flatMap(containers)] : [];

/** A copy of `wire` with `change` made at the `where`-th container, at its `which`-th key. */
const mutated = (wire: unknown, where: number, which: number, made: Change): unknown => {
  const copy: unknown = structuredClone(wire);
  const targets = containers(copy);
  if (targets.length === 0) return made.kind === 'set' ? made.value : copy;
  const target = targets[where % targets.length]!;
  const keys = Object.keys(target);
  const key = keys.length === 0 ? undefined : keys[which % keys.length]!;
  switch (made.kind) {
    case 'drop':
      if (key === undefined) return copy;
      if (Array.isArray(target)) target.splice(Number(key), 1);
      else Reflect.deleteProperty(target, key);
      return copy;
    case 'set':
      if (key === undefined) return made.value;
      (target as Record<string, unknown>)[key] = made.value;
      return copy;
    case 'extra':
      if (Array.isArray(target)) target.push(made.value);
      else target[made.key] = made.value;
      return copy;
    case 'prototypeKey':
      // Only objects: JSON gives an array no named key. An own key, as `JSON.parse` makes one
      // (an assignment would set the prototype instead).
      if (!Array.isArray(target)) Object.defineProperty(target, made.key, { value: made.value, enumerable: true, writable: true, configurable: true });
      return copy;
  }
};

// ---- Deliveries.

const clientErrorStatus = fc.constantFrom(400, 401, 403, 404, 405, 409, 410, 422, 429);

const garbageValue: Arbitrary<unknown> = fc.oneof(fc.jsonValue(), fc.anything(), fc.constantFrom<unknown>(undefined, null, '', Number.NaN, [], {}));
const garbageText: Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.constantFrom('', ' ', 'null', 'undefined', 'NaN', '<!doctype html><title>Bad gateway</title>', '{"results":', '[{]', '\uFEFF[]', '{}', '[]', '"[]"'),
  fc.jsonValue().map((value) => JSON.stringify(value)),
);

/** Text for the wire: `JSON.stringify` drops `undefined` and writes NaN as null, as a server would. */
const asText = (value: unknown): string => jsonText(value) ?? 'null';

/** The answers of one call whose valid answers are `wire`. */
const answers = (wire: Arbitrary<unknown>): Arbitrary<Answer> => {
  const nearValid = fc.tuple(wire, fc.nat(), fc.nat(), change).map(([value, where, which, made]) => mutated(value, where, which, made));
  // A cut in a valid answer's text: the end of a body lost on the way.
  const cutText = wire.map(asText).chain((text) => fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut)));
  return fc.oneof(
    { arbitrary: wire.map((value): Answer => ({ delivery: { via: 'held', value }, valid: true })), weight: 3 },
    { arbitrary: wire.map((value): Answer => ({ delivery: { via: 'fetched', status: 200, text: asText(value) }, valid: true })), weight: 3 },
    { arbitrary: nearValid.map((value): Answer => ({ delivery: { via: 'held', value }, valid: false })), weight: 3 },
    { arbitrary: nearValid.map((value): Answer => ({ delivery: { via: 'fetched', status: 200, text: asText(value) }, valid: false })), weight: 3 },
    { arbitrary: garbageValue.map((value): Answer => ({ delivery: { via: 'held', value }, valid: false })), weight: 1 },
    { arbitrary: fc.oneof(garbageText, cutText).map((text): Answer => ({ delivery: { via: 'fetched', status: 200, text }, valid: false })), weight: 2 },
    {
      arbitrary: fc
        .tuple(clientErrorStatus, fc.oneof(garbageText, wire.map(asText)))
        .map(([status, text]): Answer => ({ delivery: { via: 'fetched', status, text }, valid: false })),
      weight: 1,
    },
    { arbitrary: clientErrorStatus.map((status): Answer => ({ delivery: { via: 'heldFailure', status }, valid: false })), weight: 1 },
  );
};

/** What the call's answer decodes to, if it does: the oracle every outcome is checked against. */
const decodedBody = <A>(delivery: Delivery, decoder: t.Decoder<unknown, A>): { readonly value: A } | null => {
  let body: unknown;
  if (delivery.via === 'heldFailure') return null;
  if (delivery.via === 'held') body = delivery.value;
  else {
    if (delivery.status < 200 || delivery.status > 299) return null;
    try {
      // `Response.text()` drops a byte order mark, as a browser does.
      body = parseJson(delivery.text.replace(/^\uFEFF/, ''));
    } catch {
      return null;
    }
  }
  const decoded = decoder.decode(body);
  return isRight(decoded) ? { value: decoded.right } : null;
};

const statusOf = (delivery: Delivery): number | null => (delivery.via === 'held' ? null : delivery.status);

// ---- The stubbed network: each call's answer is looked up by the host of its API base.

const fetched = new Map<string, Delivery>();
const realFetch = globalThis.fetch;

beforeAll(() => {
  globalThis.fetch = (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const delivery = fetched.get(url.host);
    if (delivery?.via !== 'fetched') return Promise.reject(new TypeError(`no answer for ${url.href}`));
    return Promise.resolve(new Response(delivery.text, { status: delivery.status, headers: { 'content-type': 'application/json' } }));
  };
});

afterAll(() => {
  globalThis.fetch = realFetch;
});

/** The API of one call: its answer held, failed, or left to the stubbed `fetch` on a host of its own. */
const apiOf = (name: string, delivery: Delivery): AnswerSource => {
  // Lower case, as the URL parser gives a host back.
  const host = `${name.toLowerCase()}.api.test`;
  fetched.set(host, delivery);
  const failure = (path: string): HttpFailure => ({
    _tag: 'HttpError',
    url: `https://${host}${path}`,
    status: delivery.via === 'heldFailure' ? delivery.status : 0,
  });
  return {
    base: `https://${host}`,
    answer: (path): Observable<unknown> | undefined =>
      delivery.via === 'held' ? of(delivery.value) : delivery.via === 'heldFailure' ? throwError(() => failure(path)) : undefined,
  };
};

const OBJECT_PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype);
const expectPrototypeUntouched = (): void => expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(OBJECT_PROTOTYPE_KEYS);

// ---- The calls' wire values.

// A legacy backend's whole array, or a reference server's page.
const listWire = (item: t.Mixed): Arbitrary<unknown> => fc.oneof(fc.array(wireArbitrary(item), { maxLength: 6 }), wireArbitrary(PageOf(item)));
const TODAY = '2026-11-23';

const wires = {
  agendaList: listWire(AgendaEvent),
  agendaEvent: wireArbitrary(AgendaEvent),
  agendaCategories: wireArbitrary(AgendaCategoryList),
  contactList: listWire(Contact),
  contact: wireArbitrary(Contact),
  contactCategories: wireArbitrary(ContactCategoryList),
  newsList: listWire(NewsItem),
  newsCategories: wireArbitrary(NewsCategoryList),
  article: wireArbitrary(NewsArticle),
  shop: wireArbitrary(ShopItemList),
  search: wireArbitrary(SiteSearchAnswer),
};

// ---- Services: one event for each call, its data exactly when the answer decodes.

interface ServiceCase {
  readonly name: string;
  readonly wire: Arbitrary<unknown>;
  readonly decoder: t.Decoder<unknown, unknown>;
  readonly call: (api: AnswerSource) => Observable<{ readonly type: string; readonly error?: HttpFailure }>;
  /** The event of an answer that decodes, and of one that does not (given its status). */
  readonly loaded: (decoded: unknown) => string;
  readonly failed: (status: number | null) => string;
}

const serviceCases: readonly ServiceCase[] = [
  {
    name: 'loadAgenda',
    wire: wires.agendaList,
    decoder: ListAnswer(AgendaEvent),
    call: (api) => loadAgenda(api, { agendaId: '1', filters: NO_AGENDA_FILTERS, page: { period: 'upcoming', today: TODAY, pageSize: 50 } }),
    loaded: () => 'AGENDA_LOADED',
    failed: () => 'AGENDA_FAILED',
  },
  {
    name: 'loadMoreAgenda',
    wire: wires.agendaList,
    decoder: ListAnswer(AgendaEvent),
    call: (api) => loadMoreAgenda(api, '/api/agenda/1/?page_size=50&cursor=k1'),
    loaded: () => 'MORE_LOADED',
    failed: () => 'MORE_FAILED',
  },
  {
    name: 'loadPastAgenda',
    wire: wires.agendaList,
    decoder: ListAnswer(AgendaEvent),
    call: (api) => loadPastAgenda(api, '/api/agenda/1/?period=past&page_size=50'),
    loaded: () => 'PAST_LOADED',
    failed: () => 'PAST_FAILED',
  },
  {
    name: 'loadAgendaEvent',
    wire: fc.oneof(
      wires.agendaEvent,
      wires.agendaEvent.map((event) => ({ ...(event as object), id: 7 })),
    ),
    decoder: AgendaEvent,
    call: (api) => loadAgendaEvent(api, { agendaId: '1', eventId: '7' }),
    // Any failure means the permalink's event is not there.
    loaded: (event) => ((event as AgendaEvent).id === '7' ? 'EVENT_FOUND' : 'EVENT_MISSING'),
    failed: () => 'EVENT_MISSING',
  },
  {
    name: 'loadAgendaCategories',
    wire: wires.agendaCategories,
    decoder: AgendaCategoryList,
    call: loadAgendaCategories,
    loaded: () => 'CATEGORIES_LOADED',
    failed: () => 'CATEGORIES_FAILED',
  },
  {
    name: 'loadContacts',
    wire: wires.contactList,
    decoder: ListAnswer(Contact),
    call: (api) => loadContacts(api, NO_FILTERS),
    loaded: () => 'CONTACTS_LOADED',
    failed: () => 'CONTACTS_FAILED',
  },
  {
    name: 'loadMoreContacts',
    wire: wires.contactList,
    decoder: ListAnswer(Contact),
    call: (api) => loadMoreContacts(api, '/api/contacts/?page_size=48&cursor=k1'),
    loaded: () => 'MORE_CONTACTS_LOADED',
    failed: () => 'MORE_CONTACTS_FAILED',
  },
  {
    name: 'loadContact',
    wire: wires.contact,
    decoder: Contact,
    call: (api) => loadContact(api, 'helene-rochat'),
    loaded: () => 'CONTACT_LOADED',
    failed: () => 'CONTACT_FAILED',
  },
  {
    name: 'loadContactCategories',
    wire: wires.contactCategories,
    decoder: ContactCategoryList,
    call: loadContactCategories,
    loaded: () => 'CATEGORIES_LOADED',
    failed: () => 'CATEGORIES_FAILED',
  },
  {
    name: 'loadNews',
    wire: wires.newsList,
    decoder: ListAnswer(NewsItem),
    call: (api) => loadNews(api, 'actualites', []),
    loaded: () => 'NEWS_LOADED',
    failed: () => 'NEWS_FAILED',
  },
  {
    name: 'loadMoreNews',
    wire: wires.newsList,
    decoder: ListAnswer(NewsItem),
    call: (api) => loadMoreNews(api, '/api/news/actualites/?page_size=24&cursor=k1'),
    loaded: () => 'MORE_NEWS_LOADED',
    failed: () => 'MORE_NEWS_FAILED',
  },
  {
    name: 'loadNewsCategories',
    wire: wires.newsCategories,
    decoder: NewsCategoryList,
    call: (api) => loadNewsCategories(api, 'actualites'),
    loaded: () => 'CATEGORIES_LOADED',
    failed: () => 'CATEGORIES_FAILED',
  },
  {
    name: 'loadNewsArticle',
    wire: wires.article,
    decoder: NewsArticle,
    call: (api) => loadNewsArticle(api, { scope: 'actualites', slug: 'une-nouvelle' }),
    loaded: () => 'ARTICLE_LOADED',
    failed: (status) => (status === 404 || status === 410 ? 'ARTICLE_MISSING' : 'ARTICLE_FAILED'),
  },
  { name: 'loadShopItems', wire: wires.shop, decoder: ShopItemList, call: loadShopItems, loaded: () => 'SHOP_ITEMS_LOADED', failed: () => 'SHOP_ITEMS_FAILED' },
  {
    name: 'searchSite',
    wire: wires.search,
    decoder: SiteSearchAnswer,
    // The search tells first that the request went out.
    call: (api) => searchSite(api, { query: 'séance', limit: 5, pauseMs: 0 }),
    loaded: () => 'RESULTS_LOADED',
    failed: () => 'RESULTS_FAILED',
  },
];

/** A `next` an answer sent is followed only back into the API, never to another site. */
const expectNextInsideApi = (event: object): void => {
  const next = (event as { next?: unknown }).next;
  if (next !== undefined && next !== null) expect(next).toMatch(/^\/api\//);
};

describe('every service, fed arbitrary answers', () => {
  it.each(serviceCases.map((service) => [service.name, service] as const))('%s ends in its data or its failure, never a throw', async (_name, service) => {
    await fc.assert(
      fc.asyncProperty(answers(service.wire), async ({ delivery, valid }) => {
        const events = await lastValueFrom(service.call(apiOf(service.name, delivery)).pipe(toArray()));
        // No answer here is worth a retry (no 5xx, no network failure): the call's one outcome comes at once.
        const outcomes = events.filter((event) => event.type !== 'SEARCH_SENT');
        expect(outcomes).toHaveLength(1);
        const outcome = outcomes[0]!;
        const decoded = decodedBody(delivery, service.decoder);
        if (valid) expect(decoded).not.toBeNull();
        expect(outcome.type).toBe(decoded === null ? service.failed(statusOf(delivery)) : service.loaded(decoded.value));
        if (outcome.error !== undefined) expect(isHttpFailure(outcome.error)).toBe(true);
        expectNextInsideApi(outcome);
        expectPrototypeUntouched();
      }),
      { numRuns: runs(100) },
    );
  });
});

// ---- Machines: started with their real services on arbitrary answers, each region settles in its data or its error.

type Outcome = 'data' | 'error';
const outcomeOf = (answer: Answer, decoder: t.Decoder<unknown, unknown>): Outcome => (decodedBody(answer.delivery, decoder) === null ? 'error' : 'data');

/**
 * Starts a machine and waits until `settled`. An error inside the machine (a guard or an action
 * that throws) stops it, and fails the case rather than the whole run; so does a machine that
 * never settles.
 */
const settle = async <M extends AnyStateMachine>(
  machine: M,
  input: unknown,
  settled: (snapshot: SnapshotFrom<M>) => boolean,
): Promise<{ readonly actor: AnyActorRef; readonly snapshot: SnapshotFrom<M> }> => {
  const actor: AnyActorRef = createActor(machine, { input } as never);
  const errors: unknown[] = [];
  actor.subscribe({ error: (error) => errors.push(error) });
  actor.start();
  await waitFor(actor, (s: Snapshot<unknown>) => s.status !== 'active' || settled(s as SnapshotFrom<M>), { timeout: 10_000 });
  expect(errors).toEqual([]);
  expect(actor.getSnapshot()).toHaveProperty('status', 'active');
  return { actor, snapshot: actor.getSnapshot() as SnapshotFrom<M> };
};

/** Sends `event` and waits until the machine settles again. */
const settleAfter = async <M extends AnyStateMachine>(
  actor: AnyActorRef,
  event: { readonly type: string },
  settled: (snapshot: SnapshotFrom<M>) => boolean,
): Promise<SnapshotFrom<M>> => {
  actor.send(event);
  await waitFor(actor, (s: Snapshot<unknown>) => s.status !== 'active' || settled(s as SnapshotFrom<M>), { timeout: 10_000 });
  expect(actor.getSnapshot()).toHaveProperty('status', 'active');
  return actor.getSnapshot() as SnapshotFrom<M>;
};

/** The state a region is in, as a string (`ready` for any of its children). */
const regionOf = (snapshot: { readonly value: unknown }, region: string): string => {
  const value = (snapshot.value as Record<string, unknown>)[region];
  return typeof value === 'string' ? value : Object.keys(value as object)[0]!;
};

const listState = (outcome: Outcome): readonly string[] => (outcome === 'data' ? ['ready', 'empty'] : ['failed']);
const categoryState = (outcome: Outcome): string => (outcome === 'data' ? 'ready' : 'failed');

describe('every machine that loads, fed arbitrary answers', () => {
  it('the shop shows its items or its failure', async () => {
    await fc.assert(
      fc.asyncProperty(answers(wires.shop), async (shop) => {
        const machine = shopMachine.provide({ actors: { loadItems: shopItemsActor(apiOf('shop', shop.delivery)) } });
        const { actor, snapshot } = await settle(machine, undefined, (s) => !s.matches('loading'));
        expect(snapshot.value).toBe(outcomeOf(shop, ShopItemList) === 'data' ? 'ready' : 'failed');
        actor.stop();
      }),
      { numRuns: runs(100) },
    );
  });

  it('the cart’s price check ends checked or failed, never blocking the cart', async () => {
    await fc.assert(
      fc.asyncProperty(answers(wires.shop), async (shop) => {
        const machine = cartPricesMachine.provide({ actors: { loadPrices: shopItemsActor(apiOf('prices', shop.delivery)) } });
        const { actor, snapshot } = await settle(machine, undefined, (s) => !s.matches('checking'));
        expect(snapshot.value).toBe(outcomeOf(shop, ShopItemList) === 'data' ? 'checked' : 'checkFailed');
        actor.stop();
      }),
      { numRuns: runs(100) },
    );
  });

  it('a news article shows its text, says it is missing, or fails with a retry', async () => {
    await fc.assert(
      fc.asyncProperty(answers(wires.article), async (article) => {
        const machine = newsArticleMachine.provide({ actors: { loadArticle: newsArticleActor(apiOf('article', article.delivery)) } });
        const { actor, snapshot } = await settle(machine, { scope: 'actualites', slug: 'une-nouvelle' }, (s) => !s.matches('loading'));
        const status = statusOf(article.delivery);
        const expected = outcomeOf(article, NewsArticle) === 'data' ? 'ready' : status === 404 || status === 410 ? 'missing' : 'failed';
        expect(snapshot.value).toBe(expected);
        actor.stop();
      }),
      { numRuns: runs(100) },
    );
  });

  it('the site search shows results, none, or its failure', async () => {
    await fc.assert(
      fc.asyncProperty(answers(wires.search), async (search) => {
        const machine = siteSearchMachine.provide({ actors: { search: siteSearchActor(apiOf('search', search.delivery)) } });
        const { actor, snapshot } = await settle(machine, { text: 'séance', limit: 5, pauseMs: 0 }, (s) => !s.matches('searching') && !s.matches('idle'));
        expect(outcomeOf(search, SiteSearchAnswer) === 'data' ? ['results', 'empty'] : ['failed']).toContain(snapshot.value);
        actor.stop();
      }),
      { numRuns: runs(100) },
    );
  });

  it('the home page settles each of its two lists on its own', async () => {
    await fc.assert(
      fc.asyncProperty(answers(wires.agendaList), answers(wires.newsList), async (events, news) => {
        const machine = homeMachine.provide({
          actors: { loadEvents: agendaActor(apiOf('home-events', events.delivery)), loadNews: newsActor(apiOf('home-news', news.delivery), 'actualites') },
        });
        const { actor, snapshot } = await settle(
          machine,
          // Noon of the test's day in Zurich.
          { agendaId: '1', now: Date.UTC(2026, 10, 23, 11) },
          (s) => !s.matches({ events: 'loading' }) && !s.matches({ news: 'loading' }),
        );
        const data = ['loaded', 'empty'];
        expect(outcomeOf(events, ListAnswer(AgendaEvent)) === 'data' ? data : ['failed']).toContain(regionOf(snapshot, 'events'));
        expect(outcomeOf(news, ListAnswer(NewsItem)) === 'data' ? data : ['failed']).toContain(regionOf(snapshot, 'news'));
        actor.stop();
      }),
      { numRuns: runs(100) },
    );
  });

  it('the directory settles its list, its categories, a permalink and a further page', async () => {
    await fc.assert(
      fc.asyncProperty(
        answers(wires.contactList),
        answers(wires.contactList),
        answers(wires.contact),
        answers(wires.contactCategories),
        fc.constantFrom(null, 'helene-rochat'),
        async (list, more, contact, categories, permalink) => {
          const machine = directoryMachine.provide({
            actors: {
              loadContacts: contactsActor(apiOf('contacts', list.delivery)),
              loadMore: moreContactsActor(apiOf('more-contacts', more.delivery)),
              loadContact: contactActor(apiOf('contact', contact.delivery)),
              loadCategories: contactCategoriesActor(apiOf('contact-categories', categories.delivery)),
            },
          });
          const settled = (s: SnapshotFrom<typeof directoryMachine>): boolean =>
            !s.matches({ contacts: 'loading' }) && !s.matches({ categories: 'loading' }) && !s.matches({ details: 'waiting' }) && !s.matches({ details: 'finding' });
          const { actor, snapshot } = await settle(machine, { permalink }, settled);
          expect(listState(outcomeOf(list, ListAnswer(Contact)))).toContain(regionOf(snapshot, 'contacts'));
          expect(regionOf(snapshot, 'categories')).toBe(categoryState(outcomeOf(categories, ContactCategoryList)));
          expect(['open', 'closed']).toContain(regionOf(snapshot, 'details'));
          // "Afficher plus": a page more of what is held, the further page, or its failure; a refused cursor starts the list again.
          const after = await settleAfter<typeof directoryMachine>(
            actor,
            { type: 'LOAD_MORE' },
            (s) => settled(s) && !s.matches({ contacts: { ready: 'loadingMore' } }),
          );
          expect(['ready', 'empty', 'failed']).toContain(regionOf(after, 'contacts'));
          actor.stop();
        },
      ),
      { numRuns: runs(100) },
    );
  });

  it('the news list settles its list, its categories and a further page', async () => {
    await fc.assert(
      fc.asyncProperty(answers(wires.newsList), answers(wires.newsList), answers(wires.newsCategories), async (list, more, categories) => {
        const machine = newsMachine.provide({
          actors: {
            loadNews: newsActor(apiOf('news', list.delivery), 'actualites'),
            loadMore: moreNewsActor(apiOf('more-news', more.delivery)),
            loadCategories: newsCategoriesActor(apiOf('news-categories', categories.delivery), 'actualites'),
          },
        });
        const settled = (s: SnapshotFrom<typeof newsMachine>): boolean => !s.matches({ list: 'loading' }) && !s.matches({ categories: 'loading' });
        const { actor, snapshot } = await settle(machine, {}, settled);
        expect(listState(outcomeOf(list, ListAnswer(NewsItem)))).toContain(regionOf(snapshot, 'list'));
        expect(regionOf(snapshot, 'categories')).toBe(categoryState(outcomeOf(categories, NewsCategoryList)));
        const after = await settleAfter<typeof newsMachine>(actor, { type: 'LOAD_MORE' }, (s) => settled(s) && !s.matches({ list: { ready: 'loadingMore' } }));
        expect(['ready', 'empty', 'failed']).toContain(regionOf(after, 'list'));
        actor.stop();
      }),
      { numRuns: runs(100) },
    );
  });

  it('the agenda settles its list, its categories, a permalink, a further page and the past', async () => {
    await fc.assert(
      fc.asyncProperty(
        answers(wires.agendaList),
        answers(wires.agendaList),
        answers(wires.agendaEvent),
        answers(wires.agendaCategories),
        fc.constantFrom(null, '7'),
        fc.constantFrom<'LOAD_MORE' | 'LOAD_PAST'>('LOAD_MORE', 'LOAD_PAST'),
        async (list, page, event, categories, openEvent, further) => {
          const machine = agendaMachine.provide({
            actors: {
              loadAgenda: agendaActor(apiOf('agenda', list.delivery)),
              loadMore: moreAgendaActor(apiOf('more-agenda', page.delivery)),
              loadPast: pastAgendaActor(apiOf('past-agenda', page.delivery)),
              loadEvent: agendaEventActor(apiOf('agenda-event', event.delivery)),
              loadCategories: agendaCategoriesActor(apiOf('agenda-categories', categories.delivery)),
            },
          });
          const settled = (s: SnapshotFrom<typeof agendaMachine>): boolean =>
            !s.matches({ events: 'loading' }) &&
            !s.matches({ events: 'nextEvents' }) &&
            !s.matches({ categories: 'loading' }) &&
            !s.matches({ permalink: 'loading' });
          const { actor, snapshot } = await settle(machine, { agendaId: '1', today: TODAY, openEvent }, settled);
          const listOutcome = outcomeOf(list, ListAnswer(AgendaEvent));
          expect(listState(listOutcome)).toContain(regionOf(snapshot, 'events'));
          expect(regionOf(snapshot, 'categories')).toBe(categoryState(outcomeOf(categories, AgendaCategoryList)));
          // The permalink waits for the list; once it is there, the event is listed, shown on its own, or missing.
          expect(listOutcome === 'data' ? ['listed', 'shown', 'missing'] : ['waiting']).toContain(regionOf(snapshot, 'permalink'));
          const busy = (s: SnapshotFrom<typeof agendaMachine>): boolean =>
            s.matches({ events: { ready: 'loadingMore' } }) || s.matches({ events: { ready: 'loadingPast' } });
          const after = await settleAfter<typeof agendaMachine>(actor, { type: further }, (s) => settled(s) && !busy(s));
          expect(['ready', 'empty', 'failed']).toContain(regionOf(after, 'events'));
          actor.stop();
        },
      ),
      { numRuns: runs(100) },
    );
  });
});
