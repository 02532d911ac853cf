import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { axeViolations, openPage, wakeIslands, watchedPage } from '../support/browser';
import { openForSuite } from '../support/browser-suite';
import type { RunningSite } from '../support/site';

jest.setTimeout(180_000);

let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

/** What the shell says in each language the tests read. */
const WORDS = {
  fr: {
    prefix: '',
    menu: 'Menu',
    nav: 'Navigation principale',
    languages: 'Langue du site',
    footerNav: 'Informations sur le site',
    agenda: 'Agenda',
    home: 'Accueil',
    phone: 'Téléphone :',
    pages: [
      { link: 'Accessibilité', path: '/accessibilite/', heading: 'Accessibilité' },
      { link: 'Mentions légales', path: '/mentions-legales/', heading: 'Mentions légales' },
      { link: 'Protection des données', path: '/protection-des-donnees/', heading: 'Protection des données' },
      { link: 'Plan du site', path: '/plan-du-site/', heading: 'Plan du site' },
    ],
    site: 'Canton de Valmont',
  },
  de: {
    prefix: '/de',
    menu: 'Menü',
    nav: 'Hauptnavigation',
    languages: 'Sprache der Website',
    footerNav: 'Informationen zur Website',
    agenda: 'Agenda',
    home: 'Startseite',
    phone: 'Telefon:',
    pages: [
      { link: 'Barrierefreiheit', path: '/de/accessibilite/', heading: 'Barrierefreiheit' },
      { link: 'Impressum', path: '/de/mentions-legales/', heading: 'Impressum' },
      { link: 'Datenschutz', path: '/de/protection-des-donnees/', heading: 'Datenschutz' },
      { link: 'Sitemap', path: '/de/plan-du-site/', heading: 'Sitemap' },
    ],
    site: 'Kanton Valmont',
  },
} as const;
const LANGUAGES = ['fr', 'de'] as const;

/** The site's main pages, French addresses; the German ones are under `/de`. */
const MAIN_PAGES = [
  '/',
  '/agenda/',
  '/annuaire/',
  '/actualites/',
  '/boutique/',
  '/panier/',
  '/recherche/?q=valmont',
  '/accessibilite/',
  '/mentions-legales/',
  '/protection-des-donnees/',
  '/plan-du-site/',
] as const;

const open = async (path: string, options: BrowserContextOptions = {}): Promise<Page> => {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  if (options.javaScriptEnabled === false) await page.goto(`${site.url}${path}`);
  else await openPage(page, `${site.url}${path}`);
  return page;
};

const menuButton = (page: Page, language: 'fr' | 'de'): Locator => page.getByRole('banner').locator('summary', { hasText: WORDS[language].menu });
const navigation = (page: Page, language: 'fr' | 'de'): Locator => page.getByRole('navigation', { name: WORDS[language].nav });

/** The menu's summary as Chromium's accessibility tree gives it to a screen reader: its role, name and whether it is expanded. */
const summaryAsRead = async (page: Page): Promise<{ role: string; name: string; expanded: boolean }> => {
  const session = await page.context().newCDPSession(page);
  try {
    const { node } = (await session.send('DOM.describeNode', {
      objectId: (await session.send('Runtime.evaluate', { expression: 'document.querySelector(".site-menu > summary")' })).result.objectId!,
    })) as { node: { backendNodeId: number } };
    const { nodes } = await session.send('Accessibility.getPartialAXTree', { backendNodeId: node.backendNodeId, fetchRelatives: false });
    const own = nodes[0]!;
    return {
      role: String(own.role?.value),
      name: String(own.name?.value),
      expanded: own.properties?.find((property) => property.name === 'expanded')?.value.value === true,
    };
  } finally {
    await session.detach();
  }
};

describe.each(LANGUAGES)('the header (%s)', (language) => {
  const words = WORDS[language];

  it.each([375, 320])('at %i px is one row under 120 px high, whose "Menu" opens the navigation and the languages, with script', async (width) => {
    const page = await open(`${words.prefix}/agenda/`, { viewport: { width, height: 800 } });
    const header = await page.getByRole('banner').boundingBox();
    expect(header!.height).toBeLessThanOrEqual(120);
    await expect(navigation(page, language).isVisible()).resolves.toBe(false);
    await expect(page.getByRole('group', { name: words.languages }).isVisible()).resolves.toBe(false);
    await expect(summaryAsRead(page)).resolves.toEqual({ role: 'DisclosureTriangle', name: words.menu, expanded: false });
    await menuButton(page, language).click();
    await expect(navigation(page, language).getByRole('link').count()).resolves.toBe(6);
    await expect(navigation(page, language).getByRole('link', { name: words.agenda }).isVisible()).resolves.toBe(true);
    await expect(navigation(page, language).getByRole('link', { name: words.agenda }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(page.getByRole('group', { name: words.languages }).getByRole('link', { name: 'EN – English' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('banner').getByRole('search').isVisible()).resolves.toBe(true);
    await expect(summaryAsRead(page)).resolves.toEqual({ role: 'DisclosureTriangle', name: words.menu, expanded: true });
    // The opened menu fits the screen too.
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
    expect(await axeViolations(page)).toEqual([]);
    await menuButton(page, language).click();
    await expect(navigation(page, language).isVisible()).resolves.toBe(false);
    await page.context().close();
  });

  it('at 375 px opens without script, and leads to another section and another language', async () => {
    const page = await open(`${words.prefix}/annuaire/`, { viewport: { width: 375, height: 800 }, javaScriptEnabled: false });
    expect((await page.getByRole('banner').boundingBox())!.height).toBeLessThanOrEqual(120);
    await expect(navigation(page, language).isVisible()).resolves.toBe(false);
    await menuButton(page, language).click();
    await navigation(page, language).getByRole('link', { name: words.agenda }).click();
    await page.waitForURL(`${site.url}${words.prefix}/agenda/`);
    await menuButton(page, language).click();
    await page.getByRole('link', { name: 'IT – Italiano' }).click();
    await page.waitForURL(`${site.url}/it/agenda/`);
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('it');
    await page.context().close();
  });

  it('at 375 px is reached with the keyboard: Tab to "Menu", Enter opens it, focus shown, Tab goes on into the menu', async () => {
    const page = await open(`${words.prefix}/actualites/`, { viewport: { width: 375, height: 800 } });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(words.menu);
    await expect(page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).resolves.toBe('solid');
    await page.keyboard.press('Enter');
    await expect(navigation(page, language).isVisible()).resolves.toBe(true);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('type'))).resolves.toBe('search');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(navigation(page, language).isVisible()).resolves.toBe(false);
    await page.context().close();
  });

  it('at 1366 px shows the navigation, the search and the languages with no "Menu", without script too', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const page = await open(`${words.prefix}/agenda/`, { viewport: { width: 1366, height: 800 }, javaScriptEnabled });
      await expect(menuButton(page, language).isVisible()).resolves.toBe(false);
      await expect(navigation(page, language).getByRole('link', { name: words.home }).isVisible()).resolves.toBe(true);
      await expect(
        navigation(page, language)
          .getByRole('link', { name: new RegExp(`^${words.agenda}`) })
          .getAttribute('aria-current'),
      ).resolves.toBe('page');
      await expect(page.getByRole('banner').getByRole('search').isVisible()).resolves.toBe(true);
      await expect(page.getByRole('group', { name: words.languages }).isVisible()).resolves.toBe(true);
      expect((await page.getByRole('banner').boundingBox())!.height).toBeLessThanOrEqual(120);
      await page.context().close();
    }
  });

  it('keeps the cart count working inside the menu', async () => {
    const page = await open(`${words.prefix}/boutique/`, { viewport: { width: 375, height: 800 } });
    await page.evaluate(() => localStorage.setItem('cartItems', JSON.stringify([{ variant_id: 1, quantity: 2, price: 12.5 }])));
    await page.reload();
    await menuButton(page, language).click();
    await navigation(page, language)
      .getByRole('link', { name: language === 'fr' ? 'Panier (2 articles)' : 'Warenkorb (2 Artikel)' })
      .waitFor();
    await page.context().close();
  });
});

describe('the home page', () => {
  it.each(LANGUAGES)('has one search box (%s), its own, at 1366 and at 375 px with the menu open', async (language) => {
    for (const width of [1366, 375]) {
      const page = await open(`${WORDS[language].prefix}/`, { viewport: { width, height: 800 } });
      if (width === 375) await menuButton(page, language).click();
      await expect(page.getByRole('search').count()).resolves.toBe(1);
      await expect(page.getByRole('main').getByRole('search').isVisible()).resolves.toBe(true);
      await page.context().close();
    }
  });
});

// The same link's picture in two states: a change of state must show, no change must show nothing.
const picture = (locator: Locator): Promise<Buffer> => locator.screenshot({ animations: 'disabled' });

describe('forced colours (Windows high contrast)', () => {
  const forced = async (path: string): Promise<Page> => {
    const page = await open(path, { viewport: { width: 1366, height: 800 } });
    await page.emulateMedia({ forcedColors: 'active' });
    // No focus ring in the pictures.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    return page;
  };

  it.each(LANGUAGES)('marks only the current page in the navigation (%s): a link looks current on its page alone', async (language) => {
    const words = WORDS[language];
    // The accessibility statement is in no section of the navigation: there no link is current.
    const none = await forced(`${words.prefix}/accessibilite/`);
    const agenda = await forced(`${words.prefix}/agenda/`);
    const link = (page: Page, name: string | RegExp) => navigation(page, language).getByRole('link', { name, exact: true });
    // The first link sits at the same place on both pages: not current on either, it looks the same.
    expect((await picture(link(agenda, words.home))).equals(await picture(link(none, words.home)))).toBe(true);
    expect((await picture(link(agenda, words.agenda))).equals(await picture(link(none, words.agenda)))).toBe(false);
    // What differs is the current link's underline; no link has a border that forced colours would paint.
    const styles = await navigation(agenda, language)
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((element) => ({
          current: element.getAttribute('aria-current') === 'page',
          underline: getComputedStyle(element).textDecorationLine,
          border: getComputedStyle(element).borderBottomStyle,
        })),
      );
    expect(styles.filter((style) => style.current)).toEqual([{ current: true, underline: 'underline', border: 'none' }]);
    expect(styles.filter((style) => !style.current).every((style) => style.underline === 'none' && style.border === 'none')).toBe(true);
    await none.context().close();
    await agenda.context().close();
  });

  it('marks only the current language: French current on the French page, not on the German one', async () => {
    const french = await forced('/agenda/');
    const german = await forced('/de/agenda/');
    const link = (page: Page, name: string) => page.getByRole('banner').getByRole('link', { name });
    expect((await picture(link(french, 'FR – Français'))).equals(await picture(link(german, 'FR – Français')))).toBe(false);
    expect((await picture(link(french, 'DE – Deutsch'))).equals(await picture(link(german, 'DE – Deutsch')))).toBe(false);
    // Italian is current on neither: it looks the same on both.
    expect((await picture(link(french, 'IT – Italiano'))).equals(await picture(link(german, 'IT – Italiano')))).toBe(true);
    const decorations = await french
      .getByRole('group', { name: 'Langue du site' })
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((element) => [element.getAttribute('hreflang'), getComputedStyle(element).textDecorationLine, getComputedStyle(element).borderTopStyle]),
      );
    expect(decorations).toEqual([
      ['fr', 'underline', 'none'],
      ['de', 'none', 'none'],
      ['it', 'none', 'none'],
      ['en', 'none', 'none'],
    ]);
    await french.context().close();
    await german.context().close();
  });
});

describe.each(LANGUAGES)('the footer (%s)', (language) => {
  const words = WORDS[language];

  it('gives the address and contact, and leads to each page about the site, which has its heading, title and no axe violation', async () => {
    const { page, errors } = await watchedPage(browser);
    await openPage(page, `${site.url}${words.prefix}/`);
    const footer = page.getByRole('contentinfo');
    await expect(footer.locator('address').innerText()).resolves.toContain('Place du Château 1\n1990 Valmont');
    await expect(footer.getByRole('link', { name: '+41 27 000 10 00' }).getAttribute('href')).resolves.toBe('tel:+41270001000');
    await expect(footer.getByRole('link', { name: 'chancellerie@canton.example' }).getAttribute('href')).resolves.toBe('mailto:chancellerie@canton.example');
    await expect(footer.locator('address').innerText()).resolves.toContain(words.phone);
    for (const target of words.pages) {
      await page.getByRole('navigation', { name: words.footerNav }).getByRole('link', { name: target.link }).click();
      await page.waitForURL(`${site.url}${target.path}`);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(target.heading);
      await expect(page.title()).resolves.toBe(`${target.heading} – ${words.site}`);
      await expect(page.getByRole('navigation', { name: words.footerNav }).getByRole('link', { name: target.link }).getAttribute('aria-current')).resolves.toBe(
        'page',
      );
      await expect(page.locator('meta[name="description"]').getAttribute('content')).resolves.toMatch(/.{40,}/);
      expect(await axeViolations(page)).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('has a sitemap page linking every section and page in its language, each of which answers', async () => {
    const page = await open(`${words.prefix}/plan-du-site/`);
    const links = await page
      .getByRole('main')
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!));
    const expected = [
      '/',
      '/agenda/',
      '/annuaire/',
      '/actualites/',
      '/boutique/',
      '/panier/',
      '/recherche/',
      '/accessibilite/',
      '/mentions-legales/',
      '/protection-des-donnees/',
      '/plan-du-site/',
      '/donnees/',
      '/api/',
    ];
    expect(links).toEqual(expected.map((path) => `${words.prefix}${path}`));
    for (const href of links) expect((await page.request.get(`${site.url}${href}`)).status()).toBe(200);
    await page.context().close();
  });

  it('privacy statement says what the browser keeps and that the site sets no cookie', async () => {
    const page = await open(`${words.prefix}/protection-des-donnees/`);
    const text = await page.getByRole('main').innerText();
    expect(text).toContain('localStorage');
    expect(text).toContain('cartItems');
    expect(text).toMatch(language === 'fr' ? /aucun cookie/ : /keine Cookies/);
    expect(text).toMatch(/30 (jours|Tage)/);
    await expect(page.context().cookies()).resolves.toEqual([]);
    await page.context().close();
  });
});

// WCAG 1.4.12: what a visitor's own style sheet may set, which must lose no content nor make the page scroll sideways.
const TEXT_SPACING = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

describe('text spacing (WCAG 1.4.12) at 320 px', () => {
  it.each(LANGUAGES)('makes no page scroll sideways (%s), and keeps the shop titles inside their cards', async (language) => {
    const overflows: { path: string; wider: string[] }[] = [];
    for (const path of MAIN_PAGES) {
      const page = await open(`${WORDS[language].prefix}${path}`, { viewport: { width: 320, height: 800 }, bypassCSP: true });
      if (path === '/panier/') {
        // The cart page with lines in it: its table is what could be too wide.
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
        await wakeIslands(page);
        await page.getByRole('main').getByRole('table').waitFor();
      }
      await page.addStyleTag({ content: TEXT_SPACING });
      const wider = await page.evaluate(() => {
        if (document.documentElement.scrollWidth <= 320) return [];
        return [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > 320.5)
          .slice(0, 5)
          .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}: ${Math.round(element.getBoundingClientRect().right)} px`);
      });
      if (wider.length > 0) overflows.push({ path, wider });
      if (path === '/boutique/') {
        const titles = page.getByRole('main').getByRole('heading', { level: 2 });
        const spilled = await titles.evaluateAll((headings) =>
          headings
            .filter(
              (heading) =>
                heading.scrollWidth > heading.clientWidth + 0.5 || heading.getBoundingClientRect().right > heading.closest('article')!.getBoundingClientRect().right,
            )
            .map((heading) => heading.textContent),
        );
        expect(spilled).toEqual([]);
        await expect(titles.count()).resolves.toBeGreaterThan(0);
      }
      await page.context().close();
    }
    expect(overflows).toEqual([]);
  });
});

/** The page's headings as a screen reader lists them: level and text, hidden ones left out. */
const headingsOf = (page: Page): Promise<{ level: number; text: string }[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6, [role="heading"]')]
      .filter((heading) => heading.closest('[hidden], [aria-hidden="true"]') === null && heading.getClientRects().length > 0)
      .map((heading) => ({
        level: heading.getAttribute('role') === 'heading' ? Number(heading.getAttribute('aria-level') ?? 2) : Number(heading.tagName.slice(1)),
        text: heading.textContent.trim(),
      })),
  );

/** What is wrong with an outline: not exactly one h1, or a level skipped on the way down. */
const outlineProblems = (headings: readonly { level: number; text: string }[]): string[] => {
  const problems: string[] = [];
  const ones = headings.filter((heading) => heading.level === 1).length;
  if (ones !== 1) problems.push(`${ones} h1`);
  headings.forEach((heading, index) => {
    const before = index === 0 ? 0 : headings[index - 1]!.level;
    if (heading.level > before + 1) problems.push(`h${heading.level} "${heading.text}" after h${before}`);
  });
  return problems;
};

describe('the heading outline', () => {
  it.each(LANGUAGES)('has one h1 and skips no level on every main page (%s)', async (language) => {
    const problems: { path: string; problems: string[] }[] = [];
    for (const path of MAIN_PAGES) {
      const page = await open(`${WORDS[language].prefix}${path}`);
      const found = outlineProblems(await headingsOf(page));
      if (found.length > 0) problems.push({ path, problems: found });
      await page.context().close();
    }
    expect(problems).toEqual([]);
  });
});
