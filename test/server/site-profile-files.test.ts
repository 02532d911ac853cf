import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { CATALOGUE_PATH } from '../../src/domain/open-data-catalogue';
import { CSV_DELIMITER, exportBasePath } from '../../src/domain/directory-export';
import { CSV_PATHS } from '../../src/domain/open-data-export';
import { SiteSearchAnswer, type SearchGroup } from '../../src/domain/site-search';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { normalizeSearch } from '../../server/data/search';
import { OPENAPI_PATH } from '../../server/http/description/openapi-document';
import { defaultSiteProfile, loadSiteProfile } from '../../server/profile/load-site-profile';
import { closeOpened } from '../support/close-opened';
import { parseCsv } from '../support/csv';
import { decodeOrThrow, demo, DEMO_NOW } from '../support/demo-expectations';
import { injectClient, type TestClient } from '../support/http-client';
import { DIST } from '../support/rendered-pages';
import { openTestDatabase } from '../support/test-database';
import { ROOT } from '../support/server-child';

// An app built with another institution's profile (test/fixtures/site-profile-montclair: a town,
// French and German only, the demo's second agenda and its `communiques` scope) writes that
// institution into every feed, calendar, file, catalogue and description, and nothing of the demo's.

jest.setTimeout(120_000);

const FOLDER = join(ROOT, 'test/fixtures/site-profile-montclair');
const profile = loadSiteProfile(FOLDER);
const { settings } = profile;
const ORIGIN = 'https://www.ville-montclair.example';

// What the demo's profile says of its institution, none of which the demo content holds.
const demoSettings = defaultSiteProfile().settings;
const DEMO_IDENTITY = [
  'Valmont',
  demoSettings.identifiers.authority,
  demoSettings.openData.publisher.id,
  demoSettings.openData.publisher.name,
  ...Object.values(demoSettings.contact.email),
  ...Object.values(demoSettings.openData.datasets.agenda),
];
const withoutDemo = (path: string, text: string): void => {
  const found = DEMO_IDENTITY.filter((word) => text.toLowerCase().includes(word.toLowerCase()));
  expect({ path, found }).toEqual({ path, found: [] });
};

let db: Database;
let app: FastifyInstance;
let client: TestClient;

beforeAll(async () => {
  db = await openTestDatabase();
  app = buildApp({ db, profile, now: () => DEMO_NOW, publicOrigin: ORIGIN });
  client = await injectClient(app);
});

afterAll(async () => {
  await closeOpened(app, db);
});

const fetched = async (path: string): Promise<string> => {
  const answer = await client.get(path);
  expect({ path, status: answer.status }).toEqual({ path, status: 200 });
  withoutDemo(path, `${answer.text}\n${answer.headers['content-disposition'] ?? ''}`);
  return answer.text;
};

// The ids of a CSV file's rows (its first column), below the header.
const idsOf = (text: string): number[] =>
  parseCsv(text.replace(/^\uFEFF/, ''), CSV_DELIMITER)
    .slice(1)
    .filter((row) => row.length > 1)
    .map((row) => Number(row[0]));

const unfolded = (text: string): string[] => text.replace(/\r\n /g, '').split('\r\n');

describe("a site built with another institution's profile", () => {
  it('is the fixture the tests believe: a profile with names, lists and addresses of its own', () => {
    expect(settings.agendaId).not.toBe(demoSettings.agendaId);
    expect(settings.newsScope).not.toBe(demoSettings.newsScope);
    expect(settings.identifiers.authority).not.toBe(demoSettings.identifiers.authority);
    expect(demo.events.some((event) => event.agenda_id === settings.agendaId)).toBe(true);
    expect(demo.news.some((item) => item.scope === settings.newsScope)).toBe(true);
  });

  it("names the calendar feed with its agenda and the institution, under its authority's UIDs and PRODID", async () => {
    const text = await fetched(`/flux/agenda/${settings.agendaId}.ics`);
    const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
    expect(calendar.getFirstPropertyValue('prodid')).toBe(`-//${settings.identifiers.authority}//Agenda//FR`);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(`Agenda culturel et institutionnel – ${settings.institution.name.full.fr}`);
    const uids = calendar.getAllSubcomponents('vevent').map((vevent) => String(vevent.getFirstPropertyValue('uid')));
    expect(uids.length).toBeGreaterThan(0);
    for (const uid of uids) expect(uid).toMatch(new RegExp(`^event-${settings.agendaId}-\\d+@${settings.identifiers.authority.replace(/\./g, '\\.')}$`));
  });

  it("writes the news feed's ids under its authority, the institution as author, and its own scope's page as the alternate", async () => {
    const own = await fetched(`/flux/actualites/${settings.newsScope}.atom`);
    expect(own).toContain(`<id>tag:${settings.identifiers.authority},2026:flux/actualites/${settings.newsScope}</id>`);
    expect(own).toContain(`<name>${settings.institution.name.full.fr}</name>`);
    expect(own).toContain(`<link rel="alternate" href="${ORIGIN}/actualites/"/>`);
    const entries = own.split('<entry>').slice(1);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry).toMatch(new RegExp(`<id>tag:${settings.identifiers.authority.replace(/\./g, '\\.')},2026:news/\\d+</id>`));
    // The demo's scope is another scope here: its feed points to the site, not to the news page.
    expect(await fetched(`/flux/actualites/${demoSettings.newsScope}.atom`)).toContain(`<link rel="alternate" href="${ORIGIN}/"/>`);
  });

  it("gives an event's calendar file and a list's the authority's UIDs and PRODID", async () => {
    const event = demo.events.find((item) => item.agenda_id === settings.agendaId && !item.recurrence)!;
    const one = unfolded(await fetched(`/agenda/calendrier/${settings.agendaId}/${event.id}.ics`));
    expect(one).toContain(`PRODID:-//${settings.identifiers.authority}//Agenda//FR`);
    expect(one).toContain(`UID:${event.id}@${settings.identifiers.authority}`);
    const list = unfolded(await fetched(`/agenda/calendrier/${settings.agendaId}.ics`));
    expect(list).toContain(`PRODID:-//${settings.identifiers.authority}//Agenda//FR`);
  });

  it("exports the directory (vCard, CSV) and the open data's CSV of its own agenda and scope, nothing of the demo's identity in them", async () => {
    await fetched(exportBasePath('vcf'));
    await fetched(exportBasePath('csv'));
    await fetched(CSV_PATHS.publications);
    const agendaIds = idsOf(await fetched(`${CSV_PATHS.agenda}?tout=1`));
    expect(agendaIds.length).toBeGreaterThan(0);
    expect(agendaIds.every((id) => demo.events.find((item) => item.id === id)?.agenda_id === settings.agendaId)).toBe(true);
    const newsIds = idsOf(await fetched(CSV_PATHS.news));
    expect(newsIds.length).toBeGreaterThan(0);
    expect(newsIds.every((id) => demo.news.find((item) => item.id === id)?.scope === settings.newsScope)).toBe(true);
  });

  it('publishes a catalogue by its publisher, with its titles in the languages it offers and the files of its lists', async () => {
    const text = await fetched(CATALOGUE_PATH);
    const { publisher, datasets } = settings.openData;
    expect(text).toContain(`<dct:identifier>agenda@${publisher.id}</dct:identifier>`);
    expect(text).toContain(`<foaf:name>${publisher.name}</foaf:name>`);
    expect(text).toContain(`<vcard:hasEmail rdf:resource="mailto:${publisher.email}"/>`);
    expect(text).toContain(`<dct:title xml:lang="fr">${datasets.agenda.fr}</dct:title>`);
    expect(text).toContain(`<dct:title xml:lang="de">${datasets.agenda.de}</dct:title>`);
    // Italian and English are not offered: no words claim to be in them.
    expect(text).not.toMatch(/xml:lang="(it|en)"/);
    expect(text).toContain(`${ORIGIN}/api/agenda/${settings.agendaId}/`);
    expect(text).toContain(`${ORIGIN}/flux/agenda/${settings.agendaId}.ics`);
    expect(text).toContain(`${ORIGIN}/api/news/${settings.newsScope}/`);
    expect(text).toContain(`${ORIGIN}/flux/actualites/${settings.newsScope}.atom`);
  });

  it("takes PUBLISHER_* over the profile's publisher, field by field", async () => {
    const other = buildApp({ db, profile, now: () => DEMO_NOW, publicOrigin: ORIGIN, publisher: { id: 'montclair-donnees' } });
    try {
      const text = (await (await injectClient(other)).get(CATALOGUE_PATH)).text;
      expect(text).toContain('<dct:identifier>agenda@montclair-donnees</dct:identifier>');
      expect(text).toContain(`<foaf:name>${settings.openData.publisher.name}</foaf:name>`);
    } finally {
      await other.close();
    }
  });

  it('titles the OpenAPI document with the institution and names its office and address as the contact', async () => {
    const document = JSON.parse(await fetched(OPENAPI_PATH)) as { info: { title: string; contact: { name: string; email: string } } };
    expect(document.info.title).toBe(`API – ${settings.institution.name.full.fr}`);
    expect(document.info.contact).toEqual({ name: settings.institution.office.fr, email: settings.contact.email.general });
  });

  it("lists its agenda's events and its scope's news in the sitemap, and no other", async () => {
    const index = await fetched('/sitemap.xml');
    const files = [...index.matchAll(/<loc>[^<]*(\/sitemap-\d+\.xml)<\/loc>/g)].map((match) => match[1]!);
    const text = (await Promise.all((files.length > 0 ? files : ['/sitemap.xml']).map(fetched))).join('\n');
    const eventIds = [...text.matchAll(/<loc>[^<]*\/agenda\/(\d+)-[^<]*<\/loc>/g)].map((match) => Number(match[1]));
    expect(eventIds.length).toBeGreaterThan(0);
    expect(eventIds.every((id) => demo.events.find((event) => event.id === id)?.agenda_id === settings.agendaId)).toBe(true);
    expect(new Set(eventIds).size).toBe(demo.events.filter((event) => event.agenda_id === settings.agendaId).length);
  });

  it("searches its agenda's events and its scope's news, not the demo's", async () => {
    const search = async (kind: 'events' | 'news', text: string): Promise<SearchGroup> => {
      const { status, body } = await client.getJson(`/api/search/?q=${encodeURIComponent(text)}&kind=${kind}&limit=20`);
      expect({ text, status }).toEqual({ text, status: 200 });
      withoutDemo('/api/search/', JSON.stringify(body));
      const group = decodeOrThrow(SiteSearchAnswer, body).groups[0];
      if (group === undefined) throw new Error(`no ${kind} group for "${text}"`);
      return group;
    };
    const holds = (value: string | null | undefined, text: string): boolean =>
      value !== null && value !== undefined && normalizeSearch(value).includes(normalizeSearch(text));
    const ownEvents = demo.events.filter((event) => event.agenda_id === settings.agendaId);
    // A word of one of its events: every event found is of its agenda.
    const word = ownEvents[0]!.title.split(' ').find((part) => part.length >= 4)!;
    const found = await search('events', word);
    expect(found.results.length).toBeGreaterThan(0);
    for (const result of found.results) {
      const id = Number(/^\/agenda\/(\d+)-/.exec(result.path)?.[1]);
      expect({ path: result.path, agenda: demo.events.find((event) => event.id === id)?.agenda_id }).toEqual({ path: result.path, agenda: settings.agendaId });
    }
    // The title of an event of the demo's agenda that none of its own holds: not found.
    const elsewhere = demo.events.find(
      (event) => event.agenda_id === demoSettings.agendaId && !ownEvents.some((own) => holds(own.title, event.title) || holds(own.place, event.title)),
    )!;
    expect((await search('events', elsewhere.title)).count).toBe(0);
    // A word of its news: the count is its scope's news that hold it, not the demo scope's.
    const ownNews = demo.news.filter((item) => item.scope === settings.newsScope);
    const otherNews = demo.news.filter((item) => item.scope === demoSettings.newsScope);
    const newsWord = ownNews[0]!.title.split(' ').find((part) => part.length >= 4)!;
    const counted = (items: typeof demo.news): number => items.filter((item) => holds(item.title, newsWord) || holds(item.lead, newsWord)).length;
    expect(counted(ownNews)).not.toBe(counted(otherNews));
    expect((await search('news', newsWord)).count).toBe(counted(ownNews));
  });

  // The cart's page is the pages' (a built site); the address it writes comes from the app.
  it("writes the profile's order address on the cart, or ORDER_EMAIL over it", async () => {
    if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/ is missing: run `npm run build` before this test (npm test does it).');
    const orderEmailOf = async (orderEmail?: string): Promise<string | undefined> => {
      const site = buildApp({ db, profile, distDir: DIST, now: () => DEMO_NOW, publicOrigin: ORIGIN, ...(orderEmail === undefined ? {} : { orderEmail }) });
      try {
        const text = (await (await injectClient(site)).get('/panier/')).text;
        return /data-order-email="([^"]*)"/.exec(text)?.[1];
      } finally {
        await site.close();
      }
    };
    expect(await orderEmailOf()).toBe(settings.contact.email.orders);
    expect(await orderEmailOf('commandes@autre.example')).toBe('commandes@autre.example');
  });
});
