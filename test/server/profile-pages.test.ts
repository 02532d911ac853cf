import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { colourRule, COLOUR_PROPERTIES } from '../../src/domain/site-identity';
import type { ColourToken, SiteProfile } from '../../src/domain/site-profile';
import { defaultSiteProfile, loadSiteProfile } from '../../server/profile/load-site-profile';
import { closeOpened } from '../support/close-opened';
import { injectClient, type HttpAnswer, type TestClient } from '../support/http-client';
import { collapse, headOf, jsonLdOf, parseHtml, startRenderedSite, type RenderedSite } from '../support/rendered-pages';
import { demoIdentityStrings, stringsFound } from '../support/profile-strings';

jest.setTimeout(120_000);

// A second institution: a German-speaking commune that offers German and French, German by default
// (its addresses unprefixed, French under /fr/), with its own emblem, colours, contact, agenda (2)
// and news scope (communiques), and no shop.
const FIXTURE = resolve(__dirname, '../fixtures/profiles/test-commune');

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

const get = (path: string): Promise<HttpAnswer> => client.get(path, { host: 'www.seeberg.example' });

// The demo's identity, which no page of another profile may hold.
const DEMO = demoIdentityStrings(defaultSiteProfile());

const expectNoDemo = (path: string, text: string): void => {
  expect({ path, found: stringsFound(text, DEMO) }).toEqual({ path, found: [] });
};

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

// Every kind of page: the home page, a section of each widget, a permalink, the API's reference, and an error page.
const PAGES: readonly { readonly path: string; readonly status: number; readonly language: 'fr' | 'de' }[] = [
  { path: '/', status: 200, language: 'de' },
  { path: '/fr/', status: 200, language: 'fr' },
  { path: '/agenda/', status: 200, language: 'de' },
  { path: '/fr/annuaire/', status: 200, language: 'fr' },
  { path: '/actualites/', status: 200, language: 'de' },
  { path: '/fr/recherche/?q=budget', status: 200, language: 'fr' },
  { path: '/api/', status: 200, language: 'de' },
  { path: '/nulle-part/', status: 404, language: 'de' },
  { path: '/fr/nulle-part/', status: 404, language: 'fr' },
  // A language the profile does not offer has no address: its error page speaks the default one.
  { path: '/en/recherche/', status: 404, language: 'de' },
];

// The page's language's words.
const NAMES = { fr: 'Commune de Seeberg', de: 'Gemeinde Seeberg' } as const;
const OFFICES = { fr: 'Chancellerie communale', de: 'Gemeindekanzlei' } as const;

describe('the pages of another profile (test/fixtures/profiles/test-commune)', () => {
  it.each(PAGES)('$path names the profile’s institution in its title, head, header and footer, and nothing of the demo', async ({ path, status, language }) => {
    const answer = await get(path);
    expect({ path, status: answer.status }).toEqual({ path, status });
    const document = parseHtml(answer.text, `http://www.seeberg.example${path}`);
    const name = NAMES[language];
    const head = headOf(document);
    expect(head.title.endsWith(` – ${name}`)).toBe(true);
    expect(head.og['og:site_name']).toBe(name);
    expect(document.querySelector('meta[name="application-name"]')?.getAttribute('content')).toBe(name);
    // The header: the profile's emblem, drawn inline, beside its name.
    const brand = document.querySelector('.site-header__brand');
    expect(brand?.querySelector('.site-header__emblem svg path#seeberg-field')).not.toBeNull();
    expect(collapse(brand?.textContent)).toBe(name);
    // The footer: the office, the postal address, the phone and the general e-mail of `contact`.
    const address = document.querySelector('footer address');
    expect(collapse(address?.querySelector('strong')?.textContent)).toBe(name);
    const lines = (address?.innerHTML ?? '').split(/<br\s*\/?>/).map((line) => collapse(line.replace(/<[^>]*>/g, '')));
    expect(lines.slice(0, 5)).toEqual([name, OFFICES[language], 'Dorfplatz 1', 'Postfach 12', '3999 Seeberg']);
    expect(address?.querySelector('a[href="tel:+41315557700"]')?.textContent).toBe('+41 31 555 77 00');
    expect(address?.querySelector('a[href="mailto:gemeinde@seeberg.example"]')?.textContent).toBe('gemeinde@seeberg.example');
    expect(collapse(document.querySelector('.site-footer__notice')?.textContent)).toBe(`© ${name}`);
    expectNoDemo(path, answer.text);
  });

  it.each(PAGES)('$path gives the sheets the profile’s colours in one :root rule, which the Content Security Policy allows by its hash', async ({ path }) => {
    const answer = await get(path);
    const document = parseHtml(answer.text);
    const rule = colourRule(profile.settings.colours);
    const styles = Array.from(document.head.querySelectorAll('style')).map((style) => style.textContent);
    // One rule sets the colours, after the sheets, which set none of them themselves (but paper's ink, in print).
    const onScreen = Object.values(COLOUR_PROPERTIES).filter((property) => property !== '--ink' && property !== '--muted');
    const setting = styles.filter((css) => onScreen.some((property) => css.includes(`${property}:`)));
    expect(setting).toEqual([rule]);
    expect(styles.at(-1)).toBe(rule);
    for (const token of Object.keys(COLOUR_PROPERTIES) as ColourToken[]) {
      expect(rule).toContain(`${COLOUR_PROPERTIES[token]}:${profile.settings.colours[token]}`);
    }
    const styleSrc = (answer.headers['content-security-policy'] ?? '').split(';').find((directive) => directive.trim().startsWith('style-src'));
    expect(styleSrc?.split(' ')).toContain(sha256(rule));
    expect(styleSrc).not.toContain('unsafe-inline');
    // No profile adds script: the pages' only scripts are the built entry (src) and data blocks.
    for (const script of document.querySelectorAll('script:not([type="application/json"]):not([type="application/ld+json"])')) {
      expect(script.getAttribute('src')).toMatch(/^\/[\w.-]+\.js$/);
    }
  });

  it('describes each section with the profile’s name', async () => {
    const home = headOf(parseHtml((await get('/')).text));
    expect(home.description).toContain('Gemeinde Seeberg');
    const agenda = headOf(parseHtml((await get('/fr/agenda/')).text));
    expect(agenda.description).toContain('Commune de Seeberg');
  });

  it('writes the profile’s agenda and news scope on the containers', async () => {
    const home = parseHtml((await get('/')).text);
    expect(home.querySelector('[data-widget="home"]')?.getAttribute('data-agenda-id')).toBe('2');
    expect(home.querySelector('[data-widget="home"]')?.getAttribute('data-news-scope')).toBe('communiques');
    const agenda = parseHtml((await get('/agenda/')).text);
    expect(agenda.querySelector('[data-widget="agenda"]')?.getAttribute('data-agenda-id')).toBe('2');
    const news = parseHtml((await get('/actualites/')).text);
    expect(news.querySelector('[data-widget="news"]')?.getAttribute('data-news-scope')).toBe('communiques');
  });

  it('names the profile’s institution as the organiser, author and publisher in the JSON-LD', async () => {
    const news = parseHtml((await get('/fr/actualites/')).text);
    const link = news.querySelector<HTMLAnchorElement>('main a[href^="/fr/actualites/"][href$="/"]:not([href="/fr/actualites/"])');
    expect(link).not.toBeNull();
    const article = await get(link?.getAttribute('href') ?? '');
    expect(article.status).toBe(200);
    const [ld] = jsonLdOf(parseHtml(article.text));
    expect(ld?.['publisher']).toMatchObject({
      '@type': 'GovernmentOrganization',
      name: 'Commune de Seeberg',
      address: { '@type': 'PostalAddress', postalCode: '3999', addressLocality: 'Seeberg' },
      logo: { '@type': 'ImageObject', url: 'http://www.canton.example/favicon.svg' },
    });
    expectNoDemo(link?.getAttribute('href') ?? '', article.text);
  });

  it('serves the profile’s emblem as the favicon, and a web app manifest of its names and colours', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    expect(icon.text).toBe(profile.emblem);
    const again = await client.get('/favicon.svg', { 'if-none-match': icon.headers['etag'] ?? '' });
    expect(again.status).toBe(304);
    const manifest = await client.getJson('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.body).toEqual({
      name: 'Gemeinde Seeberg',
      short_name: 'Seeberg',
      lang: 'de',
      start_url: '/',
      display: 'browser',
      theme_color: '#1b6e3a',
      background_color: '#fefefe',
      icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
    });
    const page = parseHtml((await get('/')).text);
    expect(page.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/favicon.svg');
    expect(page.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/manifest.webmanifest');
  });

  it('writes no institution into a fragment: a content system’s page names its own', async () => {
    for (const path of ['/fragments/agenda/', '/fragments/news/?lang=de', '/fragments/directory/', '/fragments/home/']) {
      const answer = await get(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      expectNoDemo(path, answer.text);
      expect(answer.text).not.toContain('Seeberg');
    }
    // A fragment shows the profile's lists unless its address names others.
    const agenda = parseHtml((await get('/fragments/agenda/')).text);
    expect(agenda.querySelector('[data-widget="agenda"]')?.getAttribute('data-agenda-id')).toBe('2');
  });
});
