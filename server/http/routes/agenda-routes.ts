import { PAGE_SIZES } from '../../../src/domain/paging';
import { isDatabaseDay } from '../../data/content';
import type { Database } from '../../data/database';
import { answerList, pagingProperties, type KeyColumn, type ListSpec, type PagingQuery } from '../paging';
import { nameSearch } from '../../data/search';
import { agendaOccurrences, firstOccurrences, ONE_DATE, occurrenceRange, recurringRules, SINGLE_EVENTS, STORED_EVENTS } from './agenda-occurrences';
import { defineRoute, errorBody, idListSchema, idSchema, noQuerySchema, notFound, ok, searchTextSchema, type ApiRoute } from '../query-schemas';
import type { ApiAnswer } from '../route-input';

/** One row of an agenda answer, as `src/domain/agenda.ts` decodes it. */
export interface EventRow {
  id: number;
  bel_date: string;
  end_date: string | null;
  start_time: string | null;
  end_time: string | null;
  title: string;
  place: string | null;
  description: string | null;
  categories: { id: number; title: string }[];
  link: string | null;
  /** The event's place (`EventPlace` of src/domain/agenda.ts), or null. */
  lieu: unknown;
  /** How the event repeats (`Recurrence` of src/domain/recurrence.ts), or null. */
  recurrence: unknown;
  /** A recurring event's first date (its rule starts there; `bel_date` is the occurrence's), or null. */
  recurrence_start: string | null;
}

const EVENT_FIELDS = `
  e.id, to_char(e.bel_date, 'YYYY-MM-DD') as bel_date, to_char(e.end_date, 'YYYY-MM-DD') as end_date,
  to_char(e.start_time, 'HH24:MI') as start_time, to_char(e.end_time, 'HH24:MI') as end_time,
  e.title, e.place, e.description, e.link, e.lieu, e.recurrence,
  case when e.recurrence is null then null else to_char(e.series_start, 'YYYY-MM-DD') end as recurrence_start,
  coalesce((select json_agg(json_build_object('id', c.id, 'title', c.title) order by c.id)
            from event_categories ec join agenda_categories c on c.id = ec.category_id
            where ec.event_id = e.id), '[]'::json) as categories`;

/**
 * The order of every agenda answer: date, then time (all-day events, which have none, last in
 * their day), then id. These are the expressions of migration 3's indexes, so the database
 * reads a page straight from an index, in either direction.
 */
export const EVENT_KEY: readonly KeyColumn[] = [
  { sql: 'e.bel_date', type: 'date' },
  { sql: "coalesce(e.start_time, time '24:00')", type: 'time' },
  { sql: 'e.id', type: 'integer' },
];

/** Which side of today an agenda answer shows, and the days it keeps (both inclusive). */
export interface AgendaWindow {
  period?: 'upcoming' | 'past';
  from?: string;
  to?: string;
  /** `first`: a recurring event once, at its first occurrence in the window; `all` (the default): each occurrence. */
  occurrences?: 'all' | 'first';
}

/** The query of `GET /api/agenda/{id}/`, once its schema has checked it. */
export type AgendaPlainQuery = AgendaWindow & PagingQuery;

/** The query of `GET /api/agenda/?…`, once its schema has checked it. */
export interface AgendaQuery extends AgendaWindow, PagingQuery {
  categories?: number[];
  month?: number;
  title?: string;
}

const daySchema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

const windowProperties = {
  period: { type: 'string', enum: ['upcoming', 'past'] },
  from: daySchema,
  to: daySchema,
  occurrences: { type: 'string', enum: ['all', 'first'] },
} as const;

const agendaParamsSchema = { type: 'object', properties: { id: idSchema }, required: ['id'], additionalProperties: false } as const;

const eventParamsSchema = {
  type: 'object',
  properties: { id: idSchema, eventId: idSchema },
  required: ['id', 'eventId'],
  additionalProperties: false,
} as const;

const agendaPlainQuerySchema = {
  type: 'object',
  properties: { ...windowProperties, ...pagingProperties },
  additionalProperties: false,
} as const;

const agendaQuerySchema = {
  type: 'object',
  properties: {
    categories: idListSchema,
    month: { type: 'integer', minimum: 1, maximum: 12 },
    title: searchTextSchema,
    ...windowProperties,
    ...pagingProperties,
  },
  additionalProperties: false,
} as const;

const badRequest = (message: string): ApiAnswer => ({ status: 400, body: errorBody(400, 'Bad Request', message) });

// The schema checks the shape; a day that no calendar has (2026-02-30), one the database cannot hold
// (year 0: PostgreSQL has none, the import's rule) or a reversed range is refused here.
const windowError = ({ from, to }: AgendaWindow): string | null => {
  if (from !== undefined && !isDatabaseDay(from)) return `from must be a real day from 0001-01-01 (YYYY-MM-DD), got ${from}`;
  if (to !== undefined && !isDatabaseDay(to)) return `to must be a real day from 0001-01-01 (YYYY-MM-DD), got ${to}`;
  if (from !== undefined && to !== undefined && from > to) return `from (${from}) must not be after to (${to})`;
  return null;
};

/** The conditions of a window: on or after today (upcoming) or before it (past), within from and to. */
const windowConditions = ({ period = 'upcoming', from, to }: AgendaWindow, today: string, params: unknown[]): string[] => {
  const conditions: string[] = [];
  params.push(today);
  conditions.push(`e.bel_date ${period === 'past' ? '<' : '>='} $${params.length}::date`);
  if (from !== undefined) {
    params.push(from);
    conditions.push(`e.bel_date >= $${params.length}::date`);
  }
  if (to !== undefined) {
    params.push(to);
    conditions.push(`e.bel_date <= $${params.length}::date`);
  }
  return conditions;
};

// What the links repeat of a window: the period always, so a link says which side of today it pages.
const windowFilters = ({ period = 'upcoming', from, to, occurrences }: AgendaWindow): [string, string][] => [
  ['period', period],
  ...(from === undefined ? [] : ([['from', from]] as [string, string][])),
  ...(to === undefined ? [] : ([['to', to]] as [string, string][])),
  ...(occurrences === 'first' ? ([['occurrences', 'first']] as [string, string][]) : []),
];

/** What chooses an agenda's events besides its window: the agenda, categories, a month, a title. */
interface EventFilters {
  readonly agendaId?: number;
  readonly categories: readonly number[];
  readonly month?: number | undefined;
  readonly title?: string | undefined;
}

// The conditions of the filters on `e`, their values pushed to `params`; the month only when asked
// (a rule's month is its occurrences', not its start's).
const filterConditions = ({ agendaId, categories, month, title }: EventFilters, params: unknown[], withMonth: boolean): string[] => {
  const where: string[] = [];
  if (agendaId !== undefined) {
    params.push(agendaId);
    where.push(`e.agenda_id = $${params.length}`);
  }
  if (categories.length > 0) {
    params.push(categories);
    where.push(`exists (select 1 from event_categories l where l.event_id = e.id and l.category_id = any($${params.length}::int[]))`);
  }
  if (withMonth && month !== undefined) {
    params.push(month);
    where.push(`extract(month from e.bel_date) = $${params.length}`);
  }
  if (title !== undefined && title !== '') {
    const search = nameSearch('e.search_title', title, params);
    // Events keep their date order, yet the rank's patterns are sent: PostgreSQL must type every
    // parameter of a statement, so the rank is named in a condition that always holds.
    where.push(`${search.where} and ${search.rank} >= 0`);
  }
  return where;
};

/**
 * One agenda list: its stored events of one date, and the occurrences of its recurring events in
 * the window (up to `RECURRENCE_HORIZON_DAYS` ahead), merged in the same order and paging; with
 * `occurrences=first`, only each recurring event's first occurrence in the window.
 */
const eventList = (path: string, window: AgendaWindow, today: string, filters: [string, string][], chosen: EventFilters): ListSpec => {
  const params: unknown[] = [];
  const where = filterConditions(chosen, params, true);
  const range = occurrenceRange(window, today, chosen.month);
  return {
    path,
    filters: [...filters, ...windowFilters(window)],
    // The window moves with the day: a cursor of yesterday's list is not one of today's.
    context: `today=${today}`,
    fields: EVENT_FIELDS,
    from: SINGLE_EVENTS,
    where: [ONE_DATE, ...where, ...windowConditions(window, today, params)],
    params,
    key: EVENT_KEY,
    direction: window.period === 'past' ? 'desc' : 'asc',
    defaultSize: PAGE_SIZES.events,
    extraRows: async (tx, version) => {
      const ruleParams: unknown[] = [];
      const ruleWhere = filterConditions(chosen, ruleParams, false);
      const cacheKey = JSON.stringify([version, ruleWhere, ruleParams]);
      const rules = await recurringRules(tx, cacheKey, ruleWhere, ruleParams);
      return window.occurrences === 'first' ? firstOccurrences(rules, range, cacheKey) : agendaOccurrences(rules, range, cacheKey);
    },
  };
};

/** `GET /api/categories/agenda/`. */
export const answerAgendaCategories = async (db: Database): Promise<ApiAnswer> => ok(await db.query('select id, title, slug from agenda_categories order by id'));

const agendaExists = async (db: Database, agendaId: number): Promise<boolean> => (await db.query('select id from agendas where id = $1', [agendaId])).length > 0;

/**
 * `GET /api/agenda/{id}/`: one page of the events of one agenda in the window asked (upcoming by
 * default), each event once; 404 when the agenda does not exist.
 */
export const answerAgenda = async (db: Database, agendaId: number, query: AgendaPlainQuery, origin: string, today: string): Promise<ApiAnswer> => {
  const invalid = windowError(query);
  if (invalid !== null) return badRequest(invalid);
  if (!(await agendaExists(db, agendaId))) return notFound(`agenda ${agendaId} does not exist`);
  const spec = eventList(`/api/agenda/${agendaId}/`, query, today, [], { agendaId, categories: [] });
  return answerList(db, spec, { paging: query, origin });
};

/** `GET /api/agenda/{id}/events/{eventId}/`: one event of one agenda (an event's permalink), or 404. */
export const answerAgendaEvent = async (db: Database, agendaId: number, eventId: number): Promise<ApiAnswer> => {
  if (!(await agendaExists(db, agendaId))) return notFound(`agenda ${agendaId} does not exist`);
  const [event] = await db.query<EventRow>(`select ${EVENT_FIELDS} from ${STORED_EVENTS} where e.agenda_id = $1 and e.id = $2`, [agendaId, eventId]);
  return event === undefined ? notFound(`event ${eventId} does not exist in agenda ${agendaId}`) : ok(event);
};

/** `GET /api/agenda/?…`: one page of the events of every agenda that match every filter set, in the window asked. */
export const answerAgendaSearch = async (db: Database, query: AgendaQuery, origin: string, today: string): Promise<ApiAnswer> => {
  const invalid = windowError(query);
  if (invalid !== null) return badRequest(invalid);
  const { month, title } = query;
  // The same categories in any order or repeated are the same filter, for the cursor and the links.
  const categories = [...new Set(query.categories ?? [])].sort((a, b) => a - b);
  const filters: [string, string][] = categories.map((id) => ['categories', String(id)]);
  if (month !== undefined) filters.push(['month', String(month)]);
  if (title !== undefined && title !== '') filters.push(['title', title]);
  return answerList(db, eventList('/api/agenda/', query, today, filters, { categories, month, title }), { paging: query, origin });
};

/** The agenda's routes. */
export const AGENDA_ROUTES: readonly ApiRoute[] = [
  defineRoute('/api/categories/agenda/', noQuerySchema, (db) => answerAgendaCategories(db)),
  defineRoute<{ id: number }, AgendaPlainQuery>(
    '/api/agenda/:id/',
    { params: agendaParamsSchema, querystring: agendaPlainQuerySchema },
    (db, { params, query, origin, today }) => answerAgenda(db, params.id, query, origin, today),
  ),
  defineRoute<{ id: number; eventId: number }, unknown>('/api/agenda/:id/events/:eventId/', { params: eventParamsSchema, ...noQuerySchema }, (db, { params }) =>
    answerAgendaEvent(db, params.id, params.eventId),
  ),
  defineRoute<unknown, AgendaQuery>(
    '/api/agenda/',
    { querystring: agendaQuerySchema },
    (db, { query, origin, today }) => answerAgendaSearch(db, query, origin, today),
    { categories: 'agenda_categories' },
  ),
];
