import type { Browser, Page } from 'playwright-core';
import { axeViolations, watchedPage, openPage } from '../support/browser';
import { openForSuite } from '../support/browser-suite';
import type { RunningSite } from '../support/site';

jest.setTimeout(60_000);

const PAGES = [
  { path: '/', heading: 'Bienvenue', widget: 'home', nav: 'Accueil' },
  { path: '/agenda/', heading: 'Agenda', widget: 'agenda', nav: 'Agenda' },
  { path: '/annuaire/', heading: 'Annuaire', widget: 'directory', nav: 'Annuaire' },
  { path: '/actualites/', heading: 'Actualités', widget: 'news', nav: 'Actualités' },
  { path: '/boutique/', heading: 'Boutique', widget: 'shop', nav: 'Boutique' },
  { path: '/panier/', heading: 'Panier', widget: 'cart', nav: 'Panier' },
] as const;

// The pages about the site, linked from the footer: no section of the navigation is current there.
const FOOTER_PAGES = [
  { path: '/accessibilite/', heading: 'Accessibilité', widget: 'accessibility', link: 'Accessibilité' },
  { path: '/mentions-legales/', heading: 'Mentions légales', widget: 'site-info', link: 'Mentions légales' },
  { path: '/protection-des-donnees/', heading: 'Protection des données', widget: 'site-info', link: 'Protection des données' },
  { path: '/plan-du-site/', heading: 'Plan du site', widget: 'site-info', link: 'Plan du site' },
  { path: '/donnees/', heading: 'Données ouvertes', widget: 'site-info', link: 'Données ouvertes' },
] as const;

let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

const open = async (path: string): Promise<{ page: Page; errors: string[] }> => {
  const watched = await watchedPage(browser);
  await openPage(watched.page, `${site.url}${path}`);
  return watched;
};

describe.each(PAGES)('the page $path', ({ path, heading, widget, nav }) => {
  it('loads with the shared header, its widget and no console error, and axe finds no violation', async () => {
    const { page, errors } = await open(path);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Canton de Valmont' }).isVisible()).resolves.toBe(true);
    const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(navigation.getByRole('link').count()).resolves.toBe(6);
    await expect(navigation.getByRole('link', { name: new RegExp(`^${nav}`) }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(navigation.getByRole('link', { name: 'Panier (aucun article)' }).isVisible()).resolves.toBe(true);
    await expect(banner.getByRole('link', { name: 'FR – Français' }).getAttribute('aria-current')).resolves.toBe('true');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(heading);
    await expect(page.locator(`main [data-widget="${widget}"][lang="fr"]`).count()).resolves.toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe.each(FOOTER_PAGES)('the page $path', ({ path, heading, widget, link }) => {
  it('loads with the shared header and footer, its widget and no console error, and axe finds no violation', async () => {
    const { page, errors } = await open(path);
    await expect(page.getByRole('navigation', { name: 'Navigation principale' }).locator('[aria-current]').count()).resolves.toBe(0);
    const footer = page.getByRole('navigation', { name: 'Informations sur le site' });
    await expect(footer.getByRole('link', { name: link }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(heading);
    await expect(page.title()).resolves.toBe(`${heading} – Canton de Valmont`);
    await expect(page.locator(`main [data-widget="${widget}"][lang="fr"]`).count()).resolves.toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the open data', () => {
  it.each([
    { path: '/donnees/', heading: 'Données ouvertes', dataset: 'Agenda du canton', files: 'Fichiers', page: 'Page : Agenda du canton' },
    {
      path: '/de/donnees/',
      heading: 'Offene Daten',
      dataset: 'Veranstaltungskalender des Kantons',
      files: 'Dateien',
      page: 'Seite: Veranstaltungskalender des Kantons',
    },
  ])(
    '$path lists each dataset with its files, the licence and the catalogue, and axe finds no violation',
    async ({ path, heading, dataset, files, page: pageLink }) => {
      const { page, errors } = await open(path);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(heading);
      const region = page.getByRole('region', { name: dataset });
      await expect(region.getByRole('heading', { level: 3, name: files }).isVisible()).resolves.toBe(true);
      await expect(region.getByRole('link', { name: pageLink }).getAttribute('href')).resolves.toMatch(/\/agenda\/$/);
      await expect(region.getByRole('link', { name: 'CSV' }).getAttribute('href')).resolves.toBe('/agenda/export.csv');
      await expect(region.getByRole('link', { name: 'iCalendar' }).getAttribute('href')).resolves.toBe('/flux/agenda/1.ics');
      await expect(
        page
          .getByRole('region', { name: /annuaire|Verzeichnis/i })
          .getByRole('link', { name: 'vCard' })
          .isVisible(),
      ).resolves.toBe(true);
      await expect(page.getByRole('link', { name: 'catalogue.rdf (RDF/XML)' }).getAttribute('href')).resolves.toBe('/donnees/catalogue.rdf');
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );

  it('offers the agenda and the news as CSV with the filters in force', async () => {
    const { page, errors } = await open('/agenda/?mois=5');
    await expect(page.getByRole('link', { name: 'Télécharger ces événements (CSV)' }).getAttribute('href')).resolves.toBe('/agenda/export.csv?mois=5');
    await page.goto(`${site.url}/actualites/`);
    await expect(page.getByRole('link', { name: 'Télécharger ces actualités (CSV)' }).getAttribute('href')).resolves.toBe('/actualites/export.csv');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the API reference page', () => {
  it.each([
    {
      path: '/api/',
      language: 'fr',
      heading: 'Référence de l’API',
      site: 'Canton de Valmont',
      footer: 'Informations sur le site',
      switchName: 'DE – Deutsch',
      other: '/de/api/',
    },
    {
      path: '/de/api/',
      language: 'de',
      heading: 'API-Referenz',
      site: 'Kanton Valmont',
      footer: 'Informationen zur Website',
      switchName: 'IT – Italiano',
      other: '/it/api/',
    },
  ])(
    '$path has the site header and footer, its language versions, links of at least 24 × 24 pixels, and axe finds no violation',
    async ({ path, language, heading, site: siteName, footer, switchName, other }) => {
      const { page, errors } = await open(path);
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe(language);
      await expect(page.getByRole('banner').getByRole('link', { name: siteName }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('navigation', { name: footer }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(heading);
      await expect(page.title()).resolves.toBe(`${heading} – ${siteName}`);
      await expect(page.getByRole('banner').getByRole('link', { name: switchName }).getAttribute('href')).resolves.toBe(other);
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: 'GET /api/contacts/' }).first().isVisible()).resolves.toBe(true);
      // Every link of the reference, in its list and its tables: a target of at least 24 × 24 CSS pixels (WCAG 2.5.8).
      const sizes = await main.getByRole('link').evaluateAll((links) =>
        links.map((link) => {
          const box = link.getBoundingClientRect();
          return { name: link.textContent, width: Math.round(box.width), height: Math.round(box.height) };
        }),
      );
      expect(sizes.length).toBeGreaterThan(20);
      expect(sizes.filter((size) => size.width < 24 || size.height < 24)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );

  it('is linked from the open data page and the sitemap, in the language of each', async () => {
    const { page, errors } = await open('/donnees/');
    await page.getByRole('link', { name: 'Référence de l’API' }).click();
    await page.waitForURL(`${site.url}/api/`);
    await page.goto(`${site.url}/en/plan-du-site/`);
    await page.getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL(`${site.url}/en/api/`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('API reference');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the language of the page', () => {
  it('turns the header and the widget to English with the switch, a link to the page in English', async () => {
    const { page, errors } = await open('/agenda/');
    await page.getByRole('link', { name: 'EN – English' }).click();
    await page.waitForURL(`${site.url}/en/agenda/`);
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await expect(page.getByRole('link', { name: 'Canton of Valmont' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Events');
    await expect(page.locator('[data-widget]').getByRole('heading', { level: 2, name: 'Filters' }).isVisible()).resolves.toBe(true);
    await expect(page.locator('[data-widget]').getByRole('combobox', { name: 'Month' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'EN – English' }).getAttribute('aria-current')).resolves.toBe('true');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
    await expect(page.title()).resolves.toBe('Events – Canton of Valmont');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('follows a change of the container lang attribute made by the host page', async () => {
    const { page } = await open('/');
    await page.evaluate(() => document.querySelector('[data-widget]')!.setAttribute('lang', 'en'));
    // The widget follows its container; the header of a page the server rendered speaks the address's language, which its switch's links change.
    await page.getByRole('heading', { name: 'Sections' }).waitFor();
    await page.evaluate(() => document.querySelector('[data-widget]')!.setAttribute('lang', 'xx'));
    await page.getByRole('heading', { name: 'Rubriques' }).waitFor();
    await page.evaluate(() => document.querySelector('[data-widget]')!.setAttribute('lang', 'en'));
    await page.getByRole('heading', { name: 'Sections' }).waitFor();
    await page.evaluate(() => document.querySelector('[data-widget]')!.removeAttribute('lang'));
    await page.getByRole('heading', { name: 'Rubriques' }).waitFor();
    await page.context().close();
  });
});

describe('the cart count in the header', () => {
  it('shows the quantity kept in the browser and follows a change made in another tab', async () => {
    const { page, errors } = await open('/boutique/');
    await page.evaluate(() =>
      localStorage.setItem(
        'cartItems',
        JSON.stringify([
          { variant_id: 1, quantity: 2, price: 12.5 },
          { variant_id: 2, quantity: 1, price: 0.9 },
        ]),
      ),
    );
    await page.reload();
    await expect(page.getByRole('link', { name: 'Panier (3 articles)' }).isVisible()).resolves.toBe(true);
    const other = await page.context().newPage();
    await openPage(other, `${site.url}/panier/`);
    await other.evaluate(() => localStorage.setItem('cartItems', JSON.stringify([{ variant_id: 1, quantity: 1, price: 12.5 }])));
    await page.getByRole('link', { name: 'Panier (1 article)' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
