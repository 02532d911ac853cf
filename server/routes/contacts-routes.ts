import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { normalizeSearch } from '../search';
import { defineRoute, noQuerySchema, ok, registerApiRoutes, searchTextSchema, type ApiAnswer, type ApiRoute } from './query-schemas';

const CONTACT_FIELDS = `
  c.id, c.slug, c.title, c.type_contact, c.fonction, c.contact_person, c.address, c.email, c.phone, c.fax,
  c.website, c.description, c.registre_interets, c.parti, c.commissions,
  coalesce((select json_agg(cc.title order by cc.id)
            from contact_category_links l join contact_categories cc on cc.id = l.category_id
            where l.contact_id = c.id), '[]'::json) as categories,
  c.image, c.img, c.img_2x, c.img_wp, c.img_wp_2x, c.copyright`;

/** The query of `GET /api/contacts/`, once its schema has checked it. */
export interface ContactsQuery {
  title?: string;
  category?: string;
}

const contactsQuerySchema = {
  type: 'object',
  properties: { title: searchTextSchema, category: searchTextSchema },
  additionalProperties: false,
} as const;

/** `GET /api/categories/contacts/`. */
export const answerContactCategories = async (db: Database): Promise<ApiAnswer> =>
  ok(await db.query('select id, title from contact_categories order by id'));

/** `GET /api/contacts/?…`: the name search and the category filter, ANDed. */
export const answerContacts = async (db: Database, { title, category }: ContactsQuery): Promise<ApiAnswer> => {
  const where: string[] = [];
  const params: unknown[] = [];
  if (title !== undefined && title !== '') {
    params.push(normalizeSearch(title));
    where.push(`strpos(c.search_title, $${params.length}) > 0`);
  }
  if (category !== undefined && category !== '') {
    params.push(category);
    where.push(`exists (select 1 from contact_category_links l join contact_categories cc on cc.id = l.category_id
                         where l.contact_id = c.id and cc.title = $${params.length})`);
  }
  // Byte order on the normalised name: the same on every backend and in the tests.
  return ok(
    await db.query(
      `select ${CONTACT_FIELDS} from contacts c
        ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
        order by c.search_title collate "C", c.id`,
      params,
    ),
  );
};

/** The directory's routes. */
export const CONTACT_ROUTES: readonly ApiRoute[] = [
  defineRoute('/api/categories/contacts/', noQuerySchema, (db) => answerContactCategories(db)),
  defineRoute<unknown, ContactsQuery>('/api/contacts/', { querystring: contactsQuerySchema }, (db, { query }) => answerContacts(db, query)),
];

/** `GET /api/contacts/` (name search and category filter, ANDed) and its categories. */
export const registerContactRoutes = (app: FastifyInstance, db: Database): void => registerApiRoutes(app, db, CONTACT_ROUTES);
