import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import type { SiteProfile } from '../../src/domain/site-profile';
import { defaultSiteProfile, loadSiteProfile } from '../../server/profile/load-site-profile';
import { axeViolations, watchedPage } from '../support/browser';
import { openForSuite } from '../support/browser-suite';
import { demoIdentityStrings, stringsFound } from '../support/profile-strings';
import { startRenderedSite } from '../support/rendered-pages';
import type { RunningSite } from '../support/site';

jest.setTimeout(600_000);

// A phone's width and a laptop's: every page is checked at both.
const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1366, height: 768 },
] as const;

// The pages of a site, each section's and each page about the site, as the header and the footer reach them.
const SECTION_PAGES = ['/', '/agenda/', '/annuaire/', '/actualites/', '/recherche/?q=rat'];
const SHOP_PAGES = ['/boutique/', '/panier/'];
const ABOUT_PAGES = ['/accessibilite/', '/mentions-legales/', '/protection-des-donnees/', '/plan-du-site/', '/donnees/', '/api/'];

/**
 * Walks each page of a site in each of its languages at both widths, as served (the awake widgets are
 * checked with axe by each widget's own browser tests): axe finds no violation, the console no error, and the pages name the site's institution and nothing of `foreign` (another profile's identity).
 */
const crawl = async (browser: Browser, site: RunningSite, paths: readonly string[], name: (path: string) => string, foreign: readonly string[]) => {
  for (const size of WIDTHS) {
    const { page, errors } = await watchedPage(browser);
    await page.setViewportSize(size);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    for (const path of paths) {
      const answer = await page.goto(`${site.url}${path}`);
      expect({ path, status: answer?.status() }).toEqual({ path, status: 200 });
      const html = await page.content();
      expect({ path, size, demo: stringsFound(html, foreign) }).toEqual({ path, size, demo: [] });
      expect({ path, named: html.includes(name(path)) }).toEqual({ path, named: true });
      expect({ path, size, violations: await axeViolations(page) }).toEqual({ path, size, violations: [] });
    }
    expect(errors).toEqual([]);
    await page.context().close();
    // What the pages loaded: a site without a shop never loads the cart's code.
    if (!paths.includes('/panier/')) expect(requested.filter((path) => /\/cart-|\/shop-/.test(path))).toEqual([]);
  }
};

describe('the bilingual commune without a shop (test/fixtures/profiles/test-commune)', () => {
  let site: RunningSite;
  let browser: Browser;
  let profile: SiteProfile;
  openForSuite(
    (opened) => ({ site, browser } = opened),
    () => {
      profile = loadSiteProfile(resolve(__dirname, '../fixtures/profiles/test-commune'));
      return startRenderedSite(undefined, undefined, profile);
    },
  );

  it('has every page in German and in French at both widths, each naming the commune, none the demo canton, axe finding no violation', async () => {
    const paths = [...SECTION_PAGES, ...ABOUT_PAGES];
    await crawl(
      browser,
      site,
      [...paths, ...paths.map((path) => `/fr${path}`)],
      (path) => (path.startsWith('/fr/') ? 'Commune de Seeberg' : 'Gemeinde Seeberg'),
      demoIdentityStrings(defaultSiteProfile()),
    );
  });
});

describe('the demo canton (profiles/valmont)', () => {
  let site: RunningSite;
  let browser: Browser;
  openForSuite(
    (opened) => ({ site, browser } = opened),
    () => startRenderedSite(),
  );

  it('has every page in French and in German at both widths, each naming the canton, none the commune, axe finding no violation', async () => {
    const commune = demoIdentityStrings(loadSiteProfile(resolve(__dirname, '../fixtures/profiles/test-commune')));
    const paths = [...SECTION_PAGES, ...SHOP_PAGES, ...ABOUT_PAGES];
    await crawl(
      browser,
      site,
      [...paths, ...paths.map((path) => `/de${path}`)],
      (path) => (path.startsWith('/de/') ? 'Kanton Valmont' : 'Canton de Valmont'),
      commune,
    );
  });
});
