import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { MIGRATIONS, migrate } from '../../server/data/migrations';
import { injectClient } from '../support/http-client';
import { openEmptyTestDatabase, testBackend } from '../support/test-database';

// Issue 45: the nine migrations only go forward, and a site may be upgraded from any version it
// runs. For each earlier schema version, a database is filled with content as that version's
// schema holds it (SQL naming only the columns it has), migrated to the latest, and every row
// must still be there with the values it was written with, and readable through the API.

jest.setTimeout(300_000);

const LATEST = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;

/** A column's value, and the schema version that added the column. */
type Cell = readonly [value: unknown, since: number];

/** A row of content, by table: each column with the version that added it. */
interface Row {
  readonly table: string;
  readonly key: string;
  readonly columns: Readonly<Record<string, Cell>>;
}

const always = (value: unknown): Cell => [value, 1];

// One row of every content table (a second event, one of a rule, from version 9), each column
// filled with a value the app reads; jsonb and array values as the driver sends them.
const ROWS: readonly Row[] = [
  { table: 'agendas', key: 'id', columns: { id: always(1), title: always('Agenda du canton') } },
  { table: 'agenda_categories', key: 'id', columns: { id: always(3), title: always('Culture'), slug: always('culture') } },
  {
    table: 'events',
    key: 'id',
    columns: {
      id: always(10),
      agenda_id: always(1),
      bel_date: always('2031-03-04'),
      end_date: always('2031-03-05'),
      start_time: always('18:30:00'),
      end_time: always('20:00:00'),
      title: always('Concert d’été à la collégiale'),
      search_title: always('concert d’ete a la collegiale'),
      place: always('Collégiale, Neuchâtel'),
      description: always('<p>Entrée libre, chapeau à la sortie.</p>'),
      link: always('https://www.example.org/concert'),
      search_place: ['collegiale, neuchatel', 5],
      lieu: [
        JSON.stringify({ name: 'Collégiale', street_address: 'Rue de la Collégiale 3', postcode: '2000', locality: 'Neuchâtel', latitude: 46.99, longitude: 6.93 }),
        6,
      ],
      recurrence: [null, 9],
    },
  },
  {
    table: 'events',
    key: 'id',
    columns: {
      id: [11, 9],
      agenda_id: [1, 9],
      bel_date: ['2031-01-06', 9],
      title: ['Marché hebdomadaire', 9],
      search_title: ['marche hebdomadaire', 9],
      recurrence: [JSON.stringify({ frequency: 'weekly', weekdays: ['TU'], count: 10 }), 9],
    },
  },
  { table: 'event_categories', key: 'event_id', columns: { event_id: always(10), category_id: always(3) } },
  {
    table: 'event_feed_state',
    key: 'event_id',
    columns: {
      event_id: [12, 4],
      hash: ['b1946ac92492d2347c6235b4d2611184', 4],
      sequence: [3, 4],
      modified_at: ['2026-10-01T08:00:00+00:00', 4],
      cancelled_at: ['2026-10-02T08:00:00+00:00', 4],
      data: [JSON.stringify({ id: 12, title: 'Conférence annulée' }), 4],
    },
  },
  { table: 'contact_categories', key: 'id', columns: { id: always(5), title: always('Conseil d’État') } },
  {
    table: 'contacts',
    key: 'id',
    columns: {
      id: always(20),
      title: always('Zoé Rey'),
      search_title: always('zoe rey'),
      type_contact: always('Personne'),
      fonction: always('Conseillère d’État'),
      contact_person: always(null),
      address: always('Château, 2000 Neuchâtel'),
      email: always('zoe.rey@example.org'),
      phone: always('+41 32 889 00 00'),
      fax: always(null),
      website: always('https://www.example.org/'),
      description: always('<p>Cheffe du département des finances.</p>'),
      registre_interets: always('<ul><li>Fondation du patrimoine</li></ul>'),
      parti: always('Les Vert·e·s'),
      commissions: always(['Finances', 'Santé']),
      image: always(null),
      img: always(null),
      img_2x: always(null),
      img_wp: always(null),
      img_wp_2x: always(null),
      copyright: always(null),
      slug: ['zoe-rey', 2],
      search_interests: ['fondation du patrimoine', 5],
      filing_letter: ['R', 7],
      filing_word: ['rey', 8],
    },
  },
  { table: 'contact_category_links', key: 'contact_id', columns: { contact_id: always(20), category_id: always(5) } },
  { table: 'news_scopes', key: 'id', columns: { id: always(1), slug: always('actualites'), title: always('Actualités') } },
  { table: 'news_categories', key: 'id', columns: { id: always(7), scope_id: always(1), title: always('Économie'), slug: always('economie') } },
  {
    table: 'news_items',
    key: 'id',
    columns: {
      id: always(30),
      scope_id: always(1),
      title: always('Budget 2027 équilibré'),
      date: always('2026-11-02'),
      lead: always('Le Conseil d’État présente un budget équilibré.'),
      image: always(null),
      image_alt: always(null),
      link: always(null),
      slug: ['budget-2027-equilibre', 2],
      body: ['<p>Le budget prévoit…</p>', 2],
      search_title: ['budget 2027 equilibre', 5],
      search_lead: ['le conseil d’etat presente un budget equilibre.', 5],
    },
  },
  { table: 'news_item_categories', key: 'news_id', columns: { news_id: always(30), category_id: always(7) } },
  {
    table: 'shop_items',
    key: 'variant_id',
    columns: {
      variant_id: always(40),
      title: always('Carte du canton'),
      price: always('12.50'),
      description: always('Au 1:50 000.'),
      image: always(null),
      image_alt: always(null),
    },
  },
  { table: 'content_meta', key: 'key', columns: { key: always('generator'), value: always('migration test') } },
];

/** Writes the rows a database at `version` can hold, by SQL naming only the columns it has. */
const fillAt = async (db: Database, version: number): Promise<void> => {
  for (const { table, columns } of ROWS) {
    const present = Object.entries(columns).filter(([, [, since]]) => since <= version);
    if (present.length === 0) continue;
    await db.query(
      `insert into ${table} (${present.map(([name]) => name).join(', ')}) values (${present.map((_, index) => `$${index + 1}`).join(', ')})`,
      present.map(([, [value]]) => value),
    );
  }
};

/** Every row of every content table, as JSON (so dates and numbers read alike before and after). */
const snapshot = async (db: Database): Promise<Record<string, Record<string, unknown>[]>> => {
  const tables = [...new Set(ROWS.map((row) => row.table))];
  const present = new Set(
    (await db.query<{ name: string }>(`select table_name as name from information_schema.tables where table_schema = current_schema()`)).map((row) => row.name),
  );
  const entries = await Promise.all(
    tables
      .filter((table) => present.has(table))
      .map(
        async (table) => [table, (await db.query<{ row: Record<string, unknown> }>(`select row_to_json(t) as row from ${table} t`)).map((row) => row.row)] as const,
      ),
  );
  return Object.fromEntries(entries);
};

const keyOf = (table: string): string => ROWS.find((row) => row.table === table)?.key ?? 'id';

describe.each(MIGRATIONS.map((migration) => migration.version))(`a database at schema version %i, migrated to ${LATEST} (${testBackend()})`, (version) => {
  let db: Database;
  let app: FastifyInstance | null = null;

  beforeAll(async () => {
    db = await openEmptyTestDatabase();
  });

  afterAll(async () => {
    await app?.close();
    await db.close();
  });

  it('keeps every row of content with the values it was written with, and the API reads them', async () => {
    expect(
      await migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version <= version),
      ),
    ).toEqual(MIGRATIONS.filter((migration) => migration.version <= version).map((migration) => migration.version));
    await fillAt(db, version);
    const before = await snapshot(db);
    expect(Object.values(before).flat().length).toBe(ROWS.filter((row) => Object.values(row.columns).some(([, since]) => since <= version)).length);

    expect(await migrate(db)).toEqual(MIGRATIONS.filter((migration) => migration.version > version).map((migration) => migration.version));
    const after = await snapshot(db);
    for (const [table, rows] of Object.entries(before)) {
      const key = keyOf(table);
      for (const row of rows) {
        const kept = after[table]?.find((candidate) => candidate[key] === row[key]);
        expect({ table, row: kept ?? null }).toMatchObject({ table, row });
      }
    }

    // Through the app's own queries: columns a later version added were filled by its migration.
    app = buildApp({ db });
    const client = await injectClient(app);
    const contact = await client.getJson('/api/contacts/zoe-rey/');
    expect({ status: contact.status, body: contact.body }).toMatchObject({ status: 200, body: { id: 20, title: 'Zoé Rey', fonction: 'Conseillère d’État' } });
    const letter = await client.getJson('/api/contacts/?letter=R');
    expect(letter.body).toEqual([expect.objectContaining({ id: 20 })]);
    const article = await client.getJson('/api/news/actualites/budget-2027-equilibre/');
    expect({ status: article.status, body: article.body }).toMatchObject({ status: 200, body: { id: 30, title: 'Budget 2027 équilibré' } });
    const event = await client.getJson('/api/agenda/1/events/10/');
    expect({ status: event.status, body: event.body }).toMatchObject({ status: 200, body: { id: 10, title: 'Concert d’été à la collégiale' } });
    const found = await client.getJson('/api/agenda/?title=collegiale');
    expect(found.body).toEqual([expect.objectContaining({ id: 10 })]);
    const shop = await client.getJson('/api/shop/items/');
    expect(shop.body).toEqual(expect.arrayContaining([expect.objectContaining({ variant_id: 40, title: 'Carte du canton' })]));
  });
});
