import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import {
  defineRoute,
  idListSchema,
  itemSlugSchema,
  noQuerySchema,
  notFound,
  ok,
  registerApiRoutes,
  slugSchema,
  type ApiAnswer,
  type ApiRoute,
} from './query-schemas';

// Lists stay light: the article's body travels only in the answer of one item.
const NEWS_FIELDS = `
  n.id, n.slug, n.title, to_char(n.date, 'YYYY-MM-DD') as date, n.lead, n.image, n.image_alt, n.link,
  coalesce((select json_agg(json_build_object('id', c.id, 'title', c.title, 'slug', c.slug) order by c.id)
            from news_item_categories l join news_categories c on c.id = l.category_id
            where l.news_id = n.id), '[]'::json) as categories`;

const NEWS_ORDER = 'n.date desc, n.id desc';

/** The page size of `GET /api/news/?…` when the request names none. */
export const NEWS_PAGE_SIZE = 10;

/** The query of `GET /api/news/?…`, once its schema has checked it. */
export interface NewsQuery {
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

const articleParams = {
  type: 'object',
  properties: { scope: slugSchema, slug: itemSlugSchema },
  required: ['scope', 'slug'],
  additionalProperties: false,
} as const;

const newsQuerySchema = {
  type: 'object',
  properties: {
    categories: idListSchema,
    page: { type: 'integer', minimum: 1, maximum: 1000000 },
    page_size: { type: 'integer', minimum: 1, maximum: 100 },
  },
  additionalProperties: false,
} as const;

// Links are absolute, as the paging of the legacy backend was.
const pageLink = (origin: string, query: NewsQuery, page: number): string => {
  const search = new URLSearchParams();
  for (const id of query.categories ?? []) search.append('categories', String(id));
  if (query.page_size !== undefined) search.set('page_size', String(query.page_size));
  search.set('page', String(page));
  return `${origin}/api/news/?${search.toString()}`;
};

const scopeId = async (db: Database, slug: string): Promise<number | null> =>
  (await db.query<{ id: number }>('select id from news_scopes where slug = $1', [slug]))[0]?.id ?? null;

/** `GET /api/news/{scope}/`: the news of a scope, newest first, or 404 for an unknown scope. */
export const answerNewsOfScope = async (db: Database, scope: string): Promise<ApiAnswer> => {
  const id = await scopeId(db, scope);
  if (id === null) return notFound(`news scope "${scope}" does not exist`);
  return ok(await db.query(`select ${NEWS_FIELDS} from news_items n where n.scope_id = $1 order by ${NEWS_ORDER}`, [id]));
};

/** `GET /api/news/{scope}/{slug}/`: one news item with its `body`, or 404 when the scope or the item is unknown. */
export const answerNewsArticle = async (db: Database, scope: string, slug: string): Promise<ApiAnswer> => {
  const id = await scopeId(db, scope);
  if (id === null) return notFound(`news scope "${scope}" does not exist`);
  const [item] = await db.query(`select ${NEWS_FIELDS}, n.body from news_items n where n.scope_id = $1 and n.slug = $2`, [id, slug]);
  return item === undefined ? notFound(`news item "${slug}" does not exist in scope "${scope}"`) : ok(item);
};

/** `GET /api/categories/{scope}/`: the categories of a news scope, or 404 for an unknown scope. */
export const answerNewsCategories = async (db: Database, scope: string): Promise<ApiAnswer> => {
  const id = await scopeId(db, scope);
  if (id === null) return notFound(`category scope "${scope}" does not exist`);
  return ok(await db.query('select id, title, slug from news_categories where scope_id = $1 order by id', [id]));
};

/** `GET /api/news/?…`: one page of the news of any of the categories, with absolute `next` and `previous` links. */
export const answerNewsPage = async (db: Database, query: NewsQuery, origin: string): Promise<ApiAnswer> => {
  const { categories, page = 1, page_size: size = NEWS_PAGE_SIZE } = query;
  const params: unknown[] = [];
  let where = '';
  if (categories !== undefined && categories.length > 0) {
    params.push(categories);
    where = 'where exists (select 1 from news_item_categories l where l.news_id = n.id and l.category_id = any($1::int[]))';
  }
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`select count(*)::int as count from news_items n ${where}`, params);
  const pages = Math.max(1, Math.ceil(count / size));
  if (page > pages) {
    return notFound(`page ${page} does not exist: there are ${pages} pages`);
  }
  const results = await db.query(
    `select ${NEWS_FIELDS} from news_items n ${where} order by ${NEWS_ORDER}
      limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, size, (page - 1) * size],
  );
  return ok({
    count,
    next: page < pages ? pageLink(origin, query, page + 1) : null,
    previous: page > 1 ? pageLink(origin, query, page - 1) : null,
    results,
  });
};

/** The news routes. */
export const NEWS_ROUTES: readonly ApiRoute[] = [
  defineRoute<{ scope: string }, unknown>('/api/news/:scope/', { params: scopeParams, ...noQuerySchema }, (db, { params }) =>
    answerNewsOfScope(db, params.scope),
  ),
  defineRoute<{ scope: string; slug: string }, unknown>('/api/news/:scope/:slug/', { params: articleParams, ...noQuerySchema }, (db, { params }) =>
    answerNewsArticle(db, params.scope, params.slug),
  ),
  defineRoute<{ scope: string }, unknown>('/api/categories/:scope/', { params: scopeParams, ...noQuerySchema }, (db, { params }) =>
    answerNewsCategories(db, params.scope),
  ),
  defineRoute<unknown, NewsQuery>('/api/news/', { querystring: newsQuerySchema }, (db, { query, origin }) => answerNewsPage(db, query, origin)),
];

/** `GET /api/news/{scope}/`, `GET /api/news/{scope}/{slug}/`, `GET /api/categories/{scope}/` and the paged `GET /api/news/?…`. */
export const registerNewsRoutes = (app: FastifyInstance, db: Database): void => registerApiRoutes(app, db, NEWS_ROUTES);
