import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { defer, of, throwError, type Observable } from 'rxjs';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { backendPages } from '../../server/render/page-sources';
import { registerExportRoutes } from '../../server/render/export-routes';
import type { Contact } from '../../src/domain/contact';
import { filtersToSearch, type DirectoryFilters } from '../../src/domain/directory';
import { CSV_DELIMITER, EXPORT_COLUMNS, EXPORT_FORMATS, exportPath, exportRow } from '../../src/domain/directory-export';
import { LANGUAGES } from '../../src/i18n/language';
import type { HttpFailure } from '../../src/services/http';
import { closeOpened } from '../support/close-opened';
import { parseCsv } from '../support/csv';
import { DEMO_NOW, DEMO_TODAY } from '../support/demo-expectations';
import { injectClient, type TestClient } from '../support/http-client';
import { refusingDatabase } from '../support/rendered-pages';
import { openTestDatabase } from '../support/test-database';

jest.setTimeout(60_000);

let db: Database;
let app: FastifyInstance;
let client: TestClient;

beforeAll(async () => {
  db = await openTestDatabase();
  app = buildApp({ db, now: () => DEMO_NOW });
  client = await injectClient(app);
});

afterAll(async () => {
  await closeOpened(app, db);
});

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The contacts `GET /api/contacts/` lists for the filters, walked through its `next` links to the end. */
const listed = async (filters: DirectoryFilters, through: TestClient = client): Promise<Contact[]> => {
  const query = new URLSearchParams({ page_size: '100' });
  if (filters.text !== '') query.set('title', filters.text);
  if (filters.category !== '') query.set('category', filters.category);
  const contacts: Contact[] = [];
  let path: string | null = `/api/contacts/?${query.toString()}`;
  while (path !== null) {
    const answer = await through.getJson(path);
    expect(answer.status).toBe(200);
    const body = answer.body as { results: Contact[]; next: string | null };
    contacts.push(...body.results);
    path = body.next === null ? null : ((url) => `${url.pathname}${url.search}`)(new URL(body.next, 'http://localhost'));
  }
  return contacts;
};

/** An export's rows, after checking it is a CSV download that starts with the byte order mark. */
const csvRows = async (path: string, through: TestClient = client): Promise<string[][]> => {
  const answer = await through.getBytes(path);
  expect({ path, status: answer.status }).toEqual({ path, status: 200 });
  expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
  expect(answer.body.subarray(0, 3)).toEqual(BOM);
  const text = answer.body.subarray(3).toString('utf8');
  // Every row ends with CRLF, the last one too (RFC 4180 §2).
  expect(text.endsWith('\r\n')).toBe(true);
  return parseCsv(text, CSV_DELIMITER);
};

const vCardCount = (text: string): number => text.match(/^BEGIN:VCARD\r$/gm)?.length ?? 0;

describe('the directory as CSV', () => {
  let category: string;
  let text: string;
  let cases: DirectoryFilters[];

  beforeAll(async () => {
    const categories = (await client.getJson('/api/categories/contacts/')).body as { title: string }[];
    category = categories[0]!.title;
    const [first] = await listed({ text: '', category: '' });
    // The first name's start of a contact: a search that finds it, and others.
    text = first!.title.slice(0, 3).toLowerCase();
    cases = [
      { text: '', category: '' },
      { text: '', category },
      { text, category: '' },
      { text, category },
      { text: 'zzzzzz', category: '' },
    ];
  });

  it('holds the contacts the directory lists for the same filters, in the same order, walked past the first page', async () => {
    for (const filters of cases) {
      const expected = await listed(filters);
      const rows = await csvRows(exportPath(filters, 'csv', 'fr'));
      expect({ filters, names: rows.slice(1).map((row) => row[0]) }).toEqual({ filters, names: expected.map((contact) => exportRow(contact)[0]) });
    }
    // The whole directory is more than one page of the API.
    expect((await listed({ text: '', category: '' })).length).toBeGreaterThan(100);
  });

  it('fills each column from the contact: name, type, role, party, commissions, categories, email, phone, address', async () => {
    const expected = await listed({ text: '', category });
    const rows = await csvRows(exportPath({ text: '', category }, 'csv', 'fr'));
    expect(rows.slice(1)).toEqual(expected.map((contact) => [...exportRow(contact)]));
    const person = expected.find((contact) => contact.type_contact === 'Personne' && (contact.commissions ?? []).length > 0) ?? expected[0]!;
    const row = rows[1 + expected.indexOf(person)]!;
    const cell = (column: (typeof EXPORT_COLUMNS)[number]): string => row[EXPORT_COLUMNS.indexOf(column)]!;
    expect(cell('name')).toBe(person.title);
    expect(cell('email')).toBe(person.email);
    expect(cell('commissions')).toBe((person.commissions ?? []).join(', '));
    // The address keeps its lines, in one cell.
    expect(cell('address').split('\n')).toEqual((person.address ?? '').split('\n'));
  });

  it("names its columns in English in every language, as the open data's other CSV files do", async () => {
    const columns = ['name', 'type', 'role', 'party', 'commissions', 'categories', 'email', 'phone', 'address'];
    for (const language of LANGUAGES) {
      const rows = await csvRows(exportPath({ text: '', category }, 'csv', language));
      expect({ language, header: rows[0] }).toEqual({ language, header: columns });
      expect(rows.slice(1)).toEqual((await csvRows(exportPath({ text: '', category }, 'csv', 'fr'))).slice(1));
    }
  });

  it('never lets a phone number run as a formula: a cell starting with + gets a leading quote', async () => {
    const rows = await csvRows('/annuaire/export.csv');
    const phones = rows.slice(1).map((row) => row[EXPORT_COLUMNS.indexOf('phone')]!);
    for (const phone of phones) expect(phone).not.toMatch(/^[=+\-@]/);
    expect(phones.filter((phone) => phone.startsWith("'+")).length).toBeGreaterThan(0);
  });

  it('is a dated attachment, kept a minute and revalidated by its ETag', async () => {
    const path = exportPath({ text: '', category }, 'csv', 'fr');
    const answer = await client.get(path);
    const slug = category
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .toLowerCase();
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="annuaire-${slug}-${DEMO_TODAY}.csv"`);
    expect(answer.headers['cache-control']).toBe('public, max-age=60, s-maxage=10');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-robots-tag']).toBe('noindex');
    const etag = answer.headers['etag'];
    expect(etag).toMatch(/^".+"$/);
    expect((await client.get(path, { 'if-none-match': etag! })).status).toBe(304);
    // A parameter the page does not read changes nothing of the file.
    expect((await client.get(`${path}&utm_source=lettre`)).headers['etag']).toBe(etag);
  });

  it('is compressed for a client that accepts it', async () => {
    const answer = await client.getBytes('/annuaire/export.csv', { 'accept-encoding': 'br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['vary']).toMatch(/accept-encoding/i);
  });
});

describe('the directory as vCards', () => {
  it('holds one vCard a contact the directory lists for the filters', async () => {
    const categories = (await client.getJson('/api/categories/contacts/')).body as { title: string }[];
    for (const filters of [
      { text: '', category: '' },
      { text: '', category: categories[1]!.title },
      { text: 'zzzzzz', category: '' },
    ]) {
      const expected = await listed(filters);
      const answer = await client.get(exportPath(filters, 'vcf', 'fr'));
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/vcard; charset=utf-8');
      expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="annuaire(-[a-z0-9-]+)?-\d{4}-\d{2}-\d{2}\.vcf"$/);
      expect(vCardCount(answer.text)).toBe(expected.length);
      const names = [...answer.text.matchAll(/^FN:(.*)\r$/gm)].map((match) => match[1]);
      expect(names).toEqual(expected.map((contact) => contact.title));
    }
  });
});

describe('a query the directory page refuses', () => {
  it.each(EXPORT_FORMATS)('is refused with a 400 that says why, as .%s', async (format) => {
    for (const query of ['?q=a&q=b', '?categorie=%01', `?q=${'x'.repeat(201)}`, `?q=${'x'.repeat(2100)}`]) {
      const answer = await client.get(`/annuaire/export.${format}${query}`);
      expect({ query: query.slice(0, 30), status: answer.status }).toEqual({ query: query.slice(0, 30), status: 400 });
      expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.text).toMatch(/adresse d'export/);
    }
    const english = await client.get(`/en/annuaire/export.${format}?q=a&q=b`);
    expect(english.status).toBe(400);
    expect(english.text).toMatch(/^This export address/);
  });
});

/** A backend that speaks SPEC §7 with absolute `next` links under a path prefix, as an institution's own may; it records the paths asked. */
const fakeBackend = (
  contacts: readonly Contact[],
  options: { pageSize?: number; legacy?: boolean; staleOnce?: boolean; count?: number | null; failing?: boolean } = {},
) => {
  const { pageSize = 2, legacy = false, staleOnce = false, failing = false } = options;
  const calls: string[] = [];
  let stale = staleOnce;
  const answers = (path: string): Observable<unknown> =>
    defer(() => {
      calls.push(path);
      if (failing) return throwError((): HttpFailure => ({ _tag: 'NetworkError', url: `https://backend.example${path}`, message: 'refused' }));
      if (legacy) return of(contacts);
      const url = new URL(path, 'https://backend.example');
      const from = Number(url.searchParams.get('cursor') ?? 0);
      if (from > 0 && stale) {
        stale = false;
        return throwError((): HttpFailure => ({ _tag: 'HttpError', url: `https://backend.example${path}`, status: 400 }));
      }
      const next = from + pageSize < contacts.length ? `https://backend.example/prefix/api/contacts/?cursor=${from + pageSize}` : null;
      return of({ count: options.count === undefined ? contacts.length : options.count, next, previous: null, results: contacts.slice(from, from + pageSize) });
    });
  return { answers, calls };
};

const person = (title: string, extra: Partial<Contact> = {}): Contact => ({ title, type_contact: 'Personne', fonction: 'Député', ...extra });

const TRAPS: readonly Contact[] = [
  person('=HYPERLINK("https://evil.example","Cliquez")', { phone: '+41 27 606 00 00' }),
  person('-2+3', { parti: '@SUM(A1:A9)' }),
  person('Hélène "la Juste"; Dupont', { address: 'Rue du Rhône 1\r\n1950 Sion', commissions: ['Finances', '=1+1'] }),
  { title: 'Commune de Sion', type_contact: 'Organisation', fonction: 'ignorée', email: ' info@sion.example ' },
  person('Zoé Python'),
];

/** An app on a source other than this database (SITE_API_BASE), without a database at all. */
const onBackend = async (answers: (path: string) => Observable<unknown>, version: () => Promise<string> = async () => '1') => {
  const other = buildApp({ db: refusingDatabase(), pages: { answers, version } });
  return { other, client: await injectClient(other) };
};

describe('an export read from another backend', () => {
  it('walks its pages through their absolute next links, and keeps every cell text', async () => {
    const backend = fakeBackend(TRAPS);
    const { other, client: otherClient } = await onBackend(backend.answers);
    try {
      const rows = await csvRows('/annuaire/export.csv?categorie=Grand+Conseil&q=h', otherClient);
      expect(backend.calls).toEqual(['/api/contacts/?title=h&category=Grand+Conseil&page_size=100', '/api/contacts/?cursor=2', '/api/contacts/?cursor=4']);
      expect(rows.slice(1)).toEqual([
        ['\'=HYPERLINK("https://evil.example","Cliquez")', 'Personne', 'Député', '', '', '', '', "'+41 27 606 00 00", ''],
        ["'-2+3", 'Personne', 'Député', "'@SUM(A1:A9)", '', '', '', '', ''],
        ['Hélène "la Juste"; Dupont', 'Personne', 'Député', '', 'Finances, =1+1', '', '', '', 'Rue du Rhône 1\n1950 Sion'],
        ['Commune de Sion', 'Organisation', '', '', '', '', 'info@sion.example', '', ''],
        ['Zoé Python', 'Personne', 'Député', '', '', '', '', '', ''],
      ]);
    } finally {
      await other.close();
    }
  });

  it('takes a legacy backend’s whole array in one call', async () => {
    const backend = fakeBackend(TRAPS, { legacy: true });
    const { other, client: otherClient } = await onBackend(backend.answers);
    try {
      expect((await csvRows('/annuaire/export.csv', otherClient)).length).toBe(1 + TRAPS.length);
      expect(vCardCount((await otherClient.get('/annuaire/export.vcf')).text)).toBe(TRAPS.length);
      expect(backend.calls).toEqual(['/api/contacts/?page_size=100', '/api/contacts/?page_size=100']);
    } finally {
      await other.close();
    }
  });

  it('starts again once when the content changes under its cursors, and gives each contact once', async () => {
    const backend = fakeBackend(TRAPS, { staleOnce: true });
    const { other, client: otherClient } = await onBackend(backend.answers);
    try {
      const rows = await csvRows('/annuaire/export.csv', otherClient);
      expect(rows.slice(1).map((row) => row[0])).toEqual(TRAPS.map((contact) => exportRow(contact)[0]));
      expect(backend.calls[0]).toBe(backend.calls[2]);
    } finally {
      await other.close();
    }
  });

  it('answers 502, kept by nobody, when the backend fails', async () => {
    const { other, client: otherClient } = await onBackend(fakeBackend(TRAPS, { failing: true }).answers);
    try {
      for (const path of ['/annuaire/export.csv', '/en/annuaire/export.vcf']) {
        const answer = await otherClient.get(path);
        expect(answer.status).toBe(502);
        expect(answer.headers['cache-control']).toBe('no-store');
        expect(answer.headers['content-disposition']).toBeUndefined();
      }
    } finally {
      await other.close();
    }
  });

  it('is made once a content version: a repeated download asks the backend nothing', async () => {
    const backend = fakeBackend(TRAPS);
    let version = 'a';
    const { other, client: otherClient } = await onBackend(backend.answers, async () => version);
    try {
      const [first, second] = await Promise.all([otherClient.get('/annuaire/export.csv'), otherClient.get('/annuaire/export.csv')]);
      expect(second.text).toBe(first.text);
      expect(backend.calls).toHaveLength(3);
      await otherClient.get('/annuaire/export.csv');
      expect(backend.calls).toHaveLength(3);
      version = 'b';
      await otherClient.get('/annuaire/export.csv');
      expect(backend.calls).toHaveLength(6);
    } finally {
      await other.close();
    }
  });

  it('renders the same CSV from a real backend (SITE_API_BASE) as from the database', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const other = buildApp({ db: refusingDatabase(), pages: backendPages(`http://127.0.0.1:${port}`), now: () => DEMO_NOW });
    try {
      const otherClient = await injectClient(other);
      const categories = (await client.getJson('/api/categories/contacts/')).body as { title: string }[];
      for (const filters of [
        { text: '', category: '' },
        { text: '', category: categories[0]!.title },
      ]) {
        const path = exportPath(filters, 'csv', 'fr');
        expect(await csvRows(path, otherClient)).toEqual(await csvRows(path));
      }
      expect(vCardCount((await otherClient.get('/annuaire/export.vcf')).text)).toBe((await listed({ text: '', category: '' })).length);
    } finally {
      await other.close();
    }
  });
});

describe('the cap on an export', () => {
  const capped = async (answers: (path: string) => Observable<unknown>, cap: number) => {
    const small = Fastify();
    registerExportRoutes(small, { answers, version: async () => '1', cap });
    return { small, client: await injectClient(small) };
  };

  it('refuses a list beyond it from its count, before walking it, and never cuts it', async () => {
    const backend = fakeBackend(TRAPS);
    const { small, client: smallClient } = await capped(backend.answers, 3);
    try {
      const answer = await smallClient.get(`/annuaire/export.csv${filtersToSearch({ text: '', category: 'Grand Conseil' })}`);
      expect(answer.status).toBe(400);
      expect(answer.text).toBe(
        '5 contacts correspondent à ces filtres ; un export en contient au plus 3. Choisissez une catégorie ou un nom pour réduire la liste.',
      );
      expect(backend.calls).toHaveLength(1);
    } finally {
      await small.close();
    }
  });

  it('stops a backend whose count says less than it sends', async () => {
    const backend = fakeBackend(TRAPS, { count: 1 });
    const { small, client: smallClient } = await capped(backend.answers, 3);
    try {
      expect((await smallClient.get('/annuaire/export.vcf')).status).toBe(400);
      expect(backend.calls).toHaveLength(2);
    } finally {
      await small.close();
    }
  });
});
