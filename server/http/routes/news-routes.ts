import { PAGE_SIZES } from '../../../src/domain/paging';
import type { Database } from '../../data/database';
import { answerList, pagingProperties, type KeyColumn, type PagingQuery } from '../paging';
import { defineRoute, idListSchema, itemSlugSchema, noQuerySchema, notFound, ok, slugSchema, type ApiRoute } from '../query-schemas';
import type { ApiAnswer } from '../route-input';

// Lists stay light: the article's body travels only in the answer of one item.
const NEWS_FIELDS = `
  n.id, n.slug, n.title, to_char(n.date, 'YYYY-MM-DD') as date, n.lead, n.image, n.image_alt, n.link,
  coalesce((select json_agg(json_build_object('id', c.id, 'title', c.title, 'slug', c.slug) order by c.id)
            from news_item_categories l join news_categories c on c.id = l.category_id
            where l.news_id = n.id), '[]'::json) as categories`;

// Newest first; migration 1's indexes on (date desc, id desc) serve it, read backwards or not.
const NEWS_KEY: readonly KeyColumn[] = [
  { sql: 'n.date', type: 'date' },
  { sql: 'n.id', type: 'integer' },
];

/** The page size of the news lists when the request names none: the widget's. */
export const NEWS_PAGE_SIZE = PAGE_SIZES.news;

/** The query of `GET /api/news/?…`, once its schema has checked it; `page` is an old client's page number. */
export interface NewsQuery extends PagingQuery {
  categories?: number[];
  page?: number;
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
    ...pagingProperties,
  },
  additionalProperties: false,
} as const;

const scopeQuerySchema = { type: 'object', properties: pagingProperties, additionalProperties: false } as const;

const scopeId = async (db: Database, slug: string): Promise<number | null> =>
  (await db.query<{ id: number }>('select id from news_scopes where slug = $1', [slug]))[0]?.id ?? null;

/** `GET /api/news/{scope}/`: one page of the news of a scope, newest first, or 404 for an unknown scope. */
export const answerNewsOfScope = async (db: Database, scope: string, query: PagingQuery, origin: string): Promise<ApiAnswer> => {
  const id = await scopeId(db, scope);
  if (id === null) return notFound(`news scope "${scope}" does not exist`);
  return answerList(
    db,
    {
      path: `/api/news/${scope}/`,
      filters: [],
      fields: NEWS_FIELDS,
      from: 'news_items n',
      where: ['n.scope_id = $1'],
      params: [id],
      key: NEWS_KEY,
      direction: 'desc',
      defaultSize: NEWS_PAGE_SIZE,
    },
    { paging: query, origin },
  );
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

/**
 * `GET /api/news/?…`: one page of the news of any of the categories, always as
 * `{ count, next, previous, results }`. `next` carries a cursor; an old client's `page` number
 * is still read, as an offset no deeper than `MAX_PAGE_OFFSET`.
 */
export const answerNewsPage = async (db: Database, query: NewsQuery, origin: string): Promise<ApiAnswer> => {
  // The same categories in any order or repeated are the same filter, for the cursor and the links.
  const categories = [...new Set(query.categories ?? [])].sort((a, b) => a - b);
  const where: string[] = [];
  const params: unknown[] = [];
  if (categories.length > 0) {
    params.push(categories);
    where.push('exists (select 1 from news_item_categories l where l.news_id = n.id and l.category_id = any($1::int[]))');
  }
  return answerList(
    db,
    {
      path: '/api/news/',
      filters: categories.map((c): [string, string] => ['categories', String(c)]),
      fields: NEWS_FIELDS,
      from: 'news_items n',
      where,
      params,
      key: NEWS_KEY,
      direction: 'desc',
      defaultSize: NEWS_PAGE_SIZE,
    },
    { paging: query, origin, alwaysPage: true, ...(query.page === undefined ? {} : { page: query.page }) },
  );
};

/** The news routes. */
export const NEWS_ROUTES: readonly ApiRoute[] = [
  defineRoute<{ scope: string }, PagingQuery>('/api/news/:scope/', { params: scopeParams, querystring: scopeQuerySchema }, (db, { params, query, origin }) =>
    answerNewsOfScope(db, params.scope, query, origin),
  ),
  defineRoute<{ scope: string; slug: string }, unknown>('/api/news/:scope/:slug/', { params: articleParams, ...noQuerySchema }, (db, { params }) =>
    answerNewsArticle(db, params.scope, params.slug),
  ),
  defineRoute<{ scope: string }, unknown>('/api/categories/:scope/', { params: scopeParams, ...noQuerySchema }, (db, { params }) =>
    answerNewsCategories(db, params.scope),
  ),
  defineRoute<unknown, NewsQuery>('/api/news/', { querystring: newsQuerySchema }, (db, { query, origin }) => answerNewsPage(db, query, origin), {
    categories: 'news_categories',
  }),
];
