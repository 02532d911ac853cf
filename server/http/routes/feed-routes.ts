import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EventPlace, type AgendaEvent } from '../../../src/domain/agenda';
import { addDays, zurichToday } from '../../../src/domain/calendar-days';
import { FEED_ROOT, FEED_SCOPE, newsFeedPath } from '../../../src/domain/feed-addresses';
import { decodeFeedToken, type FeedFilters } from '../../../src/domain/feed-token';
import { toIcsFeed, type FeedEvent } from '../../../src/domain/ics';
import { Recurrence, seriesDates } from '../../../src/domain/recurrence';
import type { NewsItem } from '../../../src/domain/news';
import { selectionToSearch } from '../../../src/domain/news-list';
import { eventPath, PAGE_PATHS } from '../../../src/domain/permalinks';
import { boundedCache, representation, sendRepresentation, singleFlight, type Representation, type SendPolicy } from '../../cache/answer-cache';
import { FEED_CACHE_LIMITS, type CacheLimits } from '../../cache/cache-limits';
import { FEED_ID_DATE, toAtomFeed } from './atom-feed';
import type { Database, Queryable } from '../../data/database';
import { TOMBSTONE_DAYS } from '../../data/event-feed-state';
import { nameSearch } from '../../data/search';
import type { SiteIdentity } from '../site';
import { EVENT_KEY } from './agenda-routes';
import { RECURRENCE_HORIZON_DAYS } from './agenda-occurrences';
import { linkOrigins, type LinkOrigins } from '../public-origin';
import { sharedCacheControl } from '../../cache/shared-cache';
import { NO_LIMIT, type UncachedWork } from '../../cache/fair-use';
import { errorBody } from '../query-schemas';
import { notModifiedSince, parseHttpDate } from '../../cache/http-date';

/**
 * How far back a calendar feed starts: today (in Zurich) minus 30 days. A calendar that
 * subscribes keeps the past month (what a reader looks back on: last week's session, its
 * minutes), and an event cancelled or moved within it still reaches the calendars; beyond it, the
 * agenda's archive is the agenda page's, not every subscriber's, and each poll stays small.
 */
export const CALENDAR_FEED_PAST_DAYS = 30;

/**
 * The most events a calendar feed holds, the earliest first. Google Calendar and Outlook.com are
 * known to give up on subscriptions of several megabytes; 500 events are some 400 kB (about
 * 60 kB compressed), which every service takes, and more than a year of the demo agenda. A
 * narrower filter set is the way to follow more of a busy agenda.
 */
export const CALENDAR_FEED_MAX_EVENTS = 500;

/** The most entries of a news feed: readers keep what they fetched, so the latest 50 suffice to miss nothing polled daily. */
export const NEWS_FEED_MAX_ITEMS = 50;

/** How often calendars are asked to poll (RFC 7986 REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const CALENDAR_FEED_REFRESH = 'PT1H';

/** Cache policy of the feeds: an hour's polls of one calendar are mostly revalidations, and an import shows within five minutes (within `SHARED_CACHE_SECONDS` at a shared cache). */
export const FEED_CACHE_CONTROL = sharedCacheControl(300);

const FEED_SENDING: SendPolicy = { cacheControl: FEED_CACHE_CONTROL, brotliQuality: 5, threshold: 1024 };

/**
 * The calendar's UID of an event under the profile's `identifiers.authority`: host-independent and
 * the same in every feed that holds it. The authority is set once: changing it changes every UID,
 * and calendars would see every event as new.
 */
export const eventUid = (agendaId: number, eventId: number, authority: string): string => `event-${agendaId}-${eventId}@${authority}`;

/** What a feed request answers: the feed, or a refusal. */
export type FeedAnswer =
  | { readonly status: 200; readonly type: string; readonly body: string; readonly lastModified: Date | null }
  | { readonly status: 400 | 404; readonly message: string };

const refuse = (status: 400 | 404, message: string): FeedAnswer => ({ status, message });

/** One event of a calendar feed as the database gives it: the agenda's fields, and what the feed state says. */
interface FeedEventRow {
  id: number;
  agenda_id: number;
  bel_date: string;
  end_date: string | null;
  start_time: string | null;
  end_time: string | null;
  title: string;
  place: string | null;
  description: string | null;
  link: string | null;
  lieu: unknown;
  recurrence: unknown;
  categories: { id: number; title: string }[];
  sequence: number;
  modified_at: string | Date;
  cancelled: boolean;
}

/** Where a calendar feed looks: one agenda (no filter), or every agenda (filters, as the agenda's filter call does). */
export interface CalendarScope {
  readonly agendaId: number;
  readonly filters: FeedFilters | null;
}

/** The conditions of a feed's scope on `e` (its agenda, or the filters across every agenda), their values pushed to `params`. */
const scopeConditions = (scope: CalendarScope, params: unknown[]): string[] => {
  if (scope.filters === null) {
    params.push(scope.agendaId);
    return [`e.agenda_id = $${params.length}`];
  }
  const { categories, title } = scope.filters;
  const live: string[] = [];
  if (categories.length > 0) {
    params.push(categories.map(Number));
    live.push(`exists (select 1 from event_categories l where l.event_id = e.id and l.category_id = any($${params.length}::int[]))`);
  }
  if (title !== null) {
    // The agenda's own search: its rank is named in a condition that always holds, since
    // PostgreSQL must type every parameter nameSearch pushes (agenda-routes.ts does the same).
    const search = nameSearch('e.search_title', title, params);
    live.push(`${search.where} and ${search.rank} >= 0`);
  }
  return live;
};

/**
 * The recurring events of a scope that began before `from` and still repeat on or after it (up to
 * `to`), as `seriesDates` says: a rule ended by its count or its until is over, whichever it is.
 */
const continuingSeries = async (db: Queryable, scope: CalendarScope, from: string, to: string): Promise<number[]> => {
  const params: unknown[] = [from];
  const where = ['e.recurrence is not null', 'e.bel_date < $1::date', ...scopeConditions(scope, params)];
  const rows = await db.query<{ id: number; start: string; recurrence: unknown }>(
    `select e.id, to_char(e.bel_date, 'YYYY-MM-DD') as start, e.recurrence from events e where ${where.join(' and ')}`,
    params,
  );
  return rows.flatMap(({ id, start, recurrence }) => (Recurrence.is(recurrence) && seriesDates(recurrence, start, { day: from, to }).next !== null ? [id] : []));
};

/**
 * The events of a calendar feed, in the agenda's order: those the agenda shows for the scope
 * (the plain call `GET /api/agenda/{id}/`, or the filter call `GET /api/agenda/?categories=…&title=…`
 * across every agenda, as SPEC §7 has it), from `CALENDAR_FEED_PAST_DAYS` before `today` on, plus
 * the events cancelled since `cancelledSince` that the same filters find in their last data; at most `limit`.
 */
export const calendarFeedRows = async (
  db: Queryable,
  scope: CalendarScope,
  today: string,
  cancelledSince: Date,
  limit: number = CALENDAR_FEED_MAX_EVENTS,
): Promise<FeedEventRow[]> => {
  const from = addDays(today, -CALENDAR_FEED_PAST_DAYS);
  // A recurring event is one entry at its first date (its RRULE says the rest): one that began
  // before the feed's first day is in it while its rule still repeats, within the agenda's horizon.
  const continuing = await continuingSeries(db, scope, from, addDays(today, RECURRENCE_HORIZON_DAYS));
  const params: unknown[] = [from, cancelledSince.toISOString(), limit, continuing];
  // The scope's first value is $5 (the agenda, or the categories): the cancelled events' side reads it too.
  const live = scopeConditions(scope, params);
  const gone: string[] = ['s.cancelled_at is not null', 's.cancelled_at >= $2::timestamptz', "(s.data->>'bel_date')::date >= $1::date"];
  if (scope.filters === null) {
    gone.push(`(s.data->>'agenda_id')::integer = $5`);
  } else {
    const { categories, title } = scope.filters;
    if (categories.length > 0) {
      gone.push(`exists (select 1 from jsonb_array_elements(s.data->'categories') c where (c->>'id')::integer = any($5::int[]))`);
    }
    if (title !== null) {
      const former = nameSearch("(s.data->>'search_title')", title, params);
      gone.push(`${former.where} and ${former.rank} >= 0`);
    }
  }
  // Each side is ordered and cut on its own, on the agenda's key (an index of migration 3 serves the
  // events' side), so the categories of only the rows kept are read, whatever the agenda's size.
  const key = EVENT_KEY.map((column) => column.sql).join(', ');
  const stored = (when: string): string =>
    `(select e.id, e.agenda_id, to_char(e.bel_date, 'YYYY-MM-DD') as bel_date, to_char(e.end_date, 'YYYY-MM-DD') as end_date,
               to_char(e.start_time, 'HH24:MI') as start_time, to_char(e.end_time, 'HH24:MI') as end_time,
               e.title, e.place, e.description, e.link, e.lieu, e.recurrence,
               coalesce((select json_agg(json_build_object('id', c.id, 'title', c.title) order by c.id)
                         from event_categories ec join agenda_categories c on c.id = ec.category_id
                         where ec.event_id = e.id), '[]'::json) as categories,
               coalesce(s.sequence, 0) as sequence, coalesce(s.modified_at, to_timestamp(0)) as modified_at, false as cancelled,
               e.bel_date as k_date, coalesce(e.start_time, time '24:00') as k_time, e.id as k_id
        from events e left join event_feed_state s on s.event_id = e.id
        where ${[when, ...live].join(' and ')}
        order by ${key}
        limit $3)`;
  return db.query<FeedEventRow>(
    `select * from (
       ${stored('e.bel_date >= $1::date')}
       union all
       ${stored('e.id = any($4::int[])')}
       union all
       (select s.event_id, (s.data->>'agenda_id')::integer, s.data->>'bel_date', s.data->>'end_date',
               left(s.data->>'start_time', 5), left(s.data->>'end_time', 5),
               s.data->>'title', s.data->>'place', s.data->>'description', s.data->>'link', s.data->'lieu', s.data->'recurrence',
               (s.data->'categories')::json, s.sequence, s.modified_at, true,
               (s.data->>'bel_date')::date, coalesce((s.data->>'start_time')::time, time '24:00'), s.event_id
        from event_feed_state s
        where ${gone.join(' and ')}
        order by (s.data->>'bel_date')::date, coalesce((s.data->>'start_time')::time, time '24:00'), s.event_id
        limit $3)
     ) feed
     order by k_date, k_time, k_id
     limit $3`,
    params,
  );
};

const asEvent = (row: FeedEventRow): AgendaEvent => ({
  id: String(row.id),
  bel_date: row.bel_date,
  end_date: row.end_date,
  start_time: row.start_time,
  end_time: row.end_time,
  title: row.title,
  place: row.place,
  description: row.description,
  link: row.link,
  // What the import checked; a cancelled event's data from before places has none.
  lieu: EventPlace.is(row.lieu) ? row.lieu : null,
  recurrence: Recurrence.is(row.recurrence) ? row.recurrence : null,
  categories: row.categories.map((category) => ({ id: String(category.id), title: category.title })),
});

/** The calendar feed of an agenda and filters (`null`: none), as the site `site` at `origin` shows it on `today`. */
export const answerCalendarFeed = async (
  db: Queryable,
  agendaId: number,
  filters: FeedFilters | null,
  origin: string,
  today: string,
  site: SiteIdentity,
): Promise<FeedAnswer> => {
  const [agenda] = await db.query<{ title: string }>('select title from agendas where id = $1', [agendaId]);
  if (agenda === undefined) return refuse(404, `agenda ${agendaId} does not exist`);
  // Counted in whole days, like the window: the feed changes at most once a day besides imports.
  const cancelledSince = new Date(`${addDays(today, -TOMBSTONE_DAYS)}T00:00:00Z`);
  const rows = await calendarFeedRows(db, { agendaId, filters }, today, cancelledSince);
  const events: FeedEvent[] = rows.map((row) => {
    const event = asEvent(row);
    return {
      event,
      uid: eventUid(row.agenda_id, row.id, site.authority),
      sequence: row.sequence,
      modified: new Date(row.modified_at),
      cancelled: row.cancelled,
      url: `${origin}${eventPath(event)}`,
    };
  });
  const narrowed = filters !== null && (filters.categories.length > 0 || filters.title !== null);
  const name = `${agenda.title}${narrowed ? ' (sélection)' : ''} – ${site.name(site.language)}`;
  const lastModified = events.reduce<Date | null>((latest, { modified }) => (latest === null || modified > latest ? modified : latest), null);
  return {
    status: 200,
    type: 'text/calendar; charset=utf-8',
    body: toIcsFeed({ name, authority: site.authority, refresh: CALENDAR_FEED_REFRESH, events }),
    lastModified,
  };
};

const NEWS_FIELDS = `
  n.id, n.slug, n.title, to_char(n.date, 'YYYY-MM-DD') as date, n.lead, n.image, n.image_alt, n.link,
  coalesce((select json_agg(json_build_object('id', c.id, 'title', c.title, 'slug', c.slug) order by c.id)
            from news_item_categories l join news_categories c on c.id = l.category_id
            where l.news_id = n.id), '[]'::json) as categories`;

/** The news feed of a scope and categories (none: every item of the scope), newest first, as the site `site` at `origin` shows them. */
export const answerNewsFeed = async (db: Queryable, scope: string, categories: readonly number[], origin: string, site: SiteIdentity): Promise<FeedAnswer> => {
  const [found] = await db.query<{ id: number; title: string }>('select id, title from news_scopes where slug = $1', [scope]);
  if (found === undefined) return refuse(404, `news scope "${scope}" does not exist`);
  const params: unknown[] = [found.id, NEWS_FEED_MAX_ITEMS];
  const where = ['n.scope_id = $1'];
  if (categories.length > 0) {
    params.push(categories);
    where.push('exists (select 1 from news_item_categories l where l.news_id = n.id and l.category_id = any($3::int[]))');
  }
  const rows = await db.query<{ id: number; categories: { id: number; title: string; slug: string | null }[] } & Omit<NewsItem, 'id' | 'categories'>>(
    `select ${NEWS_FIELDS} from news_items n where ${where.join(' and ')} order by n.date desc, n.id desc limit $2`,
    params,
  );
  const chosen =
    categories.length === 0
      ? []
      : (await db.query<{ title: string }>('select title from news_categories where id = any($1::int[]) order by id', [categories])).map((row) => row.title);
  const items: NewsItem[] = rows.map((row) => ({
    ...row,
    id: String(row.id),
    categories: row.categories.map((category) => ({ ...category, id: String(category.id) })),
  }));
  const selection = categories.map(String);
  const siteName = site.name(site.language);
  const self = `${origin}${newsFeedPath(scope, selection) ?? ''}`;
  // The site's news page shows its own scope; another scope's feed points to the site itself.
  const alternate = scope === site.newsScope ? `${origin}${PAGE_PATHS.news}${selectionToSearch(selection)}` : `${origin}/`;
  const body = toAtomFeed({
    id: `tag:${site.authority},${FEED_ID_DATE}:${(newsFeedPath(scope, selection) ?? '').replace(/^\//, '').replace(/\.atom$/, '')}`,
    authority: site.authority,
    title: `${found.title}${chosen.length > 0 ? ` (${chosen.join(', ')})` : ''} – ${siteName}`,
    siteName,
    origin,
    self,
    alternate,
    items,
  });
  return { status: 200, type: 'application/atom+xml; charset=utf-8', body, lastModified: null };
};

const AGENDA_FILE = /^([1-9]\d{0,9})\.ics$/;
const TOKEN_FILE = (extension: string) => new RegExp(`^(.+)\\.${extension}$`);

/** The filters of a token file (`3.7~concert.ics`), or the 400 that refuses it. */
const tokenFilters = (file: string, extension: string): { filters: FeedFilters } | FeedAnswer => {
  const match = TOKEN_FILE(extension).exec(file);
  if (match === null) return refuse(404, `a feed address ends in .${extension}`);
  const decoded = decodeFeedToken(match[1]!);
  return decoded.ok ? { filters: decoded.filters } : refuse(400, `the feed's filters cannot be read (${decoded.problem})`);
};

const agendaIdOf = (text: string): number | null => (/^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2147483647 ? Number(text) : null);

/** What the feed routes read: the content version (the answer cache's), the clock and the site's identity. */
export interface FeedRouteOptions {
  readonly version: () => Promise<string>;
  /** The profile's identity: the feeds' names, ids and the news page a feed of its scope points to. */
  readonly site: SiteIdentity;
  readonly now?: () => number;
  readonly limits?: CacheLimits;
  /** Where the feeds' absolute links start: never the request's Host (server/http/public-origin.ts). */
  readonly origins?: LinkOrigins;
  /**
   * Counts each feed not kept against its client's fair use (server/cache/fair-use.ts): a token
   * names any set of ids, existing or not, so a client could otherwise ask for new feeds without end.
   */
  readonly uncached?: UncachedWork;
}

// RFC 9110 §13.1.3, to the second: the feed's Last-Modified is written with whole seconds.
const unchangedSince = (request: FastifyRequest, lastModified: string | undefined): boolean => {
  const time = lastModified === undefined ? null : parseHttpDate(lastModified);
  return time !== null && notModifiedSince(request.headers, time);
};

/**
 * `GET /flux/agenda/{agendaId}.ics`, `/flux/agenda/{agendaId}/{token}.ics`,
 * `/flux/actualites/{scope}.atom` and `/flux/actualites/{scope}/{token}.atom`: the feeds, read from
 * this database, kept per (address, origin, day, content version) with their ETag and
 * compressed copies, revalidated by If-None-Match or If-Modified-Since (304).
 */
export const registerFeedRoutes = (
  app: FastifyInstance,
  db: Database,
  { version, site, now = Date.now, limits = FEED_CACHE_LIMITS, origins = linkOrigins(), uncached = NO_LIMIT }: FeedRouteOptions,
): void => {
  const kept = boundedCache<Representation>(limits, 'feeds');
  const once = singleFlight<Representation | FeedAnswer>();

  const serve = async (request: FastifyRequest, reply: FastifyReply, answer: (origin: string, today: string) => Promise<FeedAnswer>): Promise<FastifyReply> => {
    const origin = origins.absolute(request);
    const today = zurichToday(now());
    const key = JSON.stringify([request.url.split('?')[0], origin, today, await version()]);
    const send = (representation: Representation): FastifyReply => {
      if (representation.status === 200 && unchangedSince(request, representation.headers['last-modified'])) {
        return reply
          .code(304)
          .header('cache-control', FEED_CACHE_CONTROL)
          .header('etag', representation.etag)
          .header('vary', 'accept-encoding')
          .headers(representation.headers)
          .send();
      }
      return sendRepresentation(request, reply, representation, FEED_SENDING, (bytes) => kept.grow(key, bytes));
    };
    const hit = kept.get(key);
    if (hit !== undefined) return send(hit);
    if (await uncached(request, reply)) return reply;
    const result = await once(key, () =>
      answer(origin, today).then((fresh) => {
        if (fresh.status !== 200) return fresh;
        const headers: Record<string, string> =
          fresh.lastModified === null ? {} : { 'last-modified': new Date(Math.floor(fresh.lastModified.getTime() / 1000) * 1000).toUTCString() };
        const made = representation(200, fresh.type, fresh.body, headers);
        kept.set(key, made, made.body.length + key.length);
        return made;
      }),
    );
    if ('etag' in result) return send(result);
    const refused = result as Extract<FeedAnswer, { status: 400 | 404 }>;
    return reply
      .code(refused.status)
      .header('cache-control', 'no-store')
      .send(errorBody(refused.status, refused.status === 400 ? 'Bad Request' : 'Not Found', refused.message));
  };

  // A section off has no feed.
  if (site.sections.agenda) {
    app.get<{ Params: { file: string } }>(`${FEED_ROOT}/agenda/:file`, (request, reply) =>
      serve(request, reply, async (origin, today) => {
        const agendaId = agendaIdOf(AGENDA_FILE.exec(request.params.file)?.[1] ?? '');
        return agendaId === null ? refuse(404, 'an agenda feed is /flux/agenda/{id}.ics') : answerCalendarFeed(db, agendaId, null, origin, today, site);
      }),
    );
    app.get<{ Params: { agendaId: string; file: string } }>(`${FEED_ROOT}/agenda/:agendaId/:file`, (request, reply) =>
      serve(request, reply, async (origin, today) => {
        const agendaId = agendaIdOf(request.params.agendaId);
        if (agendaId === null) return refuse(404, 'an agenda feed is /flux/agenda/{id}/{filters}.ics');
        const read = tokenFilters(request.params.file, 'ics');
        return 'filters' in read ? answerCalendarFeed(db, agendaId, read.filters, origin, today, site) : read;
      }),
    );
  }
  if (site.sections.news) {
    app.get<{ Params: { file: string } }>(`${FEED_ROOT}/actualites/:file`, (request, reply) =>
      serve(request, reply, async (origin) => {
        const scope = /^(.+)\.atom$/.exec(request.params.file)?.[1] ?? '';
        return FEED_SCOPE.test(scope) ? answerNewsFeed(db, scope, [], origin, site) : refuse(404, 'a news feed is /flux/actualites/{scope}.atom');
      }),
    );
    app.get<{ Params: { scope: string; file: string } }>(`${FEED_ROOT}/actualites/:scope/:file`, (request, reply) =>
      serve(request, reply, async (origin) => {
        if (!FEED_SCOPE.test(request.params.scope)) return refuse(404, 'a news feed is /flux/actualites/{scope}/{categories}.atom');
        const read = tokenFilters(request.params.file, 'atom');
        if (!('filters' in read)) return read;
        // A news feed follows categories only: a token with a title names no news feed.
        if (read.filters.title !== null) return refuse(400, 'a news feed is narrowed by categories only');
        return answerNewsFeed(db, request.params.scope, read.filters.categories.map(Number), origin, site);
      }),
    );
  }
};
