import { contactPath, eventPath, newsPath } from '../../../src/domain/permalinks';
import {
  MAX_QUERY_LENGTH,
  MAX_SEARCH_LIMIT,
  MIN_QUERY_LENGTH,
  SEARCH_API_PATH,
  SEARCH_COUNT_LIMIT,
  SEARCH_KINDS,
  SEARCH_LIMITS,
  searchQuery,
  type ContactResult,
  type EventResult,
  type NewsResult,
  type SearchGroup,
  type SearchKind,
  searchChangeAt,
} from '../../../src/domain/site-search';
import { addDays, zurichToday, zurichWallTime } from '../../../src/domain/calendar-days';
import { atOccurrence, comingOccurrences, isComing } from '../../../src/domain/coming-events';
import { Recurrence, seriesDates } from '../../../src/domain/recurrence';
import type { Database } from '../../data/database';
import { excerptOf, htmlToText, siteSearchMatch } from '../../data/search';
import type { SiteLists } from '../site';
import { defineRoute, errorBody, ok, type ApiRoute } from '../query-schemas';
import type { ApiAnswer } from '../route-input';
import { RECURRENCE_HORIZON_DAYS } from './agenda-occurrences';

/** The query of `GET /api/search/`, once its schema has checked it. */
export interface SiteSearchQuery {
  q: string;
  kind?: SearchKind[];
  limit?: number;
}

const siteSearchQuerySchema = {
  type: 'object',
  properties: {
    // No control character: none can be typed, and PostgreSQL text holds no NUL.
    q: { type: 'string', minLength: MIN_QUERY_LENGTH, maxLength: MAX_QUERY_LENGTH, pattern: '^[^\\u0000-\\u001f\\u007f]*$' },
    kind: { type: 'array', items: { type: 'string', enum: SEARCH_KINDS }, maxItems: SEARCH_KINDS.length },
    limit: { type: 'integer', minimum: 1, maximum: MAX_SEARCH_LIMIT },
  },
  required: ['q'],
  additionalProperties: false,
} as const;

/**
 * Each kind is answered in one of two ways, so that its cost never follows the size of the table:
 *
 * - few matches (at most `SEARCH_COUNT_LIMIT`): all of them are read through the trigram indexes
 *   (bitmap scans only: the planner is not allowed to walk a whole index on a misestimate) and
 *   ranked exactly, with their exact count;
 * - more: so many rows match that the first of them in the kind's own order (names; days from
 *   today both ways; newest news) are found after a short walk along that order's index, and only
 *   those `RANK_WINDOW` are ranked. The count says "more than `SEARCH_COUNT_LIMIT`".
 */
export const RANK_WINDOW = 50;

/** Every row of a kind carries its rank (3: found by another column than the title) and the count of the matches read. */
interface Ranked {
  match_rank: number;
  total: number;
}

type Plan = 'bitmap' | 'walk';

// A planner setting a statement needs, for this transaction only: which way it may read the table.
const PLANS: Readonly<Record<Plan, string>> = {
  bitmap: "select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('enable_indexonlyscan', 'off', true)",
  walk: "select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)",
};

const queryWith = async <T>(db: Database, plan: Plan, sql: string, params: readonly unknown[]): Promise<T[]> =>
  db.transaction(async (tx) => {
    await tx.query(PLANS[plan]);
    return tx.query<T>(sql, params);
  });

/**
 * The ranked rows of a kind: every match when there are few (`all` selects them, `limit` at most
 * `SEARCH_COUNT_LIMIT + 1`), else the first of `window` (the walk along the kind's own order).
 * `rows` ranks and orders what the first part picked.
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the columns its SQL selects, as Database.query<T> does
const rankedRows = async <T extends Ranked>(
  db: Database,
  params: readonly unknown[],
  query: { all: string; window: string; rows: (picked: string) => string },
): Promise<{ rows: T[]; count: number; capped?: true }> => {
  const exact = await queryWith<T>(
    db,
    'bitmap',
    `with picked as (${query.all} limit ${SEARCH_COUNT_LIMIT + 1}) ${query.rows('(select count(*)::int from picked) as total')}`,
    params,
  );
  const total = exact[0]?.total ?? 0;
  if (total <= SEARCH_COUNT_LIMIT) return { rows: exact, count: total };
  const rows = await queryWith<T>(db, 'walk', `with picked as (${query.window}) ${query.rows(`${SEARCH_COUNT_LIMIT + 1} as total`)}`, params);
  return { rows, count: SEARCH_COUNT_LIMIT, capped: true };
};

const NAME_ORDER = 'c.search_title collate "C", c.id';

// The section each kind of result belongs to.
const KIND_SECTIONS: Readonly<Record<SearchKind, 'directory' | 'agenda' | 'news'>> = { contacts: 'directory', events: 'agenda', news: 'news' };

/**
 * Contacts whose name holds the text (ranked as the directory's name search), then those whose
 * interests register does, with the register's line that names it; each rank in name order.
 */
const searchContacts = async (db: Database, text: string, limit: number, interests: boolean): Promise<SearchGroup> => {
  const params: unknown[] = [];
  // A site without the interests register finds no contact by it.
  const match = siteSearchMatch('c.search_title', interests ? ['c.search_interests'] : [], text, params);
  params.push(limit);
  const fields = 'c.id, c.title, c.slug, c.fonction, c.parti, c.registre_interets, c.search_title';
  const { rows, ...count } = await rankedRows<Ranked & { title: string; slug: string; role: string | null; party: string | null; register: string | null }>(
    db,
    params,
    {
      all: `select ${fields} from contacts c where ${match.where}`,
      // The names that start with the text are read by themselves, wherever they are in the name order.
      window: `(select ${fields} from contacts c where (c.search_title collate "C") like ${match.prefix} order by ${NAME_ORDER} limit $${params.length})
             union
             (select ${fields} from contacts c where ${match.where} order by ${NAME_ORDER} limit ${RANK_WINDOW})`,
      rows: (total) => `
      select c.title, c.slug, c.fonction as role, c.parti as party,
             case when ${match.rank} = 3 then c.registre_interets end as register,
             ${match.rank} as match_rank, ${total}
        from picked c
       order by match_rank, ${NAME_ORDER}
       limit $${params.length}`,
    },
  );
  const results = rows.map((row): ContactResult => ({
    title: row.title,
    path: contactPath(row),
    match: row.match_rank === 3 ? 'interests' : 'title',
    excerpt: row.match_rank === 3 && row.register !== null ? excerptOf(htmlToText(row.register), text) : null,
    role: row.role,
    party: row.party,
  }));
  return { kind: 'contacts', ...count, results };
};

/** A recurring event of the site's agenda shown at another date than its first: its id and that date. */
interface MovedSeries {
  readonly id: number;
  readonly shown: string;
}

/**
 * The site agenda's recurring events that match the text, each at the date the search shows it
 * when that is not its first (few: read from the rules' own index): a series with an occurrence
 * still coming at `now` is upcoming at its next one (today's, once over, is not), as the agenda's
 * next dates say; one that is over (by its until, its count or its exception dates) is in the past at
 * its last date, as `seriesDates` says.
 */
const movedSeries = async (db: Database, agendaId: string, text: string, now: number): Promise<MovedSeries[]> => {
  const params: unknown[] = [Number(agendaId)];
  const match = siteSearchMatch('e.search_title', ['e.search_place'], text, params);
  // The rank is not needed here, but every parameter of the match must be read for its type to be known.
  const rows = await db.query<{ id: number; start: string; end_date: string | null; start_time: string | null; end_time: string | null; recurrence: unknown }>(
    `select e.id, to_char(e.bel_date, 'YYYY-MM-DD') as start, to_char(e.end_date, 'YYYY-MM-DD') as end_date,
            to_char(e.start_time, 'HH24:MI:SS') as start_time, to_char(e.end_time, 'HH24:MI:SS') as end_time,
            e.recurrence, ${match.rank} as match_rank from events e
      where e.agenda_id = $1 and e.recurrence is not null and ${match.where}`,
    params,
  );
  const today = zurichToday(now);
  const to = addDays(today, RECURRENCE_HORIZON_DAYS);
  return rows.flatMap(({ id, start, end_date, start_time, end_time, recurrence }) => {
    if (!Recurrence.is(recurrence)) return [];
    const series = { bel_date: start, end_date, start_time, end_time, recurrence };
    const { next, last } = seriesDates(recurrence, start, { day: today, to });
    // Today's occurrence, once over, is the last date and no longer the next.
    const overToday = next === today && !isComing(atOccurrence(series, today), now);
    const shown = overToday ? (comingOccurrences(series, now, 1).find((day) => day <= to) ?? today) : (next ?? last);
    return shown === null || shown === start ? [] : [{ id, shown }];
  });
};

/**
 * The SQL of the moment an event of `events e` shown at `shown` is over, as a Zurich wall time
 * (`eventOverAt` in SQL): its last day at its end time (the next day's for an end before the start
 * on an event of one day), else at its start time, else at the end of its last day.
 */
const overWallTime = (shown: string): string => {
  const end = `e.end_date + (${shown} - e.bel_date)`;
  const last = `greatest(coalesce(${end}, ${shown}), ${shown})`;
  const oneDay = `(${end} is null or ${end} <= ${shown})`;
  return `case when e.end_time is not null
            then ${last} + e.end_time + case when ${oneDay} and e.start_time is not null and e.end_time < e.start_time then interval '1 day' else interval '0' end
          when e.start_time is not null then ${last} + e.start_time
          else ${last} + interval '1 day' end`;
};

/**
 * Events of the site's agenda whose title (ranked) or place holds the text. Within a rank, what a
 * visitor can still attend comes first, soonest first, then the past, most recent first: someone
 * typing "séance" wants the next session, and then the last one.
 */
const searchEvents = async (db: Database, agendaId: string, text: string, limit: number, now: number): Promise<{ group: SearchGroup; until: number | null }> => {
  const moved = await movedSeries(db, agendaId, text, now);
  const params: unknown[] = [Number(agendaId), zurichToday(now)];
  const match = siteSearchMatch('e.search_title', ['e.search_place'], text, params);
  params.push(
    moved.map(({ id }) => id),
    moved.map(({ shown }) => shown),
  );
  const [ids, days] = [`$${params.length - 1}::int[]`, `$${params.length}::date[]`];
  // From today on (as the agenda lists what is coming), an event is coming until its end in Zurich: compared
  // as wall times, which order as the instants do but in the autumn's repeated hour.
  params.push(zurichWallTime(now));
  const wallNow = `$${params.length}::timestamp`;
  params.push(limit);
  const time = "coalesce(e.start_time, time '24:00')";
  // A series is shown at its next date, or its last once it is over.
  const shown = `coalesce((${days})[array_position(${ids}, e.id)], e.bel_date)`;
  const fields = `e.id, e.title, ${shown} as bel_date, e.end_date + (${shown} - e.bel_date) as end_date, e.start_time, e.end_time, e.place, e.search_title,
                  (${shown} >= $2::date and ${overWallTime(shown)} > ${wallNow}) as upcoming`;
  const { rows, ...count } = await rankedRows<
    Ranked & {
      id: number;
      title: string;
      date: string;
      end_date: string | null;
      start_time: string | null;
      end_time: string | null;
      place: string | null;
      upcoming: boolean;
    }
  >(db, params, {
    all: `select ${fields} from events e where e.agenda_id = $1 and ${match.where}`,
    // From today, both ways along the agenda's date index.
    window: `(select ${fields} from events e where e.agenda_id = $1 and e.bel_date >= $2::date and e.id <> all(${ids}) and ${match.where}
               order by e.bel_date, ${time}, e.id limit ${RANK_WINDOW})
             union all
             (select ${fields} from events e where e.agenda_id = $1 and e.bel_date < $2::date and e.id <> all(${ids}) and ${match.where}
               order by e.bel_date desc, ${time} desc, e.id desc limit ${RANK_WINDOW})
             union all
             (select ${fields} from events e where e.agenda_id = $1 and e.id = any(${ids}))`,
    rows: (total) => `
      select e.id, e.title, to_char(e.bel_date, 'YYYY-MM-DD') as date, to_char(e.end_date, 'YYYY-MM-DD') as end_date,
             to_char(e.start_time, 'HH24:MI') as start_time, to_char(e.end_time, 'HH24:MI') as end_time, e.place, e.upcoming,
             ${match.rank} as match_rank, ${total}
        from picked e
       order by match_rank, e.upcoming desc,
                case when e.upcoming then e.bel_date end, case when e.upcoming then ${time} end,
                e.bel_date desc, ${time} desc, e.id
       limit $${params.length}`,
  });
  const results = rows.map((row): EventResult => ({
    title: row.title,
    path: eventPath({ id: String(row.id), title: row.title }),
    match: row.match_rank === 3 ? 'place' : 'title',
    date: row.date,
    upcoming: row.upcoming,
    end_date: row.end_date,
    start_time: row.start_time,
    end_time: row.end_time,
    place: row.place,
  }));
  // The answer changes when the first event it calls coming is over: then it is past, and ordered with the past.
  return { group: { kind: 'events', ...count, results }, until: searchChangeAt(results, now) };
};

/** News of the site's scope whose title (ranked) or lead holds the text, newest first within a rank. */
const searchNews = async (db: Database, newsScope: string, text: string, limit: number): Promise<SearchGroup> => {
  const params: unknown[] = [newsScope];
  const match = siteSearchMatch('n.search_title', ['n.search_lead'], text, params);
  params.push(limit);
  const scope = 'n.scope_id = (select s.id from news_scopes s where s.slug = $1)';
  const fields = 'n.id, n.slug, n.title, n.date, n.lead, n.search_title';
  const { rows, ...count } = await rankedRows<Ranked & { id: number; slug: string; title: string; date: string; lead: string | null }>(db, params, {
    all: `select ${fields} from news_items n where ${scope} and ${match.where}`,
    window: `select ${fields} from news_items n where ${scope} and ${match.where} order by n.date desc, n.id desc limit ${RANK_WINDOW}`,
    rows: (total) => `
      select n.id, n.slug, n.title, to_char(n.date, 'YYYY-MM-DD') as date,
             case when ${match.rank} = 3 then n.lead end as lead,
             ${match.rank} as match_rank, ${total}
        from picked n
       order by match_rank, n.date desc, n.id desc
       limit $${params.length}`,
  });
  const results = rows.map((row): NewsResult => ({
    title: row.title,
    path: newsPath({ id: String(row.id), title: row.title, slug: row.slug }),
    match: row.match_rank === 3 ? 'lead' : 'title',
    date: row.date,
    excerpt: row.match_rank === 3 && row.lead !== null ? excerptOf(row.lead, text) : null,
  }));
  return { kind: 'news', ...count, results };
};

/**
 * `GET /api/search/?q=…&kind=…&limit=…`: contacts, events of the site's agenda and news of the
 * site's scope that hold the text, accents and case aside; a group a kind asked for (all by
 * default), in the order of `SEARCH_KINDS`, each with its first `limit` results (5 by default,
 * at most 20) and the count of all its matches.
 */
export const answerSiteSearch = async (db: Database, site: SiteLists, query: SiteSearchQuery, now: number): Promise<ApiAnswer> => {
  const text = searchQuery(query.q);
  if (text === null) {
    return { status: 400, body: errorBody(400, 'Bad Request', `querystring/q must hold a word of at least ${MIN_QUERY_LENGTH} letters or digits`) };
  }
  const limit = query.limit ?? SEARCH_LIMITS.suggestions;
  const asked = query.kind ?? [];
  // A kind of a section off is never searched: its results would lead to no page.
  const kinds = SEARCH_KINDS.filter((kind) => (asked.length === 0 || asked.includes(kind)) && site.sections[KIND_SECTIONS[kind]]);
  const answered = await Promise.all(
    kinds.map(async (kind) =>
      kind === 'events'
        ? searchEvents(db, site.agendaId, text, limit, now)
        : {
            group: kind === 'contacts' ? await searchContacts(db, text, limit, site.sections.interestsRegister) : await searchNews(db, site.newsScope, text, limit),
            until: null,
          },
    ),
  );
  // Only the events' group changes by itself, when an event it calls coming is over.
  const until = answered.find(({ group }) => group.kind === 'events')?.until ?? null;
  return { ...ok({ query: text, groups: answered.map(({ group }) => group) }), until };
};

/** The site search's route. */
export const SEARCH_ROUTES: readonly ApiRoute[] = [
  defineRoute<unknown, SiteSearchQuery>(SEARCH_API_PATH, { querystring: siteSearchQuerySchema }, (db, { query, now, site }) =>
    answerSiteSearch(db, site, query, now),
  ),
];
