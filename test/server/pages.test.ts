import { within } from '@testing-library/dom';
import fc from 'fast-check';
import jsonld from 'jsonld';
import { LANGUAGES } from '../../src/domain/language';
import { API_REFERENCE_PAGE } from '../../src/domain/open-data-catalogue';
import { PAGE_SIZES } from '../../src/domain/paging';
import { contactPath, eventPath, localizedPath, newsPath, PAGE_PATHS } from '../../src/domain/permalinks';
import { backendPages } from '../../server/render/page-sources';
import { siteListsOf } from '../../server/http/site';
import { defaultSiteProfile } from '../../server/profile/load-site-profile';
import { closeOpened } from '../support/close-opened';
import { expectedContacts, expectedEvents, expectedNews } from '../support/demo-expectations';
import { injectClient, type HttpAnswer, type TestClient } from '../support/http-client';
import {
  collapse,
  embeddedPaths,
  headOf,
  jsonLdOf,
  parseHtml,
  refusingDatabase,
  siteContent,
  startRenderedSite,
  type RenderedSite,
  type SiteContent,
} from '../support/rendered-pages';
import { runs } from '../support/fuzz-runs';
import { demoName } from '../support/profile-strings';

const { agendaId: SITE_AGENDA_ID, newsScope: SITE_NEWS_SCOPE } = siteListsOf(defaultSiteProfile());

jest.setTimeout(120_000);

const HOST = 'www.canton.example';
const ORIGIN = `http://${HOST}`;

let site: RenderedSite;
let client: TestClient;
let content: SiteContent;

beforeAll(async () => {
  site = await startRenderedSite();
  client = await injectClient(site.app);
  content = await siteContent(site.db);
});

afterAll(async () => {
  await closeOpened(site);
});

const get = (path: string): Promise<HttpAnswer> => client.get(path, { host: HOST });

/** A page's answer, parsed, after checking it is a 200 HTML page. */
const page = async (path: string): Promise<Document> => {
  const answer = await get(path);
  expect({ path, status: answer.status }).toEqual({ path, status: 200 });
  expect(answer.headers['content-type']).toMatch(/^text\/html/);
  return parseHtml(answer.text, `${ORIGIN}${path}`);
};

const main = (document: Document): HTMLElement => document.querySelector('main')!;
const headingTexts = (document: Document, level: number): string[] =>
  within(main(document))
    .queryAllByRole('heading', { level })
    .map((heading) => collapse(heading.textContent));

/** A page's address in every language, and the French one as `x-default`. */
const alternatesOf = (path: string): Record<string, string> => ({
  ...Object.fromEntries(LANGUAGES.map((language) => [language, `${ORIGIN}${localizedPath(path, language)}`])),
  'x-default': `${ORIGIN}${path}`,
});

const firstOf = <T>(items: readonly T[], what: string, test: (item: T) => boolean): T => {
  const found = items.find(test);
  if (found === undefined) throw new Error(`the demo database holds no ${what}`);
  return found;
};

const ZURICH_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?\+0[12]:00$/;

describe('the section pages, as the server renders them', () => {
  it.each([
    ['/', `Bienvenue – ${demoName('fr')}`, 'Bienvenue'],
    ['/annuaire/', `Annuaire – ${demoName('fr')}`, 'Annuaire'],
    ['/agenda/', `Agenda – ${demoName('fr')}`, 'Agenda'],
    ['/actualites/', `Actualités – ${demoName('fr')}`, 'Actualités'],
    ['/boutique/', `Boutique – ${demoName('fr')}`, 'Boutique'],
    ['/panier/', `Panier – ${demoName('fr')}`, 'Panier'],
  ])('%s has its title, description, canonical, alternates and Open Graph in French', async (path, title, h1) => {
    const document = await page(path);
    const head = headOf(document);
    expect(head.lang).toBe('fr');
    expect(head.title).toBe(title);
    expect(head.description ?? '').not.toBe('');
    expect(head.canonical).toBe(`${ORIGIN}${path}`);
    expect(head.alternates).toEqual({
      fr: `${ORIGIN}${path}`,
      de: `${ORIGIN}/de${path}`,
      it: `${ORIGIN}/it${path}`,
      en: `${ORIGIN}/en${path}`,
      'x-default': `${ORIGIN}${path}`,
    });
    expect(head.og).toMatchObject({ 'og:title': title, 'og:url': `${ORIGIN}${path}`, 'og:locale': 'fr_CH', 'og:description': head.description });
    expect(within(document.body).getByRole('heading', { level: 1 }).textContent).toBe(h1);
  });

  const OTHER_LANGUAGES = [
    { language: 'de', site: demoName('de'), locale: 'de_CH', navigation: 'Hauptnavigation' },
    { language: 'it', site: demoName('it'), locale: 'it_CH', navigation: 'Navigazione principale' },
    { language: 'en', site: demoName('en'), locale: 'en_GB', navigation: 'Main navigation' },
  ] as const;
  it.each(OTHER_LANGUAGES.flatMap((other) => Object.values(PAGE_PATHS).map((path) => ({ ...other, path }))))(
    '/$language$path is the same page in its language, canonical at its prefixed address',
    async ({ language, site: siteName, locale, navigation, path }) => {
      const document = await page(`/${language}${path}`);
      const head = headOf(document);
      expect(head.lang).toBe(language);
      expect(head.title.endsWith(` – ${siteName}`)).toBe(true);
      expect(head.canonical).toBe(`${ORIGIN}/${language}${path}`);
      expect(head.alternates).toEqual(alternatesOf(path));
      expect(head.og['og:locale']).toBe(locale);
      expect(document.querySelector('main [data-widget]')?.getAttribute('lang')).toBe(language);
      expect(within(document.body).getByRole('navigation', { name: navigation })).toBeTruthy();
      // The header's links lead to the pages of the same language.
      expect(document.querySelector('a[data-nav="agenda"]')?.getAttribute('href')).toBe(`/${language}/agenda/`);
      expect(within(document.body).getByRole('link', { name: siteName }).getAttribute('href')).toBe(`/${language}/`);
      expect(document.querySelector(`[data-set-lang="${language}"]`)?.getAttribute('aria-current')).toBe('true');
      // The switch is links to this page in each language, French without a prefix.
      expect([...document.querySelectorAll('a[data-set-lang]')].map((link) => link.getAttribute('href'))).toEqual([path, `/de${path}`, `/it${path}`, `/en${path}`]);
    },
  );

  it('renders the home page sections as links', async () => {
    const widget = within(main(await page('/')));
    expect(widget.getByRole('heading', { level: 2, name: 'Rubriques' })).toBeTruthy();
    for (const [name, href] of [
      ['Agenda', '/agenda/'],
      ['Annuaire', '/annuaire/'],
      ['Actualités', '/actualites/'],
      ['Boutique', '/boutique/'],
    ] as const) {
      expect(widget.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
  });

  it('renders the directory first screen: its filters and the first cards, named by their contacts, in name order', async () => {
    const document = await page('/annuaire/');
    const widget = within(main(document));
    expect(widget.getByRole('heading', { level: 2, name: 'Filtres' })).toBeTruthy();
    expect(widget.getByRole('combobox', { name: 'Catégorie' })).toBeTruthy();
    expect(widget.getByRole('searchbox', { name: 'Rechercher un nom' })).toBeTruthy();
    // The results heading counts every contact, and how many cards are shown when fewer; the polite status says nothing on load.
    expect(
      widget.getByRole('heading', { level: 2, name: `${content.contacts.length} contacts, ${Math.min(PAGE_SIZES.contacts, content.contacts.length)} affichés` }),
    ).toBeTruthy();
    expect(widget.getByRole('status').textContent).toBe('');
    const names = headingTexts(document, 3);
    const expected = expectedContacts({}).map((id) => content.contacts.find((contact) => contact.id === id)?.title ?? '');
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual(expected.slice(0, names.length));
    // Each card's "⋯" is a link to the contact's own page.
    const first = firstOf(content.contacts, 'contact', (contact) => contact.title === names[0]);
    expect(widget.getByRole('link', { name: `Détails de ${first.title}` }).getAttribute('href')).toBe(contactPath(first));
    expect(embeddedPaths(document)).toEqual(expect.arrayContaining(['/api/contacts/?page_size=48', '/api/categories/contacts/']));
  });

  it('names each directory card (an <article>) by its contact, as the README says', async () => {
    const document = await page('/annuaire/');
    const first = headingTexts(document, 3)[0] ?? '';
    expect(within(main(document)).getByRole('article', { name: first })).toBeTruthy();
  });

  it('renders the agenda first screen grouped by year, the events named by their titles', async () => {
    const document = await page('/agenda/');
    const widget = within(main(document));
    expect(widget.getByRole('group', { name: 'Catégories' })).toBeTruthy();
    expect(widget.getByRole('combobox', { name: 'Mois' })).toBeTruthy();
    expect(widget.getByRole('searchbox', { name: 'Rechercher un titre' })).toBeTruthy();
    const years = headingTexts(document, 2).filter((text) => /^\d{4}$/.test(text));
    expect(years.length).toBeGreaterThan(0);
    const agendaOne = new Set(content.events.filter((event) => event.agenda_id === 1).map((event) => event.title));
    const titles = headingTexts(document, 4);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.filter((title) => !agendaOne.has(title))).toEqual([]);
    expect(embeddedPaths(document)).toEqual(expect.arrayContaining(['/api/agenda/1/?page_size=50', '/api/categories/agenda/']));
  });

  it('renders the news first screen: the articles named by their titles, newest first, each title a link to its page', async () => {
    const document = await page('/actualites/');
    const widget = within(main(document));
    const articles = widget.getAllByRole('article');
    const expected = expectedNews({ scope: 'actualites' });
    expect(articles.map((article) => Number(article.getAttribute('data-news-id')))).toEqual(expected.slice(0, articles.length));
    const item = firstOf(content.news, 'news item', (news) => news.id === expected[0]);
    // Demo titles repeat: the article is the one of that id, and it is named by its title.
    const article = firstOf(
      widget.getAllByRole('article', { name: item.title }),
      `article ${item.id}`,
      (element) => element.getAttribute('data-news-id') === String(item.id),
    );
    expect(within(article).getByRole('link', { name: item.title }).getAttribute('href')).toBe(newsPath({ id: String(item.id), title: item.title, slug: item.slug }));
    expect(widget.getByRole('button', { name: 'Politique' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('renders the shop with every publication named by its title', async () => {
    const titles = await site.db.query<{ title: string }>('select title from shop_items order by variant_id');
    const widget = within(main(await page('/boutique/')));
    for (const { title } of titles) expect(widget.getByRole('article', { name: title })).toBeTruthy();
    expect(widget.getAllByRole('button', { name: 'Ajouter au panier' })).toHaveLength(titles.length);
  });

  it.each([
    ['/', { 'data-widget': 'home', 'data-agenda-id': '1', 'data-news-scope': 'actualites', 'data-wake': 'intent' }],
    ['/agenda/', { 'data-widget': 'agenda', 'data-agenda-id': '1', 'data-wake': 'intent' }],
    ['/actualites/', { 'data-widget': 'news', 'data-news-scope': 'actualites', 'data-wake': 'intent' }],
    ['/boutique/', { 'data-widget': 'shop', 'data-currency': 'CHF', 'data-wake': 'intent' }],
    ['/panier/', { 'data-widget': 'cart', 'data-currency': 'CHF', 'data-wake': 'load' }],
  ])('gives the container of %s the attributes its widget reads in the browser, and what wakes it', async (path, attributes) => {
    const container = (await page(path)).querySelector('main [data-widget]');
    expect(Object.fromEntries(Object.keys(attributes).map((name) => [name, container?.getAttribute(name)]))).toEqual(attributes);
  });

  it('names on each container the files of its widget’s code, as the build listed them, for the loader to prefetch', async () => {
    for (const [path, widget] of [
      ['/annuaire/', 'directory'],
      ['/actualites/', 'news'],
      ['/panier/', 'cart'],
    ] as const) {
      const files = ((await page(path)).querySelector('main [data-widget]')?.getAttribute('data-code') ?? '').split(' ');
      // The widget's own chunk and the runtime that wakes it, each a file the server serves.
      expect([path, files.some((file) => file.startsWith(`/${widget}-widget.`)), files.some((file) => file.startsWith('/island-runtime.'))]).toEqual([
        path,
        true,
        true,
      ]);
      for (const file of files) expect([file, (await get(file)).status]).toEqual([file, 200]);
    }
  });

  it('names among them the chunk of its widget’s messages in the page’s language only', async () => {
    for (const [path, part, language] of [
      ['/annuaire/', 'directory', 'fr'],
      ['/de/agenda/', 'agenda', 'de'],
      ['/en/annuaire/', 'directory', 'en'],
    ] as const) {
      const files = ((await page(path)).querySelector('main [data-widget]')?.getAttribute('data-code') ?? '').split(' ');
      const parts = files.filter((file) => /^\/(?:fr|de|it|en)-[a-z]+\.[0-9a-f]+\.js$/.test(file));
      expect([path, parts.map((file) => file.replace(/\.[0-9a-f]+\.js$/, ''))]).toEqual([path, [`/${language}-${part}`]]);
    }
    // The cart's messages are the entry's, the news' ride in its chunk: neither has a chunk of its own.
    for (const path of ['/panier/', '/de/actualites/']) {
      const files = ((await page(path)).querySelector('main [data-widget]')?.getAttribute('data-code') ?? '').split(' ');
      expect([path, files.filter((file) => /^\/(?:fr|de|it|en)-/.test(file))]).toEqual([path, []]);
    }
  });

  it('fetches the first contact photos with the page, at the width they are shown, and the others lazily', async () => {
    const document = await page('/annuaire/');
    const images = [...document.querySelectorAll<HTMLImageElement>('main .contact-card img')];
    expect(images.length).toBeGreaterThan(4);
    const first = images.slice(0, 4).map((image) => [image.getAttribute('loading'), image.getAttribute('fetchpriority')]);
    expect(first).toEqual(Array.from({ length: 4 }, () => ['eager', 'high']));
    expect(images.slice(4).every((image) => image.getAttribute('loading') === 'lazy')).toBe(true);
    // Described by width, so a phone showing a 96 px card takes the 240 px file.
    expect(images.every((image) => image.getAttribute('sizes') === '96px' && / 240w(,|$)/.test(image.getAttribute('srcset') ?? ''))).toBe(true);
    // The first photos are asked for from the head, before the markup is parsed.
    expect(document.head.querySelectorAll('link[rel="preload"][as="image"]').length).toBeGreaterThan(0);
  });

  it("renders the cart page's explanations and shipping choices on the server, its lines being the browser's, with a notice for a browser without script", async () => {
    const document = await page('/panier/');
    const widget = within(document.querySelector<HTMLElement>('main [data-widget="cart"]')!);
    expect(widget.getByText(/sont gardées dans ce navigateur/)).toBeTruthy();
    expect(widget.getByText('Chargement du panier…')).toBeTruthy();
    expect(widget.getByRole('link', { name: 'Voir les publications de la boutique' }).getAttribute('href')).toBe('/boutique/');
    const summary = within(widget.getByRole('region', { name: 'Récapitulatif' }));
    const shipping = summary.getByRole<HTMLSelectElement>('combobox', { name: "Mode d'envoi" });
    expect([shipping.value, [...shipping.options].map((option) => option.textContent)]).toEqual(['post', ['Envoi postal', 'Retrait au guichet']]);
    expect(summary.getByText(/Retrait au guichet : nous vous écrivons/)).toBeTruthy();
    // No line, total or order link before the browser has read its storage.
    expect([widget.queryByRole('table'), summary.queryByText('Total'), summary.queryByRole('button', { name: 'Vider le panier' })]).toEqual([null, null, null]);
    expect(collapse(document.querySelector('main noscript')?.textContent)).toMatch(/JavaScript/);
    // Only the shop's current prices travel with the page: the browser checks the stored lines against them without a call.
    expect(embeddedPaths(document)).toEqual(['/api/shop/items/']);
  });
});

describe('filters in the address', () => {
  it('renders /annuaire/?categorie=Grand+Conseil&q=hel: the form as asked and only the matching contacts', async () => {
    const document = await page('/annuaire/?categorie=Grand+Conseil&q=hel');
    const widget = within(main(document));
    expect(widget.getByRole<HTMLSelectElement>('combobox', { name: 'Catégorie' }).value).toBe('Grand Conseil');
    expect(widget.getByRole<HTMLInputElement>('searchbox', { name: 'Rechercher un nom' }).value).toBe('hel');
    const expected = expectedContacts({ title: 'hel', category: 'Grand Conseil' }).map((id) => content.contacts.find((contact) => contact.id === id)?.title);
    expect(expected.length).toBeGreaterThan(0);
    expect(headingTexts(document, 3)).toEqual(expected);
  });

  it('renders /agenda/?categories=3&mois=12&titre=séance with the toggle pressed, the month and the title as asked', async () => {
    const document = await page(`/agenda/?categories=3&mois=12&titre=${encodeURIComponent('séance')}`);
    const widget = within(main(document));
    const toggles = within(widget.getByRole('group', { name: 'Catégories' }));
    expect(toggles.getAllByRole('button', { pressed: true }).map((button) => collapse(button.textContent))).toEqual(['Conférence']);
    expect(widget.getByRole<HTMLSelectElement>('combobox', { name: 'Mois' }).value).toBe('12');
    expect(widget.getByRole<HTMLInputElement>('searchbox', { name: 'Rechercher un titre' }).value).toBe('séance');
  });

  it('renders /agenda/?categories=3&mois=12 with exactly the events of that category and month', async () => {
    const document = await page('/agenda/?categories=3&mois=12');
    const expected = expectedEvents({ categories: [3], month: 12 });
    expect(expected.length).toBeGreaterThan(0);
    const titles = new Set(expected.map((id) => content.events.find((event) => event.id === id)?.title));
    const shown = headingTexts(document, 4);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((title) => !titles.has(title))).toEqual([]);
    expect(headingTexts(document, 3).every((month) => /^décembre \d{4}$/.test(month))).toBe(true);
  });

  it('renders /actualites/?categorie=1&categorie=2 with both toggles pressed and the news of either category', async () => {
    const document = await page('/actualites/?categorie=1&categorie=2');
    const widget = within(main(document));
    expect(widget.getByRole('button', { name: 'Politique' }).getAttribute('aria-pressed')).toBe('true');
    expect(widget.getByRole('button', { name: 'Économie' }).getAttribute('aria-pressed')).toBe('true');
    expect(widget.getByRole('button', { name: 'Santé' }).getAttribute('aria-pressed')).toBe('false');
    const ids = widget.getAllByRole('article').map((article) => Number(article.getAttribute('data-news-id')));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual(expectedNews({ categories: [1, 2] }).slice(0, ids.length));
  });
});

describe('the A–Z index says how it files names', () => {
  it.each([
    ['/annuaire/', 'Index alphabétique', /nom de famille .*premier mot important/],
    ['/de/annuaire/', 'Alphabetischer Index', /Familiennamen .*ersten bedeutsamen Wort/],
  ])('%s explains the filing rule beside its letters', async (path, index, rule) => {
    const widget = main(await page(path));
    expect(within(widget).getByRole('navigation', { name: index })).toBeTruthy();
    expect([...widget.querySelectorAll('p')].filter((paragraph) => rule.test(paragraph.textContent))).toHaveLength(1);
  });
});

describe('a later page loaded as it is (?page=2)', () => {
  it.each([
    ['/agenda/?page=2', /dont|nouveau/],
    ['/actualites/?page=2', /ajoutée?s?/],
    ['/annuaire/?page=2', /ajoutés?/],
  ])('%s shows its items without saying that any were just added: only a visitor\'s "Afficher plus" adds', async (path, addedWords) => {
    const regions = [...main(await page(path)).querySelectorAll('[role="status"], [aria-live]')];
    expect(regions.length).toBeGreaterThan(0);
    expect(regions.map((region) => region.textContent).filter((text) => addedWords.test(text))).toEqual([]);
  });
});

describe('permalinks', () => {
  it("renders a person's page: the directory with the modal dialog named by the contact, and Person JSON-LD", async () => {
    const person = firstOf(content.contacts, 'person', (contact) => contact.type_contact === 'Personne');
    const path = contactPath(person);
    const document = await page(path);
    expect(within(document.body).getByRole('dialog', { name: person.title })).toBeTruthy();
    const head = headOf(document);
    expect(head.title).toBe(`${person.title} – Annuaire – ${demoName('fr')}`);
    expect(head.canonical).toBe(`${ORIGIN}${path}`);
    expect(head.alternates).toEqual(alternatesOf(path));
    expect(head.og['og:type']).toBe('profile');
    const [ld] = jsonLdOf(document);
    expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'Person', name: person.title, url: `${ORIGIN}${path}` });
  });

  it("renders an organisation's page with GovernmentOrganization JSON-LD", async () => {
    const organisation = firstOf(content.contacts, 'organisation', (contact) => contact.type_contact !== 'Personne');
    const document = await page(contactPath(organisation));
    expect(within(document.body).getByRole('dialog', { name: organisation.title })).toBeTruthy();
    expect(jsonLdOf(document)[0]).toMatchObject({ '@type': 'GovernmentOrganization', name: organisation.title });
  });

  it("renders an event's page: its title as the h1, the event first with its details open, a dated description, and Event JSON-LD in Zurich time", async () => {
    const [event] = await site.db.query<{ id: number; title: string; bel_date: string; place: string }>(
      'select id, title, bel_date::text as bel_date, place from events where agenda_id = 1 and place is not null and description is not null order by id limit 1',
    );
    if (event === undefined) throw new Error('the demo agenda has no event with a place and a text');
    const path = eventPath({ id: String(event.id), title: event.title });
    const document = await page(path);
    expect(collapse(within(document.body).getByRole('heading', { level: 1 }).textContent)).toBe(event.title);
    const open = Array.from(document.querySelectorAll('main details[open]'));
    expect(open).toHaveLength(1);
    // The event comes first in the widget, before the filters: on the first screen of a phone, with or without script.
    const first = document.querySelector('main [data-widget] .agenda > *');
    expect(first?.classList.contains('agenda-permalink')).toBe(true);
    expect(first?.querySelector('[data-event-id]')?.getAttribute('data-event-id')).toBe(String(event.id));
    expect(first?.contains(open[0]!)).toBe(true);
    const head = headOf(document);
    expect(head.title).toBe(`${event.title} – Agenda – ${demoName('fr')}`);
    // Its date as Swiss French writes it, its place, then the start of its text, within 160 characters.
    const date = new Intl.DateTimeFormat('fr-CH', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${event.bel_date.slice(0, 10)}T00:00:00Z`),
    );
    expect(head.description?.startsWith(date)).toBe(true);
    expect(head.description).toContain(`, ${event.place.replace(/[\s.]+$/, '')}`);
    expect(head.description?.length).toBeLessThanOrEqual(160);
    expect(head.description).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(head.canonical).toBe(`${ORIGIN}${path}`);
    const [ld] = jsonLdOf(document);
    expect(ld).toMatchObject({ '@type': 'Event', name: event.title, url: `${ORIGIN}${path}` });
    expect(String(ld?.['startDate'])).toMatch(ZURICH_DATE_TIME);
  });

  it("keeps the event on its page in German: h1, title, description's date, and the language links to the same event's page", async () => {
    const event = firstOf(content.events, 'event of agenda 1', (item) => item.agenda_id === 1);
    const path = eventPath({ id: String(event.id), title: event.title });
    const document = await page(localizedPath(path, 'de'));
    expect(collapse(within(document.body).getByRole('heading', { level: 1 }).textContent)).toBe(event.title);
    const head = headOf(document);
    expect(head.title).toBe(`${event.title} – Agenda – ${demoName('de')}`);
    expect(head.description).toMatch(/^(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d{1,2}\. \S+ \d{4}/);
    const switchLinks: Record<string, string | null> = Object.fromEntries(
      Array.from(document.querySelectorAll<HTMLAnchorElement>('a[data-set-lang]')).map((link): [string, string | null] => [
        link.getAttribute('data-set-lang') ?? '',
        link.getAttribute('href'),
      ]),
    );
    expect(switchLinks).toEqual(Object.fromEntries(LANGUAGES.map((language) => [language, localizedPath(path, language)])));
  });

  it('writes +02:00 for an event in summer and +01:00 for one in winter', async () => {
    const [summer] = await site.db.query<{ id: number; title: string }>(
      'select id, title from events where agenda_id = 1 and start_time is not null and extract(month from bel_date) = 7 order by id limit 1',
    );
    const [winter] = await site.db.query<{ id: number; title: string }>(
      'select id, title from events where agenda_id = 1 and start_time is not null and extract(month from bel_date) = 1 order by id limit 1',
    );
    for (const [event, offset] of [
      [summer, '+02:00'],
      [winter, '+01:00'],
    ] as const) {
      if (event === undefined) throw new Error('the demo agenda has no timed event in July or in January');
      const [ld] = jsonLdOf(await page(eventPath({ id: String(event.id), title: event.title })));
      expect(String(ld?.['startDate'])).toMatch(new RegExp(`T\\d{2}:\\d{2}(:\\d{2})?\\${offset}$`));
    }
  });

  it("renders a news item's page: the full article whose h1 is its title, and NewsArticle JSON-LD", async () => {
    const item = firstOf(content.news, 'news item of actualites', (news) => news.scope === 'actualites');
    const path = `/actualites/${item.slug}/`;
    const document = await page(path);
    expect(within(document.body).getByRole('heading', { level: 1 }).textContent).toBe(item.title);
    const head = headOf(document);
    expect(head.title).toBe(`${item.title} – Actualités – ${demoName('fr')}`);
    expect(head.canonical).toBe(`${ORIGIN}${path}`);
    expect(head.og['og:type']).toBe('article');
    const [ld] = jsonLdOf(document);
    expect(ld).toMatchObject({ '@type': 'NewsArticle', headline: item.title, url: `${ORIGIN}${path}` });
    expect(String(ld?.['datePublished'])).toMatch(ZURICH_DATE_TIME);
  });

  it.each(['/annuaire/personne-inconnue/', '/agenda/999999-rien/', '/actualites/rien-du-tout/', '/nulle-part/', '/annuaire/a/b/'])(
    'answers 404 "Page introuvable" for %s',
    async (path) => {
      const answer = await get(path);
      expect(answer.status).toBe(404);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      const document = parseHtml(answer.text);
      expect(within(document.body).getByRole('heading', { level: 1 }).textContent).toBe('Page introuvable');
      expect(within(main(document)).getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/');
    },
  );

  it.each([
    ['en', 'Page not found', 'Back to the home page'],
    ['de', 'Seite nicht gefunden', 'Zurück zur Startseite'],
    ['it', 'Pagina non trovata', 'Torna alla pagina iniziale'],
  ])('answers the 404 page under /%s in its language', async (language, heading, home) => {
    for (const path of [`/${language}/annuaire/nobody-at-all/`, `/${language}/nowhere/`]) {
      const answer = await get(path);
      expect(answer.status).toBe(404);
      const document = parseHtml(answer.text);
      expect(document.documentElement.lang).toBe(language);
      expect(within(document.body).getByRole('heading', { level: 1 }).textContent).toBe(heading);
      expect(within(main(document)).getByRole('link', { name: home }).getAttribute('href')).toBe(`/${language}/`);
    }
  });

  it.each([
    ['/de/panier/', 'Der Warenkorb funktioniert mit JavaScript'],
    ['/it/boutique/', 'Il carrello funziona con JavaScript'],
  ])('tells a visitor without script on %s, in the language, that the cart needs JavaScript', async (path, sentence) => {
    expect(collapse((await page(path)).querySelector('main noscript')?.textContent)).toMatch(new RegExp(`^${sentence}`));
  });

  it('says in German that an address is too long', async () => {
    const answer = await get(`/de/actualites/?utm_source=${'c'.repeat(2100)}`);
    expect(answer.status).toBe(400);
    const document = parseHtml(answer.text);
    expect(within(document.body).getByRole('heading', { level: 1 }).textContent).toBe('Ungültige Adresse');
    expect(collapse(main(document).textContent)).toContain('sie ist zu lang');
  });
});

describe("the institution's content keeps its language on a page in another (WCAG 3.1.2)", () => {
  // The content is French; the interface around it speaks the address's language.
  const contentIn = (document: Document, selector: string): string[] =>
    [...document.querySelectorAll<HTMLElement>(`main [data-widget] ${selector}`)].map((element) => element.closest('[lang]')!.getAttribute('lang')!);

  it.each(['de', 'it', 'en'])("/%s/annuaire/ marks the contacts' names, roles, addresses and categories French", async (language) => {
    const document = await page(`/${language}/annuaire/`);
    for (const selector of ['.contact-card__title', '.contact-fields__role dd', '.contact-fields__address dd', '.tags']) {
      const langs = contentIn(document, selector);
      expect(langs.length).toBeGreaterThan(0);
      expect(new Set(langs)).toEqual(new Set(['fr']));
    }
    // The interface's own words stay in the page's language.
    expect(document.querySelector('main [data-widget] .contact-fields__role dt')!.closest('[lang]')!.getAttribute('lang')).toBe(language);
  });

  it('/de/agenda/, /de/actualites/ and the German home page mark the titles and leads French', async () => {
    const agenda = await page('/de/agenda/');
    expect(new Set(contentIn(agenda, '.agenda-event__title'))).toEqual(new Set(['fr']));
    const news = await page('/de/actualites/');
    expect(new Set(contentIn(news, '.news-card__title'))).toEqual(new Set(['fr']));
    expect(new Set(contentIn(news, '.news-card__lead'))).toEqual(new Set(['fr']));
    const home = await page('/de/');
    expect(new Set(contentIn(home, '.home-item__title'))).toEqual(new Set(['fr']));
  });

  it("/en/boutique/ marks the publications' titles and descriptions French, the prices and buttons not", async () => {
    const document = await page('/en/boutique/');
    expect(new Set(contentIn(document, '.shop-item__title'))).toEqual(new Set(['fr']));
    expect(new Set(contentIn(document, '.shop-item__description'))).toEqual(new Set(['fr']));
    expect(new Set(contentIn(document, '.shop-item__actions button'))).toEqual(new Set(['en']));
  });

  it.each(['de', 'it', 'en'])("/%s/ marks an event's and a news item's title French as the page's h1, and a section's h1 not", async (language) => {
    const event = firstOf(content.events, 'event of the site agenda', (item) => String(item.agenda_id) === SITE_AGENDA_ID);
    const article = firstOf(content.news, 'news item of the site scope', (item) => item.scope === SITE_NEWS_SCOPE);
    for (const [path, title] of [
      [eventPath({ id: String(event.id), title: event.title }), event.title],
      [newsPath({ id: String(article.id), title: article.title, slug: article.slug }), article.title],
    ] as const) {
      const heading = within((await page(`/${language}${path}`)).body).getByRole('heading', { level: 1 });
      expect({ path, title: heading.textContent, lang: heading.closest('[lang]')!.getAttribute('lang') }).toEqual({ path, title, lang: 'fr' });
    }
    const section = within((await page(`/${language}/agenda/`)).body).getByRole('heading', { level: 1 });
    expect(section.closest('[lang]')!.getAttribute('lang')).toBe(language);
  });

  it("/de/ pages mark the category names of the filters French, the interface's own buttons and options German", async () => {
    const agenda = await page('/de/agenda/');
    const agendaToggles = within(main(agenda)).getByRole('group', { name: 'Kategorien' });
    const categoryButtons = within(agendaToggles).getAllByRole('button');
    expect(categoryButtons.length).toBeGreaterThan(0);
    expect(new Set(categoryButtons.map((button) => button.closest('[lang]')!.getAttribute('lang')))).toEqual(new Set(['fr']));
    expect(within(main(agenda)).getByRole('button', { name: 'Heute' }).closest('[lang]')!.getAttribute('lang')).toBe('de');

    const news = await page('/de/actualites/');
    expect(new Set(contentIn(news, '.news-filters__options .chip'))).toEqual(new Set(['fr']));
    expect(within(main(news)).getByRole('button', { name: 'Alle anzeigen' }).closest('[lang]')!.getAttribute('lang')).toBe('de');

    const directory = await page('/de/annuaire/');
    const options = [...within(main(directory)).getByRole('combobox', { name: 'Kategorie' }).querySelectorAll('option')];
    expect(options.length).toBeGreaterThan(1);
    expect(options.map((option) => option.closest('[lang]')!.getAttribute('lang'))).toEqual(['de', ...options.slice(1).map(() => 'fr')]);
  });

  it('/de/recherche/ marks the titles and the quoted places and registers French, the words around them German', async () => {
    const document = await page('/de/recherche/?q=conseil');
    expect(new Set(contentIn(document, '.search-result__title'))).toEqual(new Set(['fr']));
    const excerpts = [...main(document).querySelectorAll<HTMLElement>('.search-result__excerpt')];
    const quoting = (prefix: string) => excerpts.filter((excerpt) => excerpt.textContent.startsWith(prefix));
    for (const prefix of ['Ort: ', 'Register der Interessenbindungen: ']) {
      expect({ prefix, found: quoting(prefix).length > 0 }).toEqual({ prefix, found: true });
      for (const excerpt of quoting(prefix)) {
        expect(excerpt.closest('[lang]')!.getAttribute('lang')).toBe('de');
        const quoted = excerpt.querySelector('[lang="fr"]');
        expect(quoted?.textContent).toBe(excerpt.textContent.slice(prefix.length));
      }
    }
  });

  it("a French page marks nothing twice: its content is in the page's own language", async () => {
    const document = await page('/annuaire/');
    expect(document.querySelectorAll('main [data-widget] [lang="fr"]').length).toBe(0);
    expect(new Set(contentIn(document, '.contact-card__title'))).toEqual(new Set(['fr']));
  });
});

describe('the API reference page, a page of the site', () => {
  it.each([
    { language: 'fr', path: '/api/', heading: 'Référence de l’API', site: demoName('fr'), footer: 'Informations sur le site', column: 'Limites' },
    { language: 'de', path: '/de/api/', heading: 'API-Referenz', site: demoName('de'), footer: 'Informationen zur Website', column: 'Grenzen' },
    { language: 'it', path: '/it/api/', heading: 'Riferimento dell’API', site: demoName('it'), footer: 'Informazioni sul sito', column: 'Limiti' },
    { language: 'en', path: '/en/api/', heading: 'API reference', site: demoName('en'), footer: 'About this site', column: 'Limits' },
  ])(
    '$path has the header, the footer, its language versions and its words in its language',
    async ({ language, path, heading, site: siteName, footer, column }) => {
      const document = await page(path);
      const head = headOf(document);
      expect(head.lang).toBe(language);
      expect(head.title).toBe(`${heading} – ${siteName}`);
      expect(head.canonical).toBe(`${ORIGIN}${path}`);
      expect(head.alternates).toEqual(alternatesOf('/api/'));
      const body = within(document.body);
      expect(body.getByRole('banner')).toBeTruthy();
      expect(body.getByRole('navigation', { name: footer })).toBeTruthy();
      expect(body.getByRole('heading', { level: 1 }).textContent).toBe(heading);
      expect([...document.querySelectorAll('a[data-set-lang]')].map((link) => link.getAttribute('href'))).toEqual(['/api/', '/de/api/', '/it/api/', '/en/api/']);
      expect(body.getAllByRole('columnheader', { name: column }).length).toBeGreaterThan(0);
      expect(body.getByRole('link', { name: '/api/openapi.json' }).getAttribute('href')).toBe('/api/openapi.json');
      // The description is written in French: marked so on a page in another language, and only there.
      const summaries = [...main(document).querySelectorAll('.api-reference__summary')].map((summary) => summary.closest('[lang]')!.getAttribute('lang'));
      expect(summaries.length).toBeGreaterThan(10);
      expect(new Set(summaries)).toEqual(new Set(['fr']));
      expect(main(document).querySelectorAll('.api-reference [lang="fr"]').length > 0).toBe(language !== 'fr');
    },
  );

  it('is linked from the open data page and the sitemap, in their language', async () => {
    expect(
      within(main(await page('/donnees/')))
        .getByRole('link', { name: 'Référence de l’API' })
        .getAttribute('href'),
    ).toBe('/api/');
    expect(
      within(main(await page('/it/donnees/')))
        .getByRole('link', { name: 'Riferimento dell’API' })
        .getAttribute('href'),
    ).toBe('/it/api/');
    expect(
      within(main(await page('/de/plan-du-site/')))
        .getByRole('link', { name: 'API-Referenz' })
        .getAttribute('href'),
    ).toBe('/de/api/');
  });

  it("names the open data's licence for people, with a link to its text in the page's language, never as a raw URI", async () => {
    for (const [path, name, deed] of [
      ['/donnees/', 'Creative Commons Attribution 4.0 International (CC BY 4.0)', 'https://creativecommons.org/licenses/by/4.0/deed.fr'],
      ['/de/donnees/', 'Creative Commons Namensnennung 4.0 International (CC BY 4.0)', 'https://creativecommons.org/licenses/by/4.0/deed.de'],
    ] as const) {
      const data = main(await page(path));
      expect(within(data).getByRole('link', { name }).getAttribute('href')).toBe(deed);
      expect(data.textContent).not.toMatch(/https?:\/\//);
    }
  });

  it('is cached as a page: a strong ETag and a 304 when it has not changed', async () => {
    const first = await get('/de/api/');
    expect(first.headers['etag']).toMatch(/^"[^"]+"$/);
    expect((await client.get('/de/api/', { host: HOST, 'if-none-match': first.headers['etag']! })).status).toBe(304);
  });
});

describe("why an address cannot be read, in the address's language", () => {
  it.each([
    ['/de/annuaire/?q=%01abc', 'Diese Adresse enthält einen Wert, den die Website nicht lesen kann: „q“ enthält ein Steuerzeichen.'],
    ['/en/agenda/?mois=99', 'This address holds a value the site cannot read: “mois” must be a month number, from 1 to 12.'],
    ['/it/agenda/?categories=abc', 'Questo indirizzo contiene un valore che il sito non può leggere: «categories» deve essere un numero di categoria.'],
    ['/de/agenda/?titre=a&titre=b', 'Diese Adresse enthält einen Wert, den die Website nicht lesen kann: „titre“ wird mehrmals angegeben.'],
    ['/en/annuaire/?q=' + 'b'.repeat(300), 'This address holds a value the site cannot read: “q” is longer than 200 characters.'],
    [
      '/it/actualites/?categorie=' + Array.from({ length: 51 }, () => '1').join('&categorie='),
      'Questo indirizzo contiene un valore che il sito non può leggere: «categorie» è indicato più di 50 volte.',
    ],
    ['/annuaire/?q=' + 'b'.repeat(300), 'Cette adresse contient une valeur que le site ne peut pas lire : « q » dépasse 200 caractères.'],
    ['/agenda/?mois=13', 'Cette adresse contient une valeur que le site ne peut pas lire : « mois » doit être un numéro de mois, de 1 à 12.'],
  ])('%s says why in its language', async (path, sentence) => {
    const answer = await get(path);
    expect(answer.status).toBe(400);
    const document = parseHtml(answer.text);
    expect(collapse(main(document).textContent)).toContain(sentence);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(sentence);
  });

  it("answers a fragment's unreadable filter in the fragment's language", async () => {
    const answer = await get('/fragments/agenda/?lang=de&mois=13');
    expect(answer.status).toBe(400);
    expect(answer.text).toBe('„mois“ muss eine Monatsnummer von 1 bis 12 sein');
  });
});

describe('addresses the site cannot read', () => {
  it.each([
    ['a month of 13', '/agenda/?mois=13'],
    ['a month that is not a number', '/agenda/?mois=mai'],
    ['a category that is not a number', '/agenda/?categories=abc'],
    ['a news category that is not a number', '/actualites/?categorie=x'],
    ['a name of 5,000 characters', `/annuaire/?q=${'a'.repeat(5000)}`],
    ['a name of 300 characters', `/annuaire/?q=${'b'.repeat(300)}`],
    ['a control character', '/annuaire/?q=a%01b'],
    ['a title with a control character', '/agenda/?titre=x%7Fy'],
    ['an address longer than 2,048 characters', `/actualites/?utm_source=${'c'.repeat(2100)}`],
    ['a path that is not UTF-8', '/annuaire/%E0%A4%A/'],
  ])('answers 400 "Adresse invalide" for %s, never 500', async (_what, path) => {
    const answer = await get(path);
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(within(parseHtml(answer.text).body).getByRole('heading', { level: 1 }).textContent).toBe('Adresse invalide');
  });
});

describe('filter forms submitted without script', () => {
  it('answers 303 to the canonical address when an agenda toggle is submitted', async () => {
    const answer = await get('/agenda/?categories=3&mois=&titre=&basculer=4');
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers['location'] ?? '', ORIGIN);
    expect(`${location.pathname}${location.search}`).toBe('/agenda/?categories=3&categories=4');
  });

  it('answers 303 that removes a pressed news category', async () => {
    const answer = await get('/actualites/?categorie=1&categorie=2&basculer=1');
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers['location'] ?? '', ORIGIN);
    expect(`${location.pathname}${location.search}`).toBe('/actualites/?categorie=2');
  });

  it.each(['en', 'de', 'it'])('keeps the /%s prefix in the 303', async (language) => {
    const answer = await get(`/${language}/actualites/?basculer=3`);
    expect(answer.status).toBe(303);
    expect(new URL(answer.headers['location'] ?? '', ORIGIN).pathname).toBe(`/${language}/actualites/`);
  });
});

describe('GET /fragments/{widget}/', () => {
  it('answers the widget container in the language asked, followed by its data block', async () => {
    const answer = await get('/fragments/agenda/?lang=en&agenda-id=1&mois=12');
    expect(answer.status).toBe(200);
    // The widget's style sheet (and its first images' preloads) come first, so an including page needs nothing else.
    expect(answer.text).toMatch(
      /^<link rel="stylesheet" href="\/agenda-widget\.[0-9a-f]+\.css"\/>(?:<link [^>]*\/>)*<div data-widget="agenda"[^>]* lang="en"[^>]*>[\s\S]*<\/div><script type="application\/json" data-widget-answers="">[\s\S]*<\/script>$/,
    );
    const document = parseHtml(`<!doctype html><body>${answer.text}</body>`);
    const container = document.querySelector<HTMLElement>('[data-widget="agenda"]')!;
    expect(container.getAttribute('data-agenda-id')).toBe('1');
    expect(within(container).getByRole('combobox', { name: 'Month' })).toBeTruthy();
    expect(Array.from(container.querySelectorAll('h3')).every((month) => /^December \d{4}$/.test(collapse(month.textContent)))).toBe(true);
    expect(embeddedPaths(document).length).toBeGreaterThan(0);
  });

  it('renders the news of a scope with its filters', async () => {
    const answer = await get('/fragments/news/?news-scope=actualites&categorie=1');
    expect(answer.status).toBe(200);
    const document = parseHtml(`<!doctype html><body>${answer.text}</body>`);
    expect(within(document.body).getByRole('button', { name: 'Politique' }).getAttribute('aria-pressed')).toBe('true');
  });

  it.each([
    ['de', 'Kontakte'],
    ['it', 'Contatti'],
  ])('renders a widget in %s when asked', async (language, results) => {
    const answer = await get(`/fragments/directory/?lang=${language}`);
    expect(answer.status).toBe(200);
    const document = parseHtml(`<!doctype html><body>${answer.text}</body>`);
    expect(document.querySelector('[data-widget="directory"]')?.getAttribute('lang')).toBe(language);
    expect(within(document.body).getByRole('region', { name: results })).toBeTruthy();
  });

  it('refuses an unknown widget (404) and a malformed attribute or filter (400)', async () => {
    expect((await get('/fragments/nothing/')).status).toBe(404);
    expect((await get('/fragments/agenda/?agenda-id=abc')).status).toBe(400);
    expect((await get('/fragments/agenda/?mois=13')).status).toBe(400);
  });

  it.each([
    ['/fragments/nothing/?lang=de', 404, '„nothing“ ist kein Widget der Website'],
    ['/fragments/agenda/?lang=it&agenda-id=abc', 400, '«agenda-id» deve essere un numero di agenda'],
    ['/fragments/news/?lang=en&news-scope=Not%20a%20slug', 400, '“news-scope” must be a slug: lower-case letters, digits and hyphens'],
    ['/fragments/directory/?q=' + 'x'.repeat(2100), 400, 'L’adresse du fragment est trop longue'],
  ])("says why it refuses %s in the fragment's language", async (path, status, text) => {
    const answer = await get(path);
    expect(answer.status).toBe(status);
    expect(answer.text).toBe(text);
  });
});

describe('GET /sitemap.xml', () => {
  let locs: Set<string>;

  beforeAll(async () => {
    const answer = await get('/sitemap.xml');
    expect(answer.status).toBe(200);
    const named = Array.from(answer.text.matchAll(/<loc>([^<]+)<\/loc>/g), (match) => match[1] ?? '');
    // The demo site is more pages than a sitemap file holds: an index of its files.
    const files = answer.text.includes('<sitemapindex') ? await Promise.all(named.map((loc) => get(new URL(loc).pathname))) : [answer];
    locs = new Set(files.flatMap((file) => Array.from(file.text.matchAll(/<loc>([^<]+)<\/loc>/g), (match) => match[1] ?? '')));
  });

  // The site's pages show one agenda and one news scope (server/http/site.ts): their events and news have pages.
  const siteEvents = () => content.events.filter((event) => String(event.agenda_id) === SITE_AGENDA_ID);
  const siteNews = () => content.news.filter((item) => item.scope === SITE_NEWS_SCOPE);

  it("lists every contact, every event of the site's agenda and every news item of its scope, in every language", () => {
    const paths = [
      ...content.contacts.map((contact) => contactPath(contact)),
      ...siteEvents().map((event) => eventPath({ id: String(event.id), title: event.title })),
      ...siteNews().map((item) => newsPath({ id: String(item.id), title: item.title, slug: item.slug })),
    ];
    for (const language of LANGUAGES) expect(paths.filter((path) => !locs.has(`${ORIGIN}${localizedPath(path, language)}`))).toEqual([]);
    // The site's own pages besides: its sections, the pages about it and the API's reference.
    for (const language of LANGUAGES) expect(locs.has(`${ORIGIN}${localizedPath(API_REFERENCE_PAGE, language)}`)).toBe(true);
    expect(locs.size).toBe(LANGUAGES.length * (Object.values(PAGE_PATHS).length + 1 + paths.length));
  });

  it('lists only pages that exist: each listed event and news item answers 200, the others of the database are not listed', async () => {
    const others = [
      ...content.events.filter((event) => String(event.agenda_id) !== SITE_AGENDA_ID).map((event) => eventPath({ id: String(event.id), title: event.title })),
      ...content.news.filter((item) => item.scope !== SITE_NEWS_SCOPE).map((item) => `/actualites/${item.slug}/`),
    ];
    expect(others.length).toBeGreaterThan(0);
    expect(others.filter((path) => locs.has(`${ORIGIN}${path}`))).toEqual([]);
    const samples = [
      ...siteEvents()
        .slice(0, 3)
        .map((event) => eventPath({ id: String(event.id), title: event.title })),
      ...siteNews()
        .slice(0, 3)
        .map((item) => `/actualites/${item.slug}/`),
    ];
    const statuses: Record<string, number> = {};
    for (const path of samples) statuses[path] = (await get(path)).status;
    expect(statuses).toEqual(Object.fromEntries(samples.map((path) => [path, 200])));
  });
});

describe('pages rendered from another backend (SITE_API_BASE)', () => {
  let other: RenderedSite;
  let otherClient: TestClient;

  beforeAll(async () => {
    other = await startRenderedSite(backendPages(site.url), refusingDatabase());
    otherClient = await injectClient(other.app);
  });

  afterAll(async () => {
    await closeOpened(other);
  });

  it("renders the directory from the first server's API, and tells the browser where that API is", async () => {
    const [mine, theirs] = await Promise.all([get('/annuaire/?q=hel'), otherClient.get('/annuaire/?q=hel', { host: HOST })]);
    expect(theirs.status).toBe(200);
    const document = parseHtml(theirs.text);
    expect(headingTexts(document, 3)).toEqual(headingTexts(parseHtml(mine.text), 3));
    expect(headingTexts(document, 3).length).toBeGreaterThan(0);
    expect(document.querySelector('main [data-widget="directory"]')?.getAttribute('data-api-base')).toBe(site.url);
  });

  it("renders a contact's page and a news item's page from that API", async () => {
    const person = firstOf(content.contacts, 'person', (contact) => contact.type_contact === 'Personne');
    const contactPage = await otherClient.get(contactPath(person), { host: HOST });
    expect(contactPage.status).toBe(200);
    expect(within(parseHtml(contactPage.text).body).getByRole('dialog', { name: person.title })).toBeTruthy();
    const item = firstOf(content.news, 'news item of actualites', (news) => news.scope === 'actualites');
    const article = await otherClient.get(`/actualites/${item.slug}/`, { host: HOST });
    expect(article.status).toBe(200);
    expect(within(parseHtml(article.text).body).getByRole('heading', { level: 1 }).textContent).toBe(item.title);
  });

  it('lets the browser call that API: its origin is allowed by the Content-Security-Policy connect-src', async () => {
    const answer = await otherClient.get('/annuaire/', { host: HOST });
    const connect = (answer.headers['content-security-policy'] ?? '')
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('connect-src'));
    expect(connect?.split(/\s+/)).toContain(site.url);
  });
});

describe('pages not kept yet', () => {
  it('are rendered once for the visitors asking for one at the same moment, and error pages once for all their addresses', async () => {
    const source = backendPages(site.url);
    const asked: string[] = [];
    // One content version for the whole test: another backend's changes with the minute, which a slow run could cross between two asks.
    const watched = await startRenderedSite(
      { ...source, version: () => Promise.resolve('one minute'), answers: (path) => (asked.push(path), source.answers(path)) },
      refusingDatabase(),
    );
    try {
      const watchedClient = await injectClient(watched.app);
      const answers = await Promise.all(Array.from({ length: 8 }, () => watchedClient.get('/annuaire/?q=hel', { host: HOST })));
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 200));
      expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
      const once = asked.length;
      expect(once).toBeGreaterThan(0);
      await watchedClient.get('/annuaire/?q=hel', { host: HOST });
      expect(asked.length).toBe(once);
      const missing = await Promise.all(['/nulle-part/', '/nulle-part/ailleurs/', '/pas-ici/'].map((path) => watchedClient.get(path, { host: HOST })));
      expect(missing.map((answer) => answer.status)).toEqual([404, 404, 404]);
      // The same page for all three, rendered once, but for the reference each answer prints: its own request's id.
      expect(new Set(missing.map((answer) => answer.text.replace(String(answer.headers['x-request-id']), ''))).size).toBe(1);
    } finally {
      await watched.close();
    }
  });
});

describe('structured data, read back by a JSON-LD processor', () => {
  // schema.org's context maps terms onto its vocabulary; served here so the test needs no network.
  const documentLoader = async (url: string) => {
    if (!url.startsWith('https://schema.org')) throw new Error(`no context for ${url}`);
    return { contextUrl: undefined, documentUrl: url, document: { '@context': { '@vocab': 'https://schema.org/' } } };
  };
  const SCHEMA = 'https://schema.org/';
  type Expanded = Record<string, { '@value'?: unknown; '@id'?: string; '@type'?: string[] }[] | string[] | undefined>;
  const values = (node: Expanded, term: string): unknown[] =>
    ((node[`${SCHEMA}${term}`] ?? []) as { '@value'?: unknown; '@id'?: string }[]).map((entry) => entry['@value'] ?? entry['@id'] ?? entry);

  const expanded = async (path: string): Promise<Expanded> => {
    const [ld] = jsonLdOf(await page(path));
    const [node] = (await jsonld.expand(ld as jsonld.JsonLdDocument, { documentLoader })) as unknown as Expanded[];
    if (node === undefined) throw new Error(`no JSON-LD node on ${path}`);
    return node;
  };

  it('reads an event as a schema.org Event with its dates, place and status', async () => {
    const [event] = await site.db.query<{ id: number; title: string }>(
      'select id, title from events where agenda_id = 1 and start_time is not null and place is not null order by id limit 1',
    );
    if (event === undefined) throw new Error('the demo agenda has no timed event with a place');
    const node = await expanded(eventPath({ id: String(event.id), title: event.title }));
    expect(node['@type']).toEqual([`${SCHEMA}Event`]);
    expect(values(node, 'name')).toEqual([event.title]);
    expect(String(values(node, 'startDate')[0])).toMatch(ZURICH_DATE_TIME);
    const [place] = node[`${SCHEMA}location`] as unknown as Expanded[];
    expect(place?.['@type']).toEqual([`${SCHEMA}Place`]);
    expect(values(node, 'eventStatus').map(String)).toEqual([expect.stringMatching(/EventScheduled$/)]);
  });

  it('reads a person with the party and the commissions', async () => {
    const [person] = await site.db.query<{ title: string; slug: string }>(
      "select title, slug from contacts where type_contact = 'Personne' and parti is not null order by id limit 1",
    );
    if (person === undefined) throw new Error('the demo directory has no person with a party');
    const node = await expanded(contactPath(person));
    expect(node['@type']).toEqual([`${SCHEMA}Person`]);
    expect(values(node, 'name')).toEqual([person.title]);
    expect(node[`${SCHEMA}affiliation`]).toBeDefined();
  });

  it('reads a news item as a NewsArticle with its headline, date and image', async () => {
    const [item] = await site.db.query<{ title: string; slug: string }>(
      "select n.title, n.slug from news_items n join news_scopes s on s.id = n.scope_id where s.slug = 'actualites' and n.image is not null order by n.id limit 1",
    );
    if (item === undefined) throw new Error('the demo news have no item with an image');
    const node = await expanded(`/actualites/${item.slug}/`);
    expect(node['@type']).toEqual([`${SCHEMA}NewsArticle`]);
    expect(values(node, 'headline')).toEqual([item.title]);
    expect(String(values(node, 'datePublished')[0])).toMatch(ZURICH_DATE_TIME);
    expect(values(node, 'image').length).toBeGreaterThan(0);
  });
});

describe('any query on any page', () => {
  const PATHS = ['/', '/annuaire/', '/agenda/', '/actualites/', '/boutique/', '/panier/', '/en/agenda/', '/de/annuaire/', '/it/actualites/'];
  const NAMES = ['categorie', 'q', 'categories', 'mois', 'titre', 'basculer', 'journal', 'page', 'utm_source', '__proto__'];

  it('answers a page, a redirect, a 400 or a 404, never a server error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PATHS),
        fc.array(
          fc.tuple(fc.constantFrom(...NAMES), fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String), fc.string({ unit: 'binary', maxLength: 300 }))),
          { maxLength: 5 },
        ),
        async (path, params) => {
          const query = params.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
          const answer = await get(`${path}${query === '' ? '' : `?${query}`}`);
          // 301: a category list out of order is sent to its one address; 303: a form's toggle.
          expect([200, 301, 303, 400, 404]).toContain(answer.status);
        },
      ),
      { numRuns: runs(150) },
    );
  });
});

describe("the publisher's logo that the JSON-LD names", () => {
  it('is served at its stable address as SVG', async () => {
    const answer = await get('/favicon.svg');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(answer.text).toContain('<svg');
  });
});
