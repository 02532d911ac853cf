import { expect } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { contactPath, eventPath } from '../../src/domain/permalinks';
import { nextOccurrences, Recurrence } from '../../src/domain/recurrence';
import { SEARCH_COUNT_LIMIT, SiteSearchAnswer, type SearchGroup } from '../../src/domain/site-search';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { buildDemoContent, DEMO_DEFAULTS } from '../../server/operations/demo-content';
import { MIGRATIONS } from '../../server/data/migrations';
import { htmlToText, normalizeSearch } from '../../server/data/search';
import { importContent, seedDemo } from '../../server/operations/seed';
import { siteListsOf } from '../../server/http/site';
import { defaultSiteProfile } from '../../server/profile/load-site-profile';
import { decodeOrThrow, demo, DEMO_NOW, DEMO_TODAY } from '../support/demo-expectations';
import { injectClient, type TestClient } from '../support/http-client';
import { openTestDatabase, testBackend } from '../support/test-database';

// The demo profile's agenda and news scope, which an app built without a profile serves.
const { agendaId: SITE_AGENDA_ID, newsScope: SITE_NEWS_SCOPE } = siteListsOf(defaultSiteProfile());

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
  await app.close();
  await db.close();
});

const search = async (query: string): Promise<SiteSearchAnswer> => {
  const { status, body } = await client.getJson(`/api/search/?${query}`);
  expect({ query, status }).toEqual({ query, status: 200 });
  return decodeOrThrow(SiteSearchAnswer, body);
};

const groupOf = <K extends SearchGroup['kind']>(answer: SiteSearchAnswer, kind: K): Extract<SearchGroup, { kind: K }> => {
  const found = answer.groups.find((group) => group.kind === kind);
  if (found === undefined) throw new Error(`no ${kind} group in the answer`);
  return found as Extract<SearchGroup, { kind: K }>;
};

// What the demo holds, searched in plain TypeScript: the expected counts and orders.
const holds = (value: string | null | undefined, text: string): boolean =>
  value !== null && value !== undefined && normalizeSearch(value).includes(normalizeSearch(text));
const titleRank = (title: string, text: string): number => {
  const [name, wanted] = [normalizeSearch(title), normalizeSearch(text)];
  return name.startsWith(wanted) ? 0 : [' ', "'", '’', '-'].some((boundary) => name.includes(`${boundary}${wanted}`)) ? 1 : 2;
};
const registerOf = (html: string | null | undefined): string => htmlToText(html ?? '');
const siteEvents = demo.events.filter((event) => event.agenda_id === Number(SITE_AGENDA_ID));
const siteNews = demo.news.filter((item) => item.scope === SITE_NEWS_SCOPE);

describe('GET /api/search/', () => {
  it('finds a contact by a name typed without accents or capitals, as with them', async () => {
    const contactsOf = async (query: string) => groupOf(await search(query), 'contacts');
    const [plain, capitals, accents] = await Promise.all([contactsOf('q=helene'), contactsOf('q=H%C3%89L%C3%88NE'), contactsOf('q=H%C3%A9l%C3%A8ne')]);
    expect(plain.results.length).toBeGreaterThan(0);
    expect(plain.results[0]?.title).toMatch(/^Hélène /);
    expect(capitals).toEqual(plain);
    expect(accents).toEqual(plain);
    expect(plain.count).toBe(demo.contacts.filter((contact) => holds(contact.title, 'helene') || holds(registerOf(contact.registre_interets), 'helene')).length);
  });

  it('ranks names that start with the text, then a word that does, then the rest, each in name order', async () => {
    for (const text of ['an', 'fav', 'rey']) {
      const group = groupOf(await search(`q=${text}&kind=contacts&limit=20`), 'contacts');
      const titleHits = group.results.filter((result) => result.match === 'title');
      const ranks = titleHits.map((result) => titleRank(result.title, text));
      expect({ text, ranks }).toEqual({ text, ranks: [...ranks].sort((a, b) => a - b) });
      // A register's hit never comes before a name's.
      const firstRegister = group.results.findIndex((result) => result.match === 'interests');
      if (firstRegister >= 0) expect(group.results.slice(firstRegister).every((result) => result.match === 'interests')).toBe(true);
    }
  });

  it('finds deputies by a company or body named in their interests register, with the line that names it', async () => {
    const group = groupOf(await search('q=banque%20cantonale&kind=contacts&limit=20'), 'contacts');
    const expected = demo.contacts.filter((contact) => holds(registerOf(contact.registre_interets), 'banque cantonale'));
    expect(expected.length).toBeGreaterThan(0);
    expect(group.count).toBe(expected.length);
    expect(group.results.length).toBe(Math.min(20, expected.length));
    for (const result of group.results) {
      expect(result.match).toBe('interests');
      expect(result.excerpt).toBe('Membre du conseil d’administration de la Banque cantonale');
      const contact = expected.find((candidate) => contactPath(candidate) === result.path);
      expect(contact?.type_contact).toBe('Personne');
      expect(result.role).toBe(contact?.fonction ?? null);
      expect(result.party).toBe(contact?.parti ?? null);
    }
  });

  it('lists contacts named by the text before those whose register names it', async () => {
    const group = groupOf(await search('q=soci%C3%A9t%C3%A9%20de%20d%C3%A9veloppement&kind=contacts&limit=20'), 'contacts');
    const matches = group.results.map((result) => result.match);
    expect(matches).toContain('title');
    expect(matches).toContain('interests');
    expect(matches).toEqual([...matches].sort((a, b) => (a === b ? 0 : a === 'title' ? -1 : 1)));
  });

  it('never matches the markup of a register, only its text', async () => {
    const group = groupOf(await search('q=%3Cli%3E&kind=contacts'), 'contacts');
    expect(group).toEqual({ kind: 'contacts', count: 0, results: [] });
  });

  it('finds events of the site agenda by a word of their title: upcoming first, soonest first, then the past, latest first', async () => {
    const group = groupOf(await search('q=concert&kind=events&limit=20'), 'events');
    const expected = siteEvents.filter((event) => holds(event.title, 'concert') || holds(event.place, 'concert'));
    expect(group.count).toBe(expected.length);
    const upcoming = expected.filter((event) => event.bel_date >= DEMO_TODAY).sort((a, b) => a.bel_date.localeCompare(b.bel_date));
    const past = expected.filter((event) => event.bel_date < DEMO_TODAY).sort((a, b) => b.bel_date.localeCompare(a.bel_date));
    const dates = group.results.map((result) => result.date);
    expect(dates).toEqual([...upcoming, ...past].map((event) => event.bel_date).slice(0, 20));
    expect(group.results.map((result) => result.upcoming)).toEqual(group.results.map((result) => result.date >= DEMO_TODAY));
    for (const result of group.results) {
      const event = siteEvents.find((candidate) => eventPath({ id: String(candidate.id), title: candidate.title }) === result.path);
      expect(event?.title).toBe(result.title);
      expect(result.match).toBe('title');
    }
  });

  it('shows a series that began before today and still repeats at its next date, among what is upcoming', async () => {
    const group = groupOf(await search('q=visite%20guid%C3%A9e%20du%20parlement&kind=events&limit=20'), 'events');
    const tour = demo.events.find((event) => event.title === 'Visite guidée du Parlement' && event.recurrence)!;
    expect(tour.bel_date < DEMO_TODAY).toBe(true);
    const next = nextOccurrences(Recurrence.encode(tour.recurrence!), tour.bel_date, DEMO_TODAY, 1)[0];
    const found = group.results.find((result) => result.title === tour.title);
    expect(found).toMatchObject({ date: next, upcoming: true, path: eventPath({ id: String(tour.id), title: tour.title }) });
    expect(next! >= DEMO_TODAY).toBe(true);
    // A Saturday, as the rule says.
    expect(new Date(`${next}T12:00:00Z`).getUTCDay()).toBe(6);
  });

  it('finds events by their place, after those whose title holds the text', async () => {
    const group = groupOf(await search('q=saint-maire&kind=events&limit=20'), 'events');
    expect(group.count).toBe(siteEvents.filter((event) => holds(event.place, 'saint-maire')).length);
    expect(group.results.length).toBeGreaterThan(0);
    expect(group.results.every((result) => result.match === 'place' && result.place === 'Château Saint-Maire, Lausanne')).toBe(true);
  });

  it('finds news of the site scope by title and by lead, newest first within each, with the lead around the text', async () => {
    const group = groupOf(await search('q=carbone&kind=news&limit=20'), 'news');
    const expected = siteNews.filter((item) => holds(item.title, 'carbone') || holds(item.lead, 'carbone'));
    expect(group.count).toBe(expected.length);
    expect(group.results.map((result) => result.date)).toEqual(
      expected
        .map((item) => item.date)
        .sort()
        .reverse()
        .slice(0, 20),
    );
    for (const result of group.results) {
      expect(result.match).toBe('lead');
      expect(result.excerpt).toMatch(/^Neutralité carbone en 2050/);
      expect(siteNews.some((item) => item.title === result.title)).toBe(true);
      expect(result.path).toMatch(/^\/actualites\/[a-z0-9-]+\/$/);
    }
    // "budget" is in a title and in another article's lead: the titles first, without an excerpt.
    const both = groupOf(await search('q=budget&kind=news&limit=20'), 'news');
    const matches = both.results.map((result) => result.match);
    expect(matches[0]).toBe('title');
    expect(matches).toEqual([...matches].sort((a, b) => (a === b ? 0 : a === 'title' ? -1 : 1)));
    expect(both.results.filter((result) => result.match === 'title').every((result) => result.excerpt === null)).toBe(true);
  });

  it('finds with two letters the names and words that start with them, and from three letters any part of a word', async () => {
    // A word starts after a space, an apostrophe (') or a hyphen.
    const wordStart = (value: string | null | undefined, text: string): boolean =>
      value !== null && value !== undefined && new RegExp(`(^|[ '-])${text}`).test(normalizeSearch(value));
    const two = groupOf(await search('q=Ro&kind=contacts&limit=20'), 'contacts');
    const expected = demo.contacts.filter((contact) => wordStart(contact.title, 'ro') || wordStart(registerOf(contact.registre_interets).replace(/\n/g, ' '), 'ro'));
    expect(two.count).toBe(expected.length);
    expect(two.results.every((result) => wordStart(result.title, 'ro') || result.match === 'interests')).toBe(true);
    // "Rochat" and "Rey" start a word; "Pierre" only holds "r…": it waits for a third letter.
    const three = groupOf(await search('q=ier&kind=contacts&limit=20'), 'contacts');
    expect(three.results.some((result) => /Pierre|Monnier|Vuilleumier|Métrailler/.test(result.title))).toBe(true);
  });

  it('answers a group per kind asked for, in a fixed order, each bounded by limit with the count of all its matches', async () => {
    const all = await search('q=de');
    expect(all.groups.map((group) => group.kind)).toEqual(['contacts', 'events', 'news']);
    for (const group of all.groups) {
      expect(group.results.length).toBe(Math.min(5, group.count));
      expect(group.count).toBeGreaterThan(5);
    }
    const page = await search('q=de&limit=20');
    for (const group of page.groups) expect(group.results.length).toBe(20);
    expect(page.groups.map((group) => group.count)).toEqual(all.groups.map((group) => group.count));
    expect((await search('q=de&kind=news&kind=events')).groups.map((group) => group.kind)).toEqual(['events', 'news']);
    expect((await search('q=de&kind=events')).groups.map((group) => group.kind)).toEqual(['events']);
  });

  it('says the query as it read it: white space collapsed and trimmed, the rest as typed', async () => {
    expect((await search('q=%20%20H%C3%A9l%C3%A8ne%20%20Rey%20')).query).toBe('Hélène Rey');
  });

  it('answers an empty group for a text nothing holds', async () => {
    const answer = await search('q=zzqxw');
    expect(answer.groups).toEqual([
      { kind: 'contacts', count: 0, results: [] },
      { kind: 'events', count: 0, results: [] },
      { kind: 'news', count: 0, results: [] },
    ]);
  });

  it('treats LIKE characters in the text as no wildcard', async () => {
    const [plain, percent, underscore] = await Promise.all([search('q=hel'), search('q=hel%25'), search('q=hel_')]);
    expect(percent.groups.map((group) => group.count)).toEqual(plain.groups.map((group) => group.count));
    expect(underscore.groups.map((group) => group.count)).toEqual(plain.groups.map((group) => group.count));
    for (const query of ['q=%25%25', 'q=__']) expect((await client.getJson(`/api/search/?${query}`)).status).toBe(400);
  });

  it.each([
    ['no q', ''],
    ['a one-letter q', 'q=a'],
    ['a q of spaces around one letter', 'q=%20a%20'],
    ['a q of single letters', 'q=l%20c'],
    ['a q with a control character', 'q=ab%01'],
    ['a q with a line feed', 'q=ab%0Acd'],
    ['a q of 201 characters', `q=${'a'.repeat(201)}`],
    ['a limit of 0', 'q=ab&limit=0'],
    ['a limit over 20', 'q=ab&limit=21'],
    ['a limit that is no number', 'q=ab&limit=many'],
    ['an unknown kind', 'q=ab&kind=shop'],
    ['an unknown parameter', 'q=ab&page=2'],
  ])('refuses %s with a 400 and a JSON body that says why', async (_name, query) => {
    const { status, body } = await client.getJson(`/api/search/?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringMatching(/^querystring/) });
  });

  it('accepts a q of 200 characters', async () => {
    expect((await client.getJson(`/api/search/?q=${'é'.repeat(200)}`)).status).toBe(200);
  });

  it(`reads the trigram indexes of migration 5 for a rare text (${testBackend()})`, async () => {
    // The demo's small tables are read faster by a scan: the scan is priced out, so the plan shows the index exists and serves.
    const plans = await db.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off');
      const plan = async (sql: string): Promise<string> => (await tx.query<Record<string, string>>(`explain ${sql}`)).map((row) => Object.values(row)[0]).join('\n');
      return [
        await plan("select id from contacts where search_interests like '%zwqx%'"),
        await plan("select id from events where search_place like '%zwqx%'"),
        await plan("select id from news_items where search_title like '%zwqx%'"),
        await plan("select id from news_items where search_lead like '%zwqx%'"),
      ];
    });
    expect(plans[0]).toMatch(/contacts_interests_trgm/);
    expect(plans[1]).toMatch(/events_place_trgm/);
    expect(plans[2]).toMatch(/news_items_search_trgm/);
    expect(plans[3]).toMatch(/news_items_lead_trgm/);
  });
});

describe('a large directory', () => {
  it(`stops counting at ${SEARCH_COUNT_LIMIT} and says there are more, the first results still ranked`, async () => {
    const content = buildDemoContent({ ...DEMO_DEFAULTS, contacts: 3000 }, DEMO_NOW);
    await importContent(db, content, 'large.json');
    expect(content.contacts.filter((contact) => holds(registerOf(contact.registre_interets), 'membre')).length).toBeGreaterThan(SEARCH_COUNT_LIMIT);
    const group = groupOf(await search('q=membre&kind=contacts&limit=20'), 'contacts');
    expect(group).toMatchObject({ count: SEARCH_COUNT_LIMIT, capped: true });
    expect(group.results).toHaveLength(20);
    // Among many, the first in name order: the walk along the name index.
    const titles = group.results.map((result) => normalizeSearch(result.title));
    expect(titles).toEqual([...titles].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
    // A name that starts with the text is found wherever it is in the name order.
    const zoe = groupOf(await search('q=zo&kind=contacts&limit=5'), 'contacts');
    expect(zoe.results[0]?.title).toMatch(/^Zoé /);
    const small = groupOf(await search('q=zufferey&kind=contacts&limit=20'), 'contacts');
    expect(small.capped).toBeUndefined();
    await seedDemo(db, DEMO_DEFAULTS);
  });
});

describe('a large agenda', () => {
  it(`shows a continuing series at its next date when there are more than ${SEARCH_COUNT_LIMIT} matches`, async () => {
    const content = buildDemoContent(DEMO_DEFAULTS, DEMO_NOW);
    const single = content.events.find((event) => event.agenda_id === Number(SITE_AGENDA_ID) && !event.recurrence)!;
    // One visit a day around today, as many as the count stops at and more.
    const start = Date.parse(`${DEMO_TODAY}T00:00:00Z`);
    const visits = Array.from({ length: SEARCH_COUNT_LIMIT + 100 }, (_, index) => ({
      ...single,
      id: 900_000 + index,
      title: 'Visite guidée de l’Hôtel du Gouvernement',
      bel_date: new Date(start + (index - 300) * 86_400_000).toISOString().slice(0, 10),
      end_date: null,
    }));
    await importContent(db, { ...content, events: [...content.events, ...visits] }, 'large-agenda.json');
    try {
      const group = groupOf(await search('q=visite&kind=events&limit=20'), 'events');
      expect(group).toMatchObject({ count: SEARCH_COUNT_LIMIT, capped: true });
      const tour = content.events.find((event) => event.title === 'Visite guidée du Parlement' && event.recurrence)!;
      const next = nextOccurrences(Recurrence.encode(tour.recurrence!), tour.bel_date, DEMO_TODAY, 1)[0];
      expect(group.results.find((result) => result.title === tour.title)).toMatchObject({ date: next, upcoming: true });
      // Upcoming first, soonest first: the series among them at its next date.
      const upcoming = group.results.filter((result) => result.upcoming).map((result) => result.date);
      expect(upcoming).toEqual([...upcoming].sort());
      expect(upcoming.every((date) => date >= DEMO_TODAY)).toBe(true);
    } finally {
      await seedDemo(db, DEMO_DEFAULTS);
    }
  });
});

describe('migration 5', () => {
  const COLUMNS = [
    ['events', 'search_place'],
    ['news_items', 'search_title'],
    ['news_items', 'search_lead'],
    ['contacts', 'search_interests'],
  ] as const;
  const snapshot = async (): Promise<unknown[]> =>
    Promise.all(COLUMNS.map(([table, column]) => db.query(`select id, ${column} as value from ${table} order by id`)));

  it('fills rows written before it with what an import writes', async () => {
    const imported = await snapshot();
    const migration = MIGRATIONS.find((step) => step.version === 5);
    await db.transaction(async (tx) => {
      await tx.query('alter table news_items alter column search_title drop not null');
      for (const [table, column] of COLUMNS) await tx.query(`update ${table} set ${column} = null`);
      await migration?.data?.(tx);
    });
    expect(await snapshot()).toEqual(imported);
    const [interests] = await db.query<{ value: string }>(
      "select search_interests as value from contacts where registre_interets like '%Banque cantonale%' limit 1",
    );
    expect(interests?.value).toContain('banque cantonale');
    expect(interests?.value).not.toMatch(/[<>]/);
  });
});
