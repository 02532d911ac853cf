import { resolve } from 'node:path';
import type { SiteProfile } from '../../src/domain/site-profile';
import { SECTION_NAMES, type SectionName } from '../../src/domain/site-sections';
import { loadSiteProfile } from '../../server/profile/load-site-profile';
import { closeOpened } from '../support/close-opened';
import { injectClient, type HttpAnswer, type TestClient } from '../support/http-client';
import { parseHtml, startRenderedSite, type RenderedSite } from '../support/rendered-pages';

jest.setTimeout(180_000);

// The bilingual commune of the tests: German at the root, French under /fr/, no shop (test/fixtures/profiles/test-commune).
const FIXTURE = resolve(__dirname, '../fixtures/profiles/test-commune');
const HOST = { host: 'www.seeberg.example' };

let profile: SiteProfile;
let site: RenderedSite;
let client: TestClient;

beforeAll(async () => {
  profile = loadSiteProfile(FIXTURE);
  site = await startRenderedSite(undefined, undefined, profile);
  client = await injectClient(site.app);
});

afterAll(async () => {
  await closeOpened(site);
});

const get = (path: string): Promise<HttpAnswer> => client.get(path, HOST);

// Every page of the site a visitor reaches from the header, the footer and the home page, in both languages.
const LINKED_PAGES = ['/', '/agenda/', '/annuaire/', '/actualites/', '/recherche/?q=rat', '/plan-du-site/', '/donnees/', '/mentions-legales/', '/accessibilite/'];
const EVERY_PAGE = [...LINKED_PAGES, ...LINKED_PAGES.map((path) => `/fr${path}`)];

// Every address a page links to, its own host's only.
const linksOf = (html: string): string[] =>
  [...parseHtml(html).querySelectorAll('a[href], link[href], form[action]')].map((element) => element.getAttribute('href') ?? element.getAttribute('action') ?? '');

describe('a profile German by default, with French second', () => {
  it.each([
    ['/', 'de'],
    ['/annuaire/', 'de'],
    ['/agenda/', 'de'],
    ['/fr/', 'fr'],
    ['/fr/annuaire/', 'fr'],
  ])('serves %s in %s', async (path, language) => {
    const answer = await get(path);
    expect({ path, status: answer.status }).toEqual({ path, status: 200 });
    const document = parseHtml(answer.text);
    expect(document.documentElement.lang).toBe(language);
    expect(document.documentElement.getAttribute('data-root-language')).toBe('de');
    expect(document.querySelector('main [data-widget]')?.getAttribute('lang')).toBe(language);
  });

  it.each(['/it/', '/it/annuaire/', '/en/', '/en/agenda/', '/de/', '/de/annuaire/'])(
    'answers %s with a 404: a language not offered, or the root language under a prefix',
    async (path) => {
      const answer = await get(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      // The error page speaks the site's default language.
      expect(parseHtml(answer.text).documentElement.lang).toBe('de');
    },
  );

  it('offers German and French only: the switch, the alternates and Open Graph name no other', async () => {
    const document = parseHtml((await get('/annuaire/?q=rat')).text);
    const switchLinks = [...document.querySelectorAll('a[data-set-lang]')].map((link) => [link.getAttribute('data-set-lang'), link.getAttribute('href')]);
    expect(switchLinks).toEqual([
      ['de', '/annuaire/?q=rat'],
      ['fr', '/fr/annuaire/?q=rat'],
    ]);
    const alternates = [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]);
    expect(alternates).toEqual([
      ['de', 'http://www.canton.example/annuaire/'],
      ['fr', 'http://www.canton.example/fr/annuaire/'],
      ['x-default', 'http://www.canton.example/annuaire/'],
    ]);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('http://www.canton.example/annuaire/');
    expect([...document.querySelectorAll('meta[property="og:locale:alternate"]')].map((meta) => meta.getAttribute('content'))).toEqual(['fr_CH']);
  });

  it('links every page to addresses of the languages offered, the root one unprefixed', async () => {
    for (const path of EVERY_PAGE) {
      const answer = await get(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      const local = linksOf(answer.text).filter((href) => href.startsWith('/') && !href.startsWith('//'));
      const wrong = local.filter((href) => /^\/(de|it|en)(\/|$)/.test(href));
      expect({ path, wrong }).toEqual({ path, wrong: [] });
      // A French page's navigation stays in French.
      if (path.startsWith('/fr/')) {
        const nav = [...parseHtml(answer.text).querySelectorAll('nav.site-nav a')].map((link) => link.getAttribute('href'));
        expect({ path, nav }).toEqual({ path, nav: ['/fr/', '/fr/agenda/', '/fr/annuaire/', '/fr/actualites/'] });
      }
    }
  });

  it('lists in its sitemap each page in German at the root and in French under /fr/, with those two alternates only', async () => {
    const index = await get('/sitemap.xml');
    expect(index.status).toBe(200);
    const files = [...index.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    const texts = files.some((file) => /^\/sitemap-\d+\.xml$/.test(file)) ? await Promise.all(files.map(async (file) => (await get(file)).text)) : [index.text];
    const locs = texts.flatMap((text) => [...text.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname));
    expect(locs).toContain('/annuaire/');
    expect(locs).toContain('/fr/annuaire/');
    expect(locs.filter((loc) => /^\/(de|it|en)(\/|$)/.test(loc))).toEqual([]);
    const hreflangs = new Set(texts.flatMap((text) => [...text.matchAll(/hreflang="([^"]+)"/g)].map((match) => match[1])));
    expect([...hreflangs].sort()).toEqual(['de', 'fr', 'x-default']);
  });

  it('serves the API reference, the exports and the open-data files under the same addresses', async () => {
    for (const path of ['/api/', '/fr/api/', '/annuaire/export.csv', '/fr/annuaire/export.vcf', '/agenda/export.csv', '/fr/actualites/export.csv']) {
      expect({ path, status: (await get(path)).status }).toEqual({ path, status: 200 });
    }
    for (const path of ['/de/api/', '/en/api/', '/de/annuaire/export.csv', '/it/agenda/export.csv']) {
      expect({ path, status: (await get(path)).status }).toEqual({ path, status: 404 });
    }
  });
});

describe('a profile without the shop', () => {
  it.each(['/boutique/', '/panier/', '/fr/boutique/', '/fr/panier/', '/boutique/export.csv', '/api/shop/items/'])('has no %s', async (path) => {
    const answer = await get(path);
    expect({ path, status: answer.status }).toEqual({ path, status: 404 });
  });

  it('links to neither the shop nor the cart from any page, and draws no cart count', async () => {
    for (const path of EVERY_PAGE) {
      const answer = await get(path);
      const shopLinks = linksOf(answer.text).filter((href) => /\/(boutique|panier)\//.test(href));
      const document = parseHtml(answer.text);
      expect({ path, shopLinks, count: document.querySelector('[data-cart-count]') === null }).toEqual({ path, shopLinks: [], count: true });
      expect(document.querySelector('[data-widget="cart"], [data-widget="shop"]')).toBeNull();
    }
  });

  it('lists on the open-data page the profile’s datasets in the page’s language, and not the shop’s', async () => {
    const headings = async (path: string): Promise<string[]> =>
      [...parseHtml((await get(path)).text).querySelectorAll('main h2')].map((heading) => heading.textContent.trim());
    expect(await headings('/donnees/')).toEqual(expect.arrayContaining(['Veranstaltungen der Gemeinde', 'Verzeichnis der Gemeinde', 'Neuigkeiten der Gemeinde']));
    expect(await headings('/fr/donnees/')).toEqual(expect.arrayContaining(['Agenda de la commune', 'Annuaire de la commune', 'Actualités de la commune']));
    expect(await headings('/donnees/')).not.toContain('Publikationen der Gemeinde');
    const text = (await get('/donnees/')).text;
    expect(text).not.toContain('/boutique/export.csv');
    // The agenda's files name the profile's agenda (2), not the demo's.
    expect(text).toContain('/flux/agenda/2.ics');
  });

  it('leaves the shop out of the sitemap, the catalogue and the API description', async () => {
    const sitemap = (await get('/sitemap.xml')).text;
    expect(sitemap).not.toMatch(/boutique|panier/);
    const catalogue = (await get('/donnees/catalogue.rdf')).text;
    expect(catalogue).toContain('dcat:Dataset');
    expect(catalogue).not.toMatch(/boutique|shop/);
    const openapi = (await client.getJson('/api/openapi.json')).body as { paths: Record<string, unknown>; tags: { name: string }[] };
    expect(Object.keys(openapi.paths).filter((path) => path.includes('shop'))).toEqual([]);
    expect(openapi.tags.map((tag) => tag.name)).not.toContain('boutique');
  });
});

// The same commune, with one more section switched off each time: that section has no page, link, feed or API route.
const SECTION_ADDRESSES: Partial<Record<SectionName, { readonly gone: readonly string[]; readonly link: RegExp }>> = {
  agenda: { gone: ['/agenda/', '/fr/agenda/', '/api/agenda/2/', '/flux/agenda/2.ics', '/agenda/export.csv', '/agenda/calendrier/2.ics'], link: /\/agenda\// },
  directory: { gone: ['/annuaire/', '/fr/annuaire/', '/api/contacts/', '/annuaire/export.csv'], link: /\/annuaire\// },
  news: { gone: ['/actualites/', '/api/news/communiques/', '/flux/actualites/communiques.atom', '/actualites/export.csv'], link: /\/actualites\// },
  search: { gone: ['/recherche/', '/fr/recherche/', '/api/search/?q=rat'], link: /\/recherche\// },
  openData: { gone: ['/donnees/', '/donnees/catalogue.rdf', '/agenda/export.csv'], link: /\/donnees\// },
};

describe.each(SECTION_NAMES.filter((name) => SECTION_ADDRESSES[name] !== undefined))('a profile with the section %s off', (section) => {
  let off: RenderedSite;
  let offClient: TestClient;

  beforeAll(async () => {
    const settings = { ...profile.settings, sections: { ...profile.settings.sections, [section]: false } };
    off = await startRenderedSite(undefined, undefined, { ...profile, settings });
    offClient = await injectClient(off.app);
  });

  afterAll(async () => {
    await closeOpened(off);
  });

  it('has no route for it, and no page links to it', async () => {
    const { gone, link } = SECTION_ADDRESSES[section]!;
    for (const path of gone) {
      expect({ path, status: (await offClient.get(path, HOST)).status }).toEqual({ path, status: 404 });
    }
    for (const path of ['/', '/fr/', '/plan-du-site/', '/mentions-legales/']) {
      const answer = await offClient.get(path, HOST);
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      const found = linksOf(answer.text).filter((href) => link.test(href));
      expect({ path, found }).toEqual({ path, found: [] });
    }
  });
});

it('finds no contact by the interests register when the profile leaves the register off, and shows none', async () => {
  const settings = { ...profile.settings, sections: { ...profile.settings.sections, interestsRegister: false } };
  const off = await startRenderedSite(undefined, undefined, { ...profile, settings });
  try {
    const offClient = await injectClient(off.app);
    const contacts = (await offClient.getJson('/api/contacts/?page_size=100')).body as { results: { registre_interets: string | null }[] };
    expect(contacts.results.length).toBeGreaterThan(0);
    expect(contacts.results.filter((contact) => contact.registre_interets !== null)).toEqual([]);
    // With the register on, the same contacts have one.
    const on = (await client.getJson('/api/contacts/?page_size=100')).body as { results: { registre_interets: string | null }[] };
    expect(on.results.some((contact) => contact.registre_interets !== null)).toBe(true);
  } finally {
    await closeOpened(off);
  }
});

it('describes the home and open data pages by the sections on: a commune without a shop announces no publications', async () => {
  const descriptionOf = async (path: string): Promise<string> =>
    parseHtml((await get(path)).text)
      .querySelector('meta[name="description"]')
      ?.getAttribute('content') ?? '';
  expect(await descriptionOf('/')).toMatch(/: offizielle Website – Agenda, Verzeichnis der Behörden und Nachrichten\.$/);
  expect(await descriptionOf('/fr/')).toMatch(/ : site officiel – agenda, annuaire des autorités et actualités\.$/);
  expect(await descriptionOf('/donnees/')).toMatch(
    /: Agenda, Verzeichnis und Neuigkeiten als CSV, JSON, iCalendar, Atom und vCard, mit ihrem DCAT-AP-CH-Katalog\.$/,
  );
  expect(await descriptionOf('/fr/donnees/')).not.toMatch(/publications/);
});
