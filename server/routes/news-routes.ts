import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db';
import { errorBody, idListSchema, noQuerySchema, slugSchema } from './query-schemas';

const NEWS_FIELDS = `
  n.id, n.title, to_char(n.date, 'YYYY-MM-DD') as date, n.lead, n.image, n.image_alt, n.link,
  coalesce((select json_agg(json_build_object('id', c.id, 'title', c.title, 'slug', c.slug) order by c.id)
            from news_item_categories l join news_categories c on c.id = l.category_id
            where l.news_id = n.id), '[]'::json) as categories`;

const NEWS_ORDER = 'n.date desc, n.id desc';

/** The page size of `GET /api/news/?…` when the request names none. */
export const NEWS_PAGE_SIZE = 10;

interface NewsQuery {
  categories?: number[];
  page?: number;
  page_size?: number;
}

const scopeParams = {
  type: 'object',
  properties: { scope: slugSchema },
  required: ['scope'],
  additionalProperties: false,
} as const;

// Links are absolute, as the paging of the legacy backend was, built from the request's host.
const pageLink = (request: FastifyRequest, query: NewsQuery, page: number): string => {
  const search = new URLSearchParams();
  for (const id of query.categories ?? []) search.append('categories', String(id));
  if (query.page_size !== undefined) search.set('page_size', String(query.page_size));
  search.set('page', String(page));
  return `${request.protocol}://${request.host}/api/news/?${search.toString()}`;
};

/** `GET /api/news/{scope}/`, `GET /api/categories/{scope}/` and the paged `GET /api/news/?…`. */
export const registerNewsRoutes = (app: FastifyInstance, db: Database): void => {
  const scopeId = async (slug: string): Promise<number | null> =>
    (await db.query<{ id: number }>('select id from news_scopes where slug = $1', [slug]))[0]?.id ?? null;

  app.get<{ Params: { scope: string } }>(
    '/api/news/:scope/',
    { schema: { params: scopeParams, ...noQuerySchema } },
    async (request, reply) => {
      const id = await scopeId(request.params.scope);
      if (id === null) return reply.code(404).send(errorBody(404, 'Not Found', `news scope "${request.params.scope}" does not exist`));
      return db.query(`select ${NEWS_FIELDS} from news_items n where n.scope_id = $1 order by ${NEWS_ORDER}`, [id]);
    },
  );

  app.get<{ Params: { scope: string } }>(
    '/api/categories/:scope/',
    { schema: { params: scopeParams, ...noQuerySchema } },
    async (request, reply) => {
      const id = await scopeId(request.params.scope);
      if (id === null) return reply.code(404).send(errorBody(404, 'Not Found', `category scope "${request.params.scope}" does not exist`));
      return db.query('select id, title, slug from news_categories where scope_id = $1 order by id', [id]);
    },
  );

  app.get<{ Querystring: NewsQuery }>(
    '/api/news/',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            categories: idListSchema,
            page: { type: 'integer', minimum: 1, maximum: 1000000 },
            page_size: { type: 'integer', minimum: 1, maximum: 100 },
          },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const { categories, page = 1, page_size: size = NEWS_PAGE_SIZE } = request.query;
      const params: unknown[] = [];
      let where = '';
      if (categories !== undefined && categories.length > 0) {
        params.push(categories);
        where = 'where exists (select 1 from news_item_categories l where l.news_id = n.id and l.category_id = any($1::int[]))';
      }
      const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
        `select count(*)::int as count from news_items n ${where}`,
        params,
      );
      const pages = Math.max(1, Math.ceil(count / size));
      if (page > pages) {
        return reply.code(404).send(errorBody(404, 'Not Found', `page ${page} does not exist: there are ${pages} pages`));
      }
      const results = await db.query(
        `select ${NEWS_FIELDS} from news_items n ${where} order by ${NEWS_ORDER}
          limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, size, (page - 1) * size],
      );
      return {
        count,
        next: page < pages ? pageLink(request, request.query, page + 1) : null,
        previous: page > 1 ? pageLink(request, request.query, page - 1) : null,
        results,
      };
    },
  );
};
