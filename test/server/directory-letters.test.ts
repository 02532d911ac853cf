import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { Contact } from '../../src/domain/contact';
import { filingLetter, LETTERS } from '../../src/domain/directory-letter';
import { CSV_DELIMITER } from '../../src/domain/directory-export';
import { closeOpened } from '../support/close-opened';
import { parseCsv } from '../support/csv';
import { DEMO_NOW } from '../support/demo-expectations';
import { injectClient, type TestClient } from '../support/http-client';
import { openTestDatabase } from '../support/test-database';

jest.setTimeout(120_000);

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

/** The contacts an API path lists, walked through its `next` links to the end. */
const listed = async (first: string): Promise<Contact[]> => {
  const contacts: Contact[] = [];
  let path: string | null = first;
  while (path !== null) {
    const answer = await client.getJson(path);
    expect({ path, status: answer.status }).toEqual({ path, status: 200 });
    const body = answer.body as { results: Contact[]; next: string | null };
    contacts.push(...body.results);
    path = body.next === null ? null : ((url) => `${url.pathname}${url.search}`)(new URL(body.next, 'http://localhost'));
  }
  return contacts;
};

const lettersOf = (contacts: readonly Contact[]): { letter: string; count: number }[] =>
  LETTERS.map((letter) => ({ letter, count: contacts.filter((contact) => filingLetter(contact.title, contact.type_contact) === letter).length })).filter(
    (entry) => entry.count > 0,
  );

describe('the filing letter', () => {
  it('is stored for every contact as the TypeScript rule computes it', async () => {
    const rows = await db.query<{ title: string; type_contact: string | null; filing_letter: string | null }>(
      'select title, type_contact, filing_letter from contacts',
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.filing_letter !== filingLetter(row.title, row.type_contact))).toEqual([]);
  });
});

describe('GET /api/contacts/?letter=', () => {
  it('lists exactly the contacts filed under the letter, in the whole list and within a category', async () => {
    const all = await listed('/api/contacts/?page_size=100');
    for (const letter of ['B', 'R', 'S']) {
      const under = await listed(`/api/contacts/?letter=${letter}&page_size=100`);
      expect(under.map((contact) => contact.id)).toEqual(
        all.filter((contact) => filingLetter(contact.title, contact.type_contact) === letter).map((contact) => contact.id),
      );
    }
    const council = await listed('/api/contacts/?category=Grand%20Conseil&page_size=100');
    const councilF = await listed('/api/contacts/?category=Grand%20Conseil&letter=F&page_size=100');
    expect(councilF.length).toBeGreaterThan(0);
    expect(councilF.map((contact) => contact.id)).toEqual(council.filter((contact) => filingLetter(contact.title, contact.type_contact) === 'F').map((c) => c.id));
  });

  it.each(['ab', '1', '%00', 'b', 'É', '%20A'])('refuses letter=%s with a 400 and the error body', async (value) => {
    const answer = await client.getJson(`/api/contacts/?letter=${value}`);
    expect(answer.status).toBe(400);
    expect(typeof (answer.body as { error?: unknown }).error).toBe('string');
  });
});

describe('GET /api/letters/contacts/', () => {
  it('answers the letters that have contacts, with their counts, for the name and the category', async () => {
    const whole = await client.getJson('/api/letters/contacts/');
    expect(whole.status).toBe(200);
    expect(whole.body).toEqual(lettersOf(await listed('/api/contacts/?page_size=100')));
    const council = await client.getJson('/api/letters/contacts/?category=Grand%20Conseil');
    expect(council.body).toEqual(lettersOf(await listed('/api/contacts/?category=Grand%20Conseil&page_size=100')));
    const named = await client.getJson('/api/letters/contacts/?title=fav');
    expect(named.body).toEqual(lettersOf(await listed('/api/contacts/?title=fav&page_size=100')));
  });

  it('is cached like every answer: an ETag, then 304', async () => {
    const first = await client.get('/api/letters/contacts/');
    const etag = first.headers['etag'];
    expect(typeof etag).toBe('string');
    const again = await client.get('/api/letters/contacts/', { 'if-none-match': String(etag) });
    expect(again.status).toBe(304);
  });

  it('refuses a letter or an unknown parameter with a 400', async () => {
    expect((await client.getJson('/api/letters/contacts/?letter=B')).status).toBe(400);
  });
});

describe('the directory export and the sitemap', () => {
  it('exports the letter in force', async () => {
    const answer = await client.getBytes('/annuaire/export.csv?lettre=B');
    expect(answer.status).toBe(200);
    const rows = parseCsv(answer.body.subarray(3).toString('utf8'), CSV_DELIMITER).slice(1);
    const expected = await listed('/api/contacts/?letter=B&page_size=100');
    expect(rows.map((row) => row[0])).toEqual(expected.map((contact) => contact.title));
    const vcards = await client.getBytes('/annuaire/export.vcf?categorie=Grand%20Conseil&lettre=F');
    expect(vcards.status).toBe(200);
    expect(vcards.body.toString('utf8').match(/BEGIN:VCARD/g)?.length).toBe((await listed('/api/contacts/?category=Grand%20Conseil&letter=F&page_size=100')).length);
  });

  it.each(['ab', '1', '%00'])('refuses an export of lettre=%s with a 400', async (value) => {
    expect((await client.getBytes(`/annuaire/export.csv?lettre=${value}`)).status).toBe(400);
  });

  it('lists no letter page', async () => {
    const index = await client.get('/sitemap.xml');
    expect(index.status).toBe(200);
    const files = [...index.text.matchAll(/<loc>([^<]+\.xml)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
    const texts = [index.text, ...(await Promise.all(files.map(async (file) => (await client.get(file)).text)))];
    expect(texts.join('\n')).toContain('/annuaire/');
    expect(texts.join('\n')).not.toMatch(/lettre/);
  });
});
