import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { normalizeSearch } from '../search';
import {
  defineRoute,
  idListSchema,
  idSchema,
  noQuerySchema,
  notFound,
  ok,
  registerApiRoutes,
  searchTextSchema,
  type ApiAnswer,
  type ApiRoute,
} from './query-schemas';

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
}

const EVENT_FIELDS = `
  e.id, to_char(e.bel_date, 'YYYY-MM-DD') as bel_date, to_char(e.end_date, 'YYYY-MM-DD') as end_date,
  to_char(e.start_time, 'HH24:MI') as start_time, to_char(e.end_time, 'HH24:MI') as end_time,
  e.title, e.place, e.description, e.link,
  coalesce((select json_agg(json_build_object('id', c.id, 'title', c.title) order by c.id)
            from event_categories ec join agenda_categories c on c.id = ec.category_id
            where ec.event_id = e.id), '[]'::json) as categories`;

/** The order of every agenda answer: date, then time (all-day events last), then id. */
export const EVENT_ORDER = 'e.bel_date, e.start_time nulls last, e.id';

/** The query of `GET /api/agenda/?…`, once its schema has checked it. */
export interface AgendaQuery {
  categories?: number[];
  month?: number;
  title?: string;
}

const agendaParamsSchema = { type: 'object', properties: { id: idSchema }, required: ['id'], additionalProperties: false } as const;

const agendaQuerySchema = {
  type: 'object',
  properties: { categories: idListSchema, month: { type: 'integer', minimum: 1, maximum: 12 }, title: searchTextSchema },
  additionalProperties: false,
} as const;

/** `GET /api/categories/agenda/`. */
export const answerAgendaCategories = async (db: Database): Promise<ApiAnswer> =>
  ok(await db.query('select id, title, slug from agenda_categories order by id'));

/** `GET /api/agenda/{id}/`: the events of one agenda, or 404 when it does not exist. */
export const answerAgenda = async (db: Database, agendaId: number): Promise<ApiAnswer> => {
  const agenda = await db.query('select id from agendas where id = $1', [agendaId]);
  if (agenda.length === 0) return notFound(`agenda ${agendaId} does not exist`);
  // This answer joins events to their category links, one row a link, as the legacy
  // backend did: an event in two categories comes twice, and the client de-duplicates.
  return ok(
    await db.query<EventRow>(
      `select ${EVENT_FIELDS}
         from events e left join event_categories l on l.event_id = e.id
        where e.agenda_id = $1
        order by ${EVENT_ORDER}, l.category_id`,
      [agendaId],
    ),
  );
};

/** `GET /api/agenda/?…`: the events of every agenda that match every filter set. */
export const answerAgendaSearch = async (db: Database, { categories, month, title }: AgendaQuery): Promise<ApiAnswer> => {
  const where: string[] = [];
  const params: unknown[] = [];
  if (categories !== undefined && categories.length > 0) {
    params.push(categories);
    where.push(`exists (select 1 from event_categories l where l.event_id = e.id and l.category_id = any($${params.length}::int[]))`);
  }
  if (month !== undefined) {
    params.push(month);
    where.push(`extract(month from e.bel_date) = $${params.length}`);
  }
  if (title !== undefined && title !== '') {
    params.push(normalizeSearch(title));
    where.push(`strpos(e.search_title, $${params.length}) > 0`);
  }
  return ok(
    await db.query<EventRow>(
      `select ${EVENT_FIELDS} from events e
        ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
        order by ${EVENT_ORDER}`,
      params,
    ),
  );
};

/** The agenda's routes. */
export const AGENDA_ROUTES: readonly ApiRoute[] = [
  defineRoute('/api/categories/agenda/', noQuerySchema, (db) => answerAgendaCategories(db)),
  defineRoute<{ id: number }, unknown>('/api/agenda/:id/', { params: agendaParamsSchema, ...noQuerySchema }, (db, { params }) =>
    answerAgenda(db, params.id),
  ),
  defineRoute<unknown, AgendaQuery>('/api/agenda/', { querystring: agendaQuerySchema }, (db, { query }) => answerAgendaSearch(db, query)),
];

/** `GET /api/agenda/{id}/`, `GET /api/agenda/?…` and `GET /api/categories/agenda/`. */
export const registerAgendaRoutes = (app: FastifyInstance, db: Database): void => registerApiRoutes(app, db, AGENDA_ROUTES);
