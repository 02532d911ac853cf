import { within } from '@testing-library/dom';
import { zurichToday } from '../../src/domain/calendar-days';
import { HOME_EVENTS_ASKED } from '../../src/domain/home-lists';
import { eventPath, localizedPath, newsPath } from '../../src/domain/permalinks';
import { LANGUAGES } from '../../src/i18n/language';
import { ACCESSIBILITY_STATEMENTS } from '../../src/views/accessibility/accessibility-statement';
import { profileTextKey } from '../../src/views/shared/profile-text';
import { defaultSiteProfile } from '../../server/profile/load-site-profile';
import { backendPages } from '../../server/render/page-sources';
import { siteListsOf } from '../../server/http/site';
import { closeOpened } from '../support/close-opened';
import { expectedNews, expectedPlainAgenda } from '../support/demo-expectations';
import { injectClient, type TestClient } from '../support/http-client';
import {
  collapse,
  embeddedPaths,
  headOf,
  parseHtml,
  refusingDatabase,
  siteContent,
  startRenderedSite,
  type RenderedSite,
  type SiteContent,
} from '../support/rendered-pages';
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

/** A page's answer, parsed, after checking it is a 200 HTML page. */
const pageOf = async (from: TestClient, path: string): Promise<Document> => {
  const answer = await from.get(path, { host: HOST });
  expect({ path, status: answer.status }).toEqual({ path, status: 200 });
  return parseHtml(answer.text, `${ORIGIN}${path}`);
};

const main = (document: Document): HTMLElement => document.querySelector('main')!;
const region = (document: Document, name: string): HTMLElement => within(main(document)).getByRole('region', { name });
const itemHeadings = (element: HTMLElement): string[] =>
  within(element)
    .queryAllByRole('listitem')
    .map((item) => collapse(within(item).getByRole('heading', { level: 3 }).textContent));

describe('the home page, as the server renders it', () => {
  it("lists the next three events of the site's agenda from today, in date order, each once (a weekly tour at its next date), each linking to its page", async () => {
    const today = zurichToday(Date.now());
    const document = await pageOf(client, '/');
    const events = region(document, 'Prochains événements');
    // The agenda lists each occurrence of a recurring event; the home page names each event once.
    const expected = [...new Set(expectedPlainAgenda(Number(SITE_AGENDA_ID), today))].slice(0, 3).map((id) => content.events.find((event) => event.id === id)!);
    expect(expected).toHaveLength(3);
    expect(itemHeadings(events)).toEqual(expected.map((event) => event.title));
    const items = within(events).getAllByRole('listitem');
    for (const [index, item] of items.entries()) {
      const event = expected[index]!;
      expect(within(item).getByRole('link', { name: event.title }).getAttribute('href')).toBe(eventPath({ id: String(event.id), title: event.title }));
      const datetime = item.querySelector('time')?.getAttribute('dateTime') ?? '';
      expect(datetime.slice(0, 10) >= today).toBe(true);
      // The date is written out in French, with its weekday.
      expect(item.querySelector('time')?.textContent).toMatch(/^(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche), \d{1,2} \S+ \d{4}/);
    }
    const days = items.map((item) => (item.querySelector('time')?.getAttribute('dateTime') ?? '').slice(0, 10));
    expect(days).toEqual([...days].sort());
    expect(within(events).getByRole('link', { name: "Tout l'agenda" }).getAttribute('href')).toBe('/agenda/');
  });

  it("lists the latest three news of the site's scope, with their date and lead, each linking to its page", async () => {
    const document = await pageOf(client, '/');
    const news = region(document, 'Dernières actualités');
    const expected = expectedNews({ scope: SITE_NEWS_SCOPE })
      .slice(0, 3)
      .map((id) => content.news.find((item) => item.id === id)!);
    expect(itemHeadings(news)).toEqual(expected.map((item) => item.title));
    for (const [index, item] of within(news).getAllByRole('listitem').entries()) {
      const expectedItem = expected[index]!;
      expect(within(item).getByRole('link', { name: expectedItem.title }).getAttribute('href')).toBe(
        newsPath({ id: String(expectedItem.id), title: expectedItem.title, slug: expectedItem.slug }),
      );
      expect(item.querySelector('time')?.getAttribute('dateTime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(item.querySelectorAll('p').length).toBeGreaterThanOrEqual(2);
    }
    expect(within(news).getByRole('link', { name: 'Toutes les actualités' }).getAttribute('href')).toBe('/actualites/');
  });

  it('keeps the section cards, offers the site search as a plain form, and carries the answers it was built from', async () => {
    const document = await pageOf(client, '/');
    const widget = within(main(document));
    expect(widget.getByRole('heading', { level: 2, name: 'Rubriques' })).toBeTruthy();
    for (const [name, href] of [
      ['Agenda', '/agenda/'],
      ['Annuaire', '/annuaire/'],
      ['Actualités', '/actualites/'],
      ['Boutique', '/boutique/'],
    ] as const) {
      expect(widget.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    const search = widget.getByRole('search');
    expect(search.getAttribute('action')).toBe('/recherche/');
    expect(search.getAttribute('method')).toBe('get');
    expect(search.hasAttribute('data-site-search')).toBe(true);
    expect(within(search).getByRole('searchbox', { name: 'Que cherchez-vous ?' }).getAttribute('name')).toBe('q');
    expect(embeddedPaths(document).sort()).toEqual([
      `/api/agenda/${SITE_AGENDA_ID}/?page_size=${HOME_EVENTS_ASKED}&occurrences=first`,
      `/api/news/${SITE_NEWS_SCOPE}/?page_size=3`,
      profileTextKey('homeIntro'),
    ]);
  });

  it.each(LANGUAGES)("opens in %s with the institution's introduction, its profile's home-intro.md", async (language) => {
    const document = await pageOf(client, localizedPath('/', language));
    const intro = main(document).querySelector('.home-intro');
    expect(intro?.innerHTML).toBe(defaultSiteProfile().texts[language]!.homeIntro.html);
    // Written in the page's language: it says no other.
    expect(intro?.hasAttribute('lang')).toBe(false);
  });

  it.each(LANGUAGES.filter((language) => language !== 'fr'))('leads to the pages of its language under /%s/', async (language) => {
    const document = await pageOf(client, `/${language}/`);
    const widget = main(document).querySelector<HTMLElement>('[data-widget="home"]')!;
    expect(widget.getAttribute('lang')).toBe(language);
    const links = [...widget.querySelectorAll('a')].map((link) => link.getAttribute('href') ?? '');
    expect(links.filter((href) => href.startsWith('/') && !href.startsWith(`/${language}/`))).toEqual([]);
    expect(widget.querySelector('form[role="search"]')?.getAttribute('action')).toBe(`/${language}/recherche/`);
  });

  it('speaks English at /en/', async () => {
    const document = await pageOf(client, '/en/');
    expect(itemHeadings(region(document, 'Upcoming events'))).toHaveLength(3);
    expect(within(region(document, 'Latest news')).getByRole('link', { name: 'All news' }).getAttribute('href')).toBe('/en/actualites/');
    expect(within(main(document)).getByRole('searchbox', { name: 'What are you looking for?' })).toBeTruthy();
  });
});

describe('the home page as a fragment for a content system', () => {
  it('renders the next events and latest news of the agenda and scope asked, with its style sheet and data block', async () => {
    const answer = await client.get('/fragments/home/?lang=en&agenda-id=1&news-scope=actualites', { host: HOST });
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(
      /^<link rel="stylesheet" href="\/home-widget\.[0-9a-f]+\.css"\/><div data-widget="home"[^>]* lang="en"[^>]*>[\s\S]*<\/div><script type="application\/json" data-widget-answers="">[\s\S]*<\/script>$/,
    );
    const document = parseHtml(`<!doctype html><body>${answer.text}</body>`);
    const container = document.querySelector<HTMLElement>('[data-widget="home"]')!;
    expect([container.getAttribute('data-agenda-id'), container.getAttribute('data-news-scope')]).toEqual(['1', 'actualites']);
    expect(within(container).getByRole('region', { name: 'Upcoming events' }).querySelectorAll('li')).toHaveLength(3);
    expect(within(container).getByRole('region', { name: 'Latest news' }).querySelectorAll('li')).toHaveLength(3);
  });
});

describe('the home page of an empty site', () => {
  let empty: RenderedSite;
  let emptyClient: TestClient;

  beforeAll(async () => {
    empty = await startRenderedSite();
    await empty.db.query('delete from events');
    await empty.db.query('delete from news_items');
    emptyClient = await injectClient(empty.app);
  });

  afterAll(async () => {
    await closeOpened(empty);
  });

  it('says there is no upcoming event and no news, and keeps the links to both sections', async () => {
    const document = await pageOf(emptyClient, '/');
    const events = region(document, 'Prochains événements');
    const news = region(document, 'Dernières actualités');
    expect(collapse(events.textContent)).toContain('Aucun événement à venir.');
    expect(collapse(news.textContent)).toContain('Aucune actualité.');
    expect(within(events).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(news).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(events).getByRole('link', { name: "Tout l'agenda" })).toBeTruthy();
    expect(within(news).getByRole('link', { name: 'Toutes les actualités' })).toBeTruthy();
  });
});

describe('the home page when its API does not answer', () => {
  let broken: RenderedSite;
  let brokenClient: TestClient;

  beforeAll(async () => {
    // A backend on a port nothing listens on: every call fails.
    broken = await startRenderedSite(backendPages('http://127.0.0.1:9'), refusingDatabase());
    brokenClient = await injectClient(broken.app);
  });

  afterAll(async () => {
    await closeOpened(broken);
  });

  it('says each list could not be loaded, with a retry, and embeds the failures for the browser to start from', async () => {
    const document = await pageOf(brokenClient, '/');
    expect(within(region(document, 'Prochains événements')).getByRole('alert').textContent).toContain("Les prochains événements n'ont pas pu être chargés.");
    expect(within(region(document, 'Dernières actualités')).getByRole('alert').textContent).toContain("Les dernières actualités n'ont pas pu être chargées.");
    const block = document.querySelector('script[data-widget-answers]');
    const data = JSON.parse(block?.textContent ?? '{}') as { failures?: Record<string, unknown> };
    expect(Object.keys(data.failures ?? {}).sort()).toEqual([
      `/api/agenda/${SITE_AGENDA_ID}/?page_size=${HOME_EVENTS_ASKED}&occurrences=first`,
      `/api/news/${SITE_NEWS_SCOPE}/?page_size=3`,
    ]);
  });
});

describe('the accessibility statement, as the server renders it', () => {
  it('has its title, description, canonical and alternates in every language', async () => {
    for (const language of LANGUAGES) {
      const path = localizedPath('/accessibilite/', language);
      const head = headOf(await pageOf(client, path));
      expect(head.lang).toBe(language);
      expect(head.description ?? '').not.toBe('');
      expect(head.canonical).toBe(`${ORIGIN}${path}`);
      expect(head.alternates).toEqual({
        ...Object.fromEntries(LANGUAGES.map((other) => [other, `${ORIGIN}${localizedPath('/accessibilite/', other)}`])),
        'x-default': `${ORIGIN}/accessibilite/`,
      });
    }
    const french = await pageOf(client, '/accessibilite/');
    expect(headOf(french).title).toBe(`Accessibilité – ${demoName('fr')}`);
    expect(within(french.body).getByRole('heading', { level: 1 }).textContent).toBe('Accessibilité');
  });

  it.each(LANGUAGES)("states in %s what the software does, then the institution's parts from its profile", async (language) => {
    const statement = ACCESSIBILITY_STATEMENTS[language];
    const profile = defaultSiteProfile();
    const institution = parseHtml(`<!doctype html><body>${profile.texts[language]!.accessibility.html}</body>`, ORIGIN);
    const document = await pageOf(client, localizedPath('/accessibilite/', language));
    const body = within(main(document));
    // The page's h1 is its title; the generic parts and the profile's `##` are its h2, in that order.
    expect(body.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      statement.status.title,
      statement.standards.title,
      statement.tests.title,
      statement.screenReaders.title,
      ...[...institution.querySelectorAll('h2')].map((heading) => heading.textContent),
    ]);
    expect(main(document).querySelectorAll('h1')).toHaveLength(1);
    expect(main(document).querySelector('[data-widget="accessibility"]')!.querySelectorAll('h1, h3, h4, h5, h6')).toHaveLength(0);
    const text = collapse(main(document).textContent);
    for (const name of ['WCAG 2.1', 'RGAA 4.1', 'eCH-0059', 'axe-core', 'NVDA', 'Défenseur des droits']) expect(text).toContain(name);
    const email = profile.settings.contact.email.accessibility;
    expect(body.getByRole('link', { name: email }).getAttribute('href')).toBe(`mailto:${email}`);
    expect(main(document).querySelector('address')?.textContent).toContain(defaultSiteProfile().settings.contact.postalAddress.at(-1) ?? '');
    expect(main(document).querySelector('time[datetime="2026-11-28"]')).not.toBeNull();
    expect(main(document).querySelector('.statement__institution')?.hasAttribute('lang')).toBe(false);
  });

  it("names no institution in the parts that are the software's own", () => {
    const { settings } = defaultSiteProfile();
    const names = [...Object.values(settings.institution.name.full), ...Object.values(settings.institution.name.short), ...Object.values(settings.contact.email)];
    for (const statement of Object.values(ACCESSIBILITY_STATEMENTS)) {
      const words = JSON.stringify(statement);
      for (const name of names) expect(words).not.toContain(name);
      expect(words).not.toMatch(/canton|kanton|cantone/i);
    }
  });

  it('says the site is partially conformant and that no screen-reader test was made, without claiming an audit', async () => {
    const text = collapse(main(await pageOf(client, '/accessibilite/')).textContent);
    expect(text).toContain('partiellement conforme aux Règles pour l’accessibilité des contenus web (WCAG) 2.1, niveau AA');
    expect(text).toContain('Aucun audit complet n’a encore été mené');
    expect(text).toContain('Aucun test n’a encore été mené avec un lecteur d’écran');
  });

  it("is linked from the footer of every page, in the page's language, and marked as the current page on itself", async () => {
    for (const language of LANGUAGES) {
      for (const path of ['/', '/agenda/', '/accessibilite/']) {
        const document = await pageOf(client, localizedPath(path, language));
        const link = document.querySelector<HTMLAnchorElement>('footer a[data-nav="accessibility"]');
        expect({ path, language, href: link?.getAttribute('href') }).toEqual({ path, language, href: localizedPath('/accessibilite/', language) });
        expect(link?.getAttribute('aria-current')).toBe(path === '/accessibilite/' ? 'page' : null);
      }
    }
    const english = await pageOf(client, '/en/');
    expect(within(english.querySelector('footer')!).getByRole('link', { name: 'Accessibility' })).toBeTruthy();
  });

  it('is in the sitemap in every language', async () => {
    const answer = await client.get('/sitemap.xml', { host: HOST });
    const text = answer.text.includes('<sitemapindex')
      ? (
          await Promise.all(
            [...answer.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map(async (match) => (await client.get(new URL(match[1]!).pathname, { host: HOST })).text),
          )
        ).join('')
      : answer.text;
    for (const language of LANGUAGES) expect(text).toContain(`<loc>${ORIGIN}${localizedPath('/accessibilite/', language)}</loc>`);
  });
});
