import { PAGE_SIZES } from '../../../src/domain/paging';
import type { Database } from '../../data/database';
import { answerList, pagingProperties, type KeyColumn, type PagingQuery } from '../paging';
import { nameSearch } from '../../data/search';
import { defineRoute, itemSlugSchema, noQuerySchema, notFound, ok, searchTextSchema, type ApiRoute } from '../query-schemas';
import type { ApiAnswer } from '../route-input';

const CONTACT_FIELDS = `
  c.id, c.slug, c.title, c.type_contact, c.fonction, c.contact_person, c.address, c.email, c.phone, c.fax,
  c.website, c.description, c.registre_interets, c.parti, c.commissions,
  coalesce((select json_agg(cc.title order by cc.id)
            from contact_category_links l join contact_categories cc on cc.id = l.category_id
            where l.contact_id = c.id), '[]'::json) as categories,
  c.image, c.img, c.img_2x, c.img_wp, c.img_wp_2x, c.copyright`;

// A site without the interests register never shows it: its API answers every contact without one.
const contactFields = (interests: boolean): string => (interests ? CONTACT_FIELDS : CONTACT_FIELDS.replace('c.registre_interets', 'null as registre_interets'));

// A printed directory's order: by the filing word (a person's family name, an organisation's first
// significant word), then the normalised name, in bytes: the same on every backend and in the
// tests, and the expressions of migration 8's indexes, so a page of the directory or of a letter is read from them.
const NAME_KEY: readonly KeyColumn[] = [
  { sql: 'c.filing_word collate "C"', type: 'text' },
  { sql: 'c.search_title collate "C"', type: 'text' },
  { sql: 'c.id', type: 'integer' },
];

/** The query of `GET /api/contacts/`, once its schema has checked it. */
export interface ContactsQuery extends PagingQuery {
  title?: string;
  category?: string;
  letter?: string;
}

/** The query of `GET /api/letters/contacts/`: the name and category filters. */
export interface ContactLettersQuery {
  title?: string;
  category?: string;
}

/** A letter of the directory's index: one capital from A to Z, as `isIndexLetter` has it. */
const letterSchema = { type: 'string', pattern: '^[A-Z]$' } as const;

const contactsQuerySchema = {
  type: 'object',
  properties: { title: searchTextSchema, category: searchTextSchema, letter: letterSchema, ...pagingProperties },
  additionalProperties: false,
} as const;

const contactLettersQuerySchema = {
  type: 'object',
  properties: { title: searchTextSchema, category: searchTextSchema },
  additionalProperties: false,
} as const;

// The name search and the category filter, as SQL conditions on `contacts c`, shared by the list and its letters.
const nameAndCategory = (
  title: string | undefined,
  category: string | undefined,
  where: string[],
  params: unknown[],
  filters: [string, string][],
): { rank: string } | null => {
  let rank: { rank: string } | null = null;
  if (title !== undefined && title !== '') {
    const search = nameSearch('c.search_title', title, params);
    where.push(search.where);
    rank = { rank: search.rank };
    filters.push(['title', title]);
  }
  if (category !== undefined && category !== '') {
    params.push(category);
    where.push(`exists (select 1 from contact_category_links l join contact_categories cc on cc.id = l.category_id
                         where l.contact_id = c.id and cc.title = $${params.length})`);
    filters.push(['category', category]);
  }
  return rank;
};

const contactParamsSchema = { type: 'object', properties: { slug: itemSlugSchema }, required: ['slug'], additionalProperties: false } as const;

/** `GET /api/categories/contacts/`. */
export const answerContactCategories = async (db: Database): Promise<ApiAnswer> => ok(await db.query('select id, title from contact_categories order by id'));

/**
 * `GET /api/contacts/?…`: one page of the name search and the category filter, ANDed. A search
 * ranks the names that start with the text first, then those with a word that does, then the
 * rest; each rank in name order.
 */
export const answerContacts = async (db: Database, query: ContactsQuery, origin: string, interests = true): Promise<ApiAnswer> => {
  const { title, category, letter } = query;
  const where: string[] = [];
  const params: unknown[] = [];
  const filters: [string, string][] = [];
  const rank = nameAndCategory(title, category, where, params, filters);
  const key = rank === null ? NAME_KEY : [{ sql: rank.rank, type: 'integer' as const }, ...NAME_KEY];
  if (letter !== undefined) {
    params.push(letter);
    where.push(`c.filing_letter = $${params.length}`);
    filters.push(['letter', letter]);
  }
  return answerList(
    db,
    {
      path: '/api/contacts/',
      filters,
      fields: contactFields(interests),
      from: 'contacts c',
      where,
      params,
      key,
      direction: 'asc',
      defaultSize: PAGE_SIZES.contacts,
    },
    { paging: query, origin },
  );
};

/**
 * `GET /api/letters/contacts/?…`: the letters of the index that have contacts under the name
 * search and the category filter, with how many, in alphabetical order; a letter without any is
 * absent. Contacts filed under no letter (a name that starts with a digit) count under none.
 */
export const answerContactLetters = async (db: Database, query: ContactLettersQuery): Promise<ApiAnswer> => {
  const where: string[] = ['c.filing_letter is not null'];
  const params: unknown[] = [];
  const rank = nameAndCategory(query.title, query.category, where, params, []);
  // The rank's parameters are bound too: every one must be used for PostgreSQL to type it.
  if (rank !== null) where.push(`${rank.rank} >= 0`);
  const rows = await db.query<{ letter: string; count: number }>(
    `select c.filing_letter as letter, count(*)::integer as count from contacts c where ${where.join(' and ')} group by c.filing_letter order by c.filing_letter collate "C"`,
    params,
  );
  return ok(rows);
};

/** `GET /api/contacts/{slug}/`: one contact (a contact's permalink), or 404. */
export const answerContact = async (db: Database, slug: string, interests = true): Promise<ApiAnswer> => {
  const [contact] = await db.query(`select ${contactFields(interests)} from contacts c where c.slug = $1`, [slug]);
  return contact === undefined ? notFound(`contact "${slug}" does not exist`) : ok(contact);
};

/** The directory's routes. */
export const CONTACT_ROUTES: readonly ApiRoute[] = [
  defineRoute('/api/categories/contacts/', noQuerySchema, (db) => answerContactCategories(db)),
  defineRoute<unknown, ContactLettersQuery>('/api/letters/contacts/', { querystring: contactLettersQuerySchema }, (db, { query }) =>
    answerContactLetters(db, query),
  ),
  defineRoute<unknown, ContactsQuery>('/api/contacts/', { querystring: contactsQuerySchema }, (db, { query, origin, site }) =>
    answerContacts(db, query, origin, site.sections.interestsRegister),
  ),
  defineRoute<{ slug: string }, unknown>('/api/contacts/:slug/', { params: contactParamsSchema, ...noQuerySchema }, (db, { params, site }) =>
    answerContact(db, params.slug, site.sections.interestsRegister),
  ),
];
