import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { normalizeSearch } from '../search';
import { errorBody, idListSchema, idSchema, noQuerySchema, searchTextSchema } from './query-schemas';

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

interface AgendaQuery {
  categories?: number[];
  month?: number;
  title?: string;
}

/** `GET /api/agenda/{id}/`, `GET /api/agenda/?…` and `GET /api/categories/agenda/`. */
export const registerAgendaRoutes = (app: FastifyInstance, db: Database): void => {
  app.get('/api/categories/agenda/', { schema: noQuerySchema }, async () =>
    db.query('select id, title, slug from agenda_categories order by id'),
  );

  app.get<{ Params: { id: number } }>(
    '/api/agenda/:id/',
    { schema: { params: { type: 'object', properties: { id: idSchema }, required: ['id'], additionalProperties: false }, ...noQuerySchema } },
    async (request, reply) => {
      const agenda = await db.query('select id from agendas where id = $1', [request.params.id]);
      if (agenda.length === 0) {
        return reply.code(404).send(errorBody(404, 'Not Found', `agenda ${request.params.id} does not exist`));
      }
      // This answer joins events to their category links, one row a link, as the legacy
      // backend did: an event in two categories comes twice, and the client de-duplicates.
      return db.query<EventRow>(
        `select ${EVENT_FIELDS}
           from events e left join event_categories l on l.event_id = e.id
          where e.agenda_id = $1
          order by ${EVENT_ORDER}, l.category_id`,
        [request.params.id],
      );
    },
  );

  app.get<{ Querystring: AgendaQuery }>(
    '/api/agenda/',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { categories: idListSchema, month: { type: 'integer', minimum: 1, maximum: 12 }, title: searchTextSchema },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const { categories, month, title } = request.query;
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
      return db.query<EventRow>(
        `select ${EVENT_FIELDS} from events e
          ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
          order by ${EVENT_ORDER}`,
        params,
      );
    },
  );
};
