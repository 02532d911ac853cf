import Fastify, { type FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { csvRecords } from '../../server/render/export-routes';
import { registerCsvRoutes } from '../../server/open-data/csv-routes';
import { parsePublisher, publisherOf } from '../../server/open-data/publisher';
import { siteListsOf } from '../../server/http/site';
import { defaultSiteProfile } from '../../server/profile/load-site-profile';
import { CSV_DELIMITER } from '../../src/domain/directory-export';
import { CATALOGUE_PATH, DATASETS } from '../../src/domain/open-data-catalogue';
import { CSV_COLUMNS, CSV_PATHS, csvCell } from '../../src/domain/open-data-export';
import { closeOpened } from '../support/close-opened';
import { parseCsv } from '../support/csv';
import { demo, DEMO_NOW, DEMO_TODAY } from '../support/demo-expectations';
import { injectClient, type TestClient } from '../support/http-client';
import { openTestDatabase } from '../support/test-database';

jest.setTimeout(60_000);

// The demo profile's publisher, which an app built without a profile or override names.
const PUBLISHER = defaultSiteProfile().settings.openData.publisher;

let db: Database;
let app: FastifyInstance;
let client: TestClient;

beforeAll(async () => {
  db = await openTestDatabase();
  app = buildApp({ db, now: () => DEMO_NOW, publicOrigin: 'https://www.canton.example' });
  client = await injectClient(app);
});

afterAll(async () => {
  await closeOpened(app, db);
});

const ORIGIN = 'https://www.canton.example';
const NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
} as const;
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const LANGS = ['fr', 'de', 'it', 'en'];

const parseXml = (text: string): Document => {
  const { DOMParser } = new JSDOM('').window;
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
};

/** The direct children of `element` named `ns:name`. */
const children = (element: Element, ns: string, name: string): Element[] =>
  [...element.children].filter((child) => child.namespaceURI === ns && child.localName === name);

const csvRows = async (path: string): Promise<string[][]> => {
  const answer = await client.get(path);
  expect({ path, status: answer.status }).toEqual({ path, status: 200 });
  expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
  return parseCsv(answer.text.replace(/^\uFEFF/, ''), CSV_DELIMITER).filter((row) => row.length > 1 || row[0] !== '');
};

describe('the DCAT-AP CH catalogue', () => {
  let doc: Document;
  let etag: string;

  beforeAll(async () => {
    const answer = await client.get(CATALOGUE_PATH);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/rdf+xml; charset=utf-8');
    etag = answer.headers['etag'] ?? '';
    doc = parseXml(answer.text);
  });

  it('is revalidated by its ETag', async () => {
    expect(etag).not.toBe('');
    expect((await client.get(CATALOGUE_PATH, { 'if-none-match': etag })).status).toBe(304);
  });

  it('holds the four datasets, each with every mandatory property and its titles and descriptions in four languages', () => {
    const datasets = [...doc.getElementsByTagNameNS(NS.dcat, 'Dataset')];
    expect(datasets).toHaveLength(DATASETS.length);
    for (const [index, dataset] of datasets.entries()) {
      const id = DATASETS[index]!.id;
      expect(children(dataset, NS.dct, 'identifier').map((e) => e.textContent)).toEqual([`${id}@${PUBLISHER.id}`]);
      for (const name of ['title', 'description']) {
        expect(children(dataset, NS.dct, name).map((e) => e.getAttributeNS(XML_NS, 'lang'))).toEqual(LANGS);
        for (const e of children(dataset, NS.dct, name)) expect(e.textContent.trim()).not.toBe('');
      }
      const publisher = children(dataset, NS.dct, 'publisher')[0]?.getElementsByTagNameNS(NS.foaf, 'name')[0]?.textContent;
      expect(publisher).toBe(PUBLISHER.name);
      const contact = children(dataset, NS.dcat, 'contactPoint')[0];
      expect(contact?.getElementsByTagNameNS(NS.vcard, 'fn')[0]?.textContent).toBe(PUBLISHER.name);
      expect(contact?.getElementsByTagNameNS(NS.vcard, 'hasEmail')[0]?.getAttributeNS(NS.rdf, 'resource')).toBe(`mailto:${PUBLISHER.email}`);
      expect(children(dataset, NS.dct, 'modified')[0]?.textContent).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(children(dataset, NS.dct, 'accrualPeriodicity')[0]?.getAttributeNS(NS.rdf, 'resource')).toMatch(
        /^http:\/\/publications\.europa\.eu\/resource\/authority\/frequency\//,
      );
      expect(children(dataset, NS.dcat, 'theme').length).toBeGreaterThan(0);
      expect(new Set(children(dataset, NS.dcat, 'keyword').map((e) => e.getAttributeNS(XML_NS, 'lang')))).toEqual(new Set(LANGS));
      expect(children(dataset, NS.dct, 'rights')).toHaveLength(1);
      const distributions = children(dataset, NS.dcat, 'distribution');
      expect(distributions.map((d) => d.getElementsByTagNameNS(NS.dct, 'format')[0]?.getAttributeNS(NS.rdf, 'resource')?.split('/').pop())).toEqual(
        DATASETS[index]!.distributions.map((file) => file.format),
      );
      for (const distribution of distributions) {
        const file = distribution.getElementsByTagNameNS(NS.dcat, 'Distribution')[0]!;
        expect(children(file, NS.dcat, 'accessURL')[0]?.getAttributeNS(NS.rdf, 'resource')).toMatch(new RegExp(`^${ORIGIN}/`));
        expect(children(file, NS.dct, 'license')[0]?.getAttributeNS(NS.rdf, 'resource')).toMatch(
          /^http:\/\/publications\.europa\.eu\/resource\/authority\/licence\//,
        );
        expect(children(file, NS.dct, 'rights')).toHaveLength(1);
        expect(children(file, NS.dcat, 'mediaType')[0]?.getAttributeNS(NS.rdf, 'resource')).toMatch(/^https:\/\/www\.iana\.org\/assignments\/media-types\//);
        expect(children(file, NS.dct, 'title').map((e) => e.getAttributeNS(XML_NS, 'lang'))).toEqual(LANGS);
      }
    }
  });

  it('names only files that answer 200 with the media type it declares', async () => {
    const files = [...doc.getElementsByTagNameNS(NS.dcat, 'Distribution')];
    expect(files.length).toBe(DATASETS.reduce((sum, dataset) => sum + dataset.distributions.length, 0));
    for (const file of files) {
      const url = children(file, NS.dcat, 'accessURL')[0]!.getAttributeNS(NS.rdf, 'resource')!;
      const type = children(file, NS.dcat, 'mediaType')[0]!.getAttributeNS(NS.rdf, 'resource')!.replace('https://www.iana.org/assignments/media-types/', '');
      const answer = await client.getBytes(url.slice(ORIGIN.length));
      expect({ url, status: answer.status, type: answer.headers['content-type']?.split(';')[0] }).toEqual({ url, status: 200, type });
    }
  });

  it('starts every address at the public origin, whatever host the request names', async () => {
    const answer = await client.get(CATALOGUE_PATH, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain('evil.example');
  });

  it('names the configured publisher, escaped', async () => {
    const other = buildApp({
      db,
      now: () => DEMO_NOW,
      publicOrigin: ORIGIN,
      publisher: parsePublisher({ PUBLISHER_NAME: 'Office <données> & "chiffres"', PUBLISHER_ID: 'office-x' }),
    });
    const answer = await (await injectClient(other)).get(CATALOGUE_PATH);
    const parsed = parseXml(answer.text);
    expect(parsed.getElementsByTagNameNS(NS.foaf, 'name')[0]?.textContent).toBe('Office <données> & "chiffres"');
    expect(parsed.getElementsByTagNameNS(NS.dct, 'identifier')[0]?.textContent).toBe('agenda@office-x');
    await other.close();
  });
});

describe('publisher settings', () => {
  it('refuses a bad value, naming its variable', () => {
    expect(() => parsePublisher({ PUBLISHER_EMAIL: 'not an address' })).toThrow(/^PUBLISHER_EMAIL/);
    expect(() => parsePublisher({ PUBLISHER_ID: 'Canton Valmont' })).toThrow(/^PUBLISHER_ID/);
    expect(() => parsePublisher({ PUBLISHER_NAME: 'a\nb' })).toThrow(/^PUBLISHER_NAME/);
    expect(parsePublisher({})).toEqual({});
    expect(parsePublisher({ PUBLISHER_NAME: ' ', PUBLISHER_EMAIL: '', PUBLISHER_ID: '' })).toEqual({});
  });

  it("overrides the profile's publisher field by field", () => {
    const { settings } = defaultSiteProfile();
    expect(publisherOf(settings)).toEqual(settings.openData.publisher);
    expect(publisherOf(settings, parsePublisher({ PUBLISHER_EMAIL: ' opendata@ville.example ' }))).toEqual({
      ...settings.openData.publisher,
      email: 'opendata@ville.example',
    });
  });
});

describe('the CSV files of the agenda, the news and the publications', () => {
  it('start with a header row, in every language', async () => {
    for (const [dataset, path] of Object.entries(CSV_PATHS)) {
      for (const prefix of ['', '/de', '/it', '/en']) {
        const rows = await csvRows(`${prefix}${path}`);
        expect(rows[0]).toEqual([...CSV_COLUMNS[dataset as keyof typeof CSV_COLUMNS]]);
        expect(rows.length).toBeGreaterThan(1);
      }
    }
  });

  it('list the agenda from today, in order, with ISO 8601 dates and times', async () => {
    const all = (await csvRows(CSV_PATHS.agenda)).slice(1);
    // The recurring events begun earlier come first, one row each with its rule (column 10) and the days it skips (11).
    const ongoing = all.filter((row) => row[10] !== '' && row[1]! < DEMO_TODAY);
    expect(ongoing.map((row) => row[10])).toEqual([
      expect.stringMatching(/^FREQ=WEEKLY;BYDAY=SA;UNTIL=\d{8}$/),
      'FREQ=MONTHLY;BYDAY=1TU;UNTIL=' + ongoing[1]![10]!.slice(-8),
    ]);
    expect(ongoing[0]![11]).toMatch(/^\d{4}-12-2\d( \d{4}-12-\d\d)*$/);
    expect(all.slice(0, ongoing.length)).toEqual(ongoing);
    const rows = all.slice(ongoing.length);
    const dates = rows.map((row) => row[1]!);
    for (const date of dates) expect(date >= DEMO_TODAY).toBe(true);
    expect([...dates].sort()).toEqual(dates);
    for (const row of rows) {
      expect(row[1]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (row[3] !== '') expect(row[3]).toMatch(/^\d{2}:\d{2}$/);
    }
  });

  it('give the whole agenda with tout=1, its past included, each event once in date order', async () => {
    const rows = (await csvRows(`${CSV_PATHS.agenda}?tout=1`)).slice(1);
    const dates = rows.map((row) => row[1]!);
    expect(dates.some((date) => date < DEMO_TODAY)).toBe(true);
    expect([...dates].sort()).toEqual(dates);
    expect(rows.map((row) => Number(row[0])).sort((a, b) => a - b)).toEqual(
      demo.events
        .filter((event) => event.agenda_id === 1)
        .map((event) => event.id)
        .sort((a, b) => a - b),
    );
  });

  it('apply the page filters: the month, the title and the categories', async () => {
    // Events of one date (a recurring event's row stands for every month it repeats in).
    const all = (await csvRows(CSV_PATHS.agenda)).slice(1).filter((row) => row[10] === '');
    const month = all[0]![1]!.slice(5, 7);
    const inMonth = (await csvRows(`${CSV_PATHS.agenda}?mois=${Number(month)}`)).slice(1).filter((row) => row[10] === '');
    expect(inMonth.length).toBeGreaterThan(0);
    expect(inMonth.every((row) => row[1]!.slice(5, 7) === month)).toBe(true);
    const word = all[0]![5]!.split(/\s+/)[0]!;
    const titled = (await csvRows(`${CSV_PATHS.agenda}?titre=${encodeURIComponent(word)}`)).slice(1);
    expect(titled.length).toBeGreaterThan(0);
    expect(titled.length).toBeLessThanOrEqual(all.length);
    const categories = (await client.getJson('/api/categories/actualites/')).body as { id: number; title: string }[];
    const category = categories[0]!;
    const news = (await csvRows(`${CSV_PATHS.news}?categorie=${category.id}`)).slice(1);
    expect(news.length).toBeGreaterThan(0);
    expect(news.every((row) => row[4]!.split(', ').includes(category.title))).toBe(true);
    const allNews = (await csvRows(CSV_PATHS.news)).slice(1);
    expect(allNews.map((row) => row[1])).toEqual(
      allNews
        .map((row) => row[1])
        .sort()
        .reverse(),
    );
  });

  it('hold, page after page, every event and news item the API lists, in its order', async () => {
    /** The ids a list of the API holds, walked through its `next` links. */
    const listed = async (path: string): Promise<string[]> => {
      const ids: string[] = [];
      let next: string | null = path;
      while (next !== null) {
        const body = (await client.getJson(next)).body as { results: { id: number }[]; next: string | null };
        ids.push(...body.results.map((item) => String(item.id)));
        next = body.next === null ? null : ((url) => `${url.pathname}${url.search}`)(new URL(body.next, ORIGIN));
      }
      return ids;
    };
    // Pages of three rows: the file crosses dozens of keyset boundaries, ties of a day and all-day events included.
    const small = Fastify();
    registerCsvRoutes(small, db, { version: async () => 'v', site: siteListsOf(defaultSiteProfile()), now: () => DEMO_NOW, pageRows: 3 });
    const smallClient = await injectClient(small);
    const rowsOf = async (path: string): Promise<string[]> =>
      parseCsv((await smallClient.get(path)).text.replace(/^\uFEFF/, ''), CSV_DELIMITER)
        .slice(1)
        .filter((row) => row.length > 1)
        .map((row) => row[0]!);
    // The CSV has a recurring event once, at its first date, where the API lists each of its days.
    const recurring = new Set(demo.events.filter((event) => event.recurrence).map((event) => String(event.id)));
    const events = (await listed('/api/agenda/1/?page_size=100')).filter((id) => !recurring.has(id));
    expect(events.length).toBeGreaterThan(6);
    expect((await rowsOf(CSV_PATHS.agenda)).filter((id) => !recurring.has(id))).toEqual(events);
    const news = await listed('/api/news/actualites/?page_size=100');
    expect(news.length).toBeGreaterThan(6);
    expect(await rowsOf(CSV_PATHS.news)).toEqual(news);
    await small.close();
  });

  it('refuse a malformed or over-long query with a 400', async () => {
    for (const path of [
      `${CSV_PATHS.agenda}?mois=13`,
      `${CSV_PATHS.agenda}?categories=abc`,
      `${CSV_PATHS.agenda}?titre=${'x'.repeat(201)}`,
      `${CSV_PATHS.news}?categorie=x`,
      `${CSV_PATHS.agenda}?titre=${'x'.repeat(2100)}`,
      `${CSV_PATHS.agenda}?titre=%00`,
    ]) {
      expect({ path, status: (await client.get(path)).status }).toEqual({ path, status: 400 });
    }
  });

  it('are revalidated by their ETag', async () => {
    const answer = await client.get(CSV_PATHS.news);
    expect((await client.get(CSV_PATHS.news, { 'if-none-match': answer.headers['etag']! })).status).toBe(304);
  });

  it('write any text so that a CSV reader gives it back (RFC 4180 quoting)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: 'binary' }), { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const cells = rows.map((row) => row.map(csvCell));
        expect(parseCsv(csvRecords(cells), CSV_DELIMITER)).toEqual(cells);
      }),
    );
  });
});
