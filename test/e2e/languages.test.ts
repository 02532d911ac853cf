import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Language } from '../../src/domain/language';
import { contactPath, localizedPath, newsPath } from '../../src/domain/permalinks';
import { monthNames } from '../../src/i18n/months';
import { siteListsOf } from '../../server/http/site';
import { defaultSiteProfile } from '../../server/profile/load-site-profile';
import { axeViolations, launchBrowser, openPage, watchedPage } from '../support/browser';
import { closeOpened } from '../support/close-opened';
import { demo } from '../support/demo-expectations';
import { literalPieces, parseMessage, sourceCatalogue } from '../support/message-catalogues';
import { DIST, siteContent, startRenderedSite, type RenderedSite, type SiteContent } from '../support/rendered-pages';

const SITE_NEWS_SCOPE = siteListsOf(defaultSiteProfile()).newsScope;

jest.setTimeout(180_000);

let site: RenderedSite;
let browser: Browser;
let content: SiteContent;

beforeAll(async () => {
  [site, browser] = await Promise.all([startRenderedSite(), launchBrowser()]);
  content = await siteContent(site.db);
});

afterAll(async () => {
  await closeOpened(browser, site);
});

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern that finds any of `phrases` as whole words: "Parti" is not found in "Partito". */
const wordsPattern = (phrases: readonly string[]): RegExp =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${[...phrases]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|')})(?![\\p{L}\\p{N}])`,
    'u',
  );

// The month and weekday names of a language, as Intl writes them.
const calendarNames = (language: Language): string[] => [
  ...Object.values(monthNames(language)),
  ...Array.from({ length: 7 }, (_, day) => new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, 0, 5 + day))),
];

/**
 * The French interface: every piece of literal text of the French catalogue, and the French month
 * and weekday names, except the pieces the target language says the same way ("Agenda", "Fax",
 * "vCard", the Italian "novembre"): what the visitor of another language must never read.
 */
const frenchInterface = (language: Language): RegExp => {
  const target = [...Object.values(sourceCatalogue(language)), ...calendarNames(language)].join('\n');
  const pieces = Object.values(sourceCatalogue('fr')).flatMap((text) => {
    const parsed = parseMessage(text);
    return 'ast' in parsed ? literalPieces(parsed.ast) : [];
  });
  const phrases = [...new Set([...pieces, ...calendarNames('fr')])].filter((piece) => /\p{L}{3}/u.test(piece) && !wordsPattern([piece]).test(target));
  return wordsPattern(phrases);
};

const MESSAGE_KEY = wordsPattern(Object.keys(sourceCatalogue('fr')));

const decodeEntities = (text: string): string =>
  text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * What the institution wrote, which stays in its language whatever the visitor's (the issue:
 * "Content stays in the language the institution wrote it in"): every text of the demo content
 * the test database holds (contacts, events, news, categories, publications), rich text cut at
 * its tags as the page shows it. This is how the content areas are told from the interface: a
 * text of the page is stripped of every content text it holds before the French interface is
 * looked for in what is left, so cards' titles, leads, bodies, places and categories never count,
 * wherever a view puts them, while a label around them ("Détails de « … »") still does. A content
 * text that is word for word a French message (the news scope is called "Actualités") is left to
 * the interface: a French link "Actualités" on a German page is a defect to find.
 */
const CONTENT_TEXTS: readonly string[] = (() => {
  const messages = new Set(Object.values(sourceCatalogue('fr')));
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      for (const piece of [value, ...value.split(/<[^>]*>/)]) {
        const text = decodeEntities(piece).replace(/\s+/g, ' ').trim();
        if (text.length >= 2 && !messages.has(text)) found.add(text);
      }
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(demo);
  return [...found].sort((a, b) => b.length - a.length);
})();

const withoutContent = (text: string): string => CONTENT_TEXTS.reduce((rest, piece) => (rest.includes(piece) ? rest.split(piece).join(' ¶ ') : rest), text);

/**
 * The interface text of the page as a visitor meets it: the title, every rendered text node
 * (visually hidden ones included: a screen reader reads them; a select's options included) and
 * the accessible names, placeholders and alternative texts of rendered elements.
 */
const pageTexts = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const texts: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent?.closest('script, style, noscript, template') !== null) continue;
      if (parent.tagName !== 'OPTION' && !parent.checkVisibility()) continue;
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text !== '') texts.push(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (!element.checkVisibility()) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name);
        if (value !== null && value.trim() !== '') texts.push(value.replace(/\s+/g, ' ').trim());
      }
    }
    return [...new Set(texts)];
  });

/** The texts of the page that hold French interface text, or a message key shown in place of its message. */
const frenchLeft = async (page: Page, language: Language): Promise<string[]> => {
  const french = frenchInterface(language);
  return (await pageTexts(page)).filter((text) => {
    if (MESSAGE_KEY.test(text)) return true;
    return french.test(text) && french.test(withoutContent(text));
  });
};

const monthPattern = (language: Language): RegExp => wordsPattern(Object.values(monthNames(language)));

const LANGUAGES_SHOWN = [
  { language: 'de', button: 'DE – Deutsch', navigation: 'Hauptnavigation' },
  { language: 'it', button: 'IT – Italiano', navigation: 'Navigazione principale' },
] as const;

const SWITCH = ['FR – Français', 'DE – Deutsch', 'IT – Italiano', 'EN – English'];

const open = async (path: string): Promise<{ page: Page; errors: string[] }> => {
  const watched = await watchedPage(browser);
  await openPage(watched.page, `${site.url}${path}`);
  return watched;
};

/** The pages to visit in a language: the sections, a contact's permalink and a news article, and whether each shows dates. */
const pagesOf = (language: Language): { path: string; dates: boolean }[] => {
  const contact = content.contacts[0];
  const article = content.news.find((item) => item.scope === SITE_NEWS_SCOPE);
  if (contact === undefined || article === undefined) throw new Error('the demo database has no contact or no news item');
  return [
    { path: '/', dates: false },
    { path: '/agenda/', dates: true },
    { path: '/annuaire/', dates: false },
    { path: '/actualites/', dates: true },
    { path: '/boutique/', dates: false },
    { path: '/panier/', dates: false },
    { path: contactPath(contact), dates: false },
    { path: newsPath({ id: String(article.id), title: article.title, slug: article.slug }), dates: true },
  ].map(({ path, dates }) => ({ path: localizedPath(path, language), dates }));
};

describe('the search for French interface text', () => {
  it('finds the French of a French page, and none of the content', async () => {
    const { page } = await open('/annuaire/');
    const found = await frenchLeft(page, 'de');
    expect(found).toEqual(expect.arrayContaining(['Accueil', 'Annuaire – Canton de Valmont', 'Rechercher un nom', 'Navigation principale']));
    // A label around a name counts ("Détails de …"), the name alone never does.
    expect(found.filter((text) => CONTENT_TEXTS.includes(text))).toEqual([]);
    expect(found.some((text) => text.startsWith('Détails de '))).toBe(true);
    await page.context().close();
  });
});

describe.each(LANGUAGES_SHOWN)('the site in $language', ({ language, button, navigation }) => {
  it('speaks the language on every page: html lang, the switch, no French interface text, dates in the language', async () => {
    const { page, errors } = await open('/');
    for (const { path, dates } of pagesOf(language)) {
      await openPage(page, `${site.url}${path}`);
      const facts = {
        path,
        lang: await page.evaluate(() => document.documentElement.lang),
        current: await Promise.all(SWITCH.map((name) => page.getByRole('link', { name }).getAttribute('aria-current'))),
        navigation: await page.getByRole('navigation', { name: navigation }).count(),
        french: await frenchLeft(page, language),
      };
      expect(facts).toEqual({
        path,
        lang: language,
        current: SWITCH.map((name) => (name === button ? 'true' : null)),
        navigation: 1,
        french: [],
      });
      if (dates) {
        const text = await page.locator('main').innerText();
        expect({ path, months: monthPattern(language).test(text) }).toEqual({ path, months: true });
      }
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe.each(LANGUAGES_SHOWN)('the $language pages at 320 CSS pixels wide', ({ language }) => {
  // German words are long ("Interessenbindungen") and the switch has four buttons: the reflow of
  // WCAG 1.4.10 is checked in each language, not only in French.
  it('scroll no page sideways', async () => {
    const context = await browser.newContext({ viewport: { width: 320, height: 800 } });
    const page = await context.newPage();
    const overflows: string[] = [];
    for (const { path } of pagesOf(language)) {
      await openPage(page, `${site.url}${path}`);
      const wide = await page.evaluate(() =>
        document.documentElement.scrollWidth <= 320
          ? []
          : [...document.querySelectorAll('body *')]
              .filter((element) => element.getBoundingClientRect().right > 320.5)
              .slice(0, 3)
              .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`),
      );
      overflows.push(...wide.map((element) => `${path}: ${element}`));
    }
    expect(overflows).toEqual([]);
    await context.close();
  });
});

describe('the language switch in the header', () => {
  it('goes to the same page in each language, its query kept, and back to French without a prefix', async () => {
    const { page, errors } = await open('/de/agenda/?mois=12');
    const steps = [
      { name: 'IT – Italiano', path: '/it/agenda/', lang: 'it', navigation: 'Navigazione principale' },
      { name: 'FR – Français', path: '/agenda/', lang: 'fr', navigation: 'Navigation principale' },
      { name: 'EN – English', path: '/en/agenda/', lang: 'en', navigation: 'Main navigation' },
      { name: 'DE – Deutsch', path: '/de/agenda/', lang: 'de', navigation: 'Hauptnavigation' },
    ] as const;
    for (const step of steps) {
      // A link: it works before the page's script runs, and without it.
      await page.getByRole('link', { name: step.name }).click();
      await page.waitForURL(`${site.url}${step.path}?mois=12`);
      await page.getByRole('navigation', { name: step.navigation }).waitFor();
      await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe(step.lang);
      await expect(page.getByRole('link', { name: step.name }).getAttribute('aria-current')).resolves.toBe('true');
      await expect(page.locator('main').innerText()).resolves.toMatch(monthPattern(step.lang));
      // The header's links follow, so the next page is in the same language.
      await expect(page.getByRole('navigation', { name: step.navigation }).locator('a[data-nav="directory"]').getAttribute('href')).resolves.toBe(
        localizedPath('/annuaire/', step.lang),
      );
      await expect(page.getByRole('banner').locator('a[data-localized-href]').getAttribute('href')).resolves.toBe(localizedPath('/', step.lang));
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each(LANGUAGES_SHOWN)('leaves no French in the interface after switching a French page to $language', async ({ language, button, navigation }) => {
    const { page, errors } = await open('/annuaire/');
    await page.getByRole('link', { name: button }).click();
    await page.getByRole('navigation', { name: navigation }).waitFor();
    await expect(page.evaluate(() => window.location.pathname)).resolves.toBe(`/${language}/annuaire/`);
    await expect(frenchLeft(page, language)).resolves.toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('leaves a German page that axe finds no violation in', async () => {
    const { page, errors } = await open('/de/agenda/');
    expect(await axeViolations(page)).toEqual([]);
    const contact = content.contacts[0];
    if (contact === undefined) throw new Error('the demo database has no contact');
    await openPage(page, `${site.url}${localizedPath(contactPath(contact), 'de')}`);
    await page.getByRole('dialog').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('a widget container the server did not render', () => {
  // The built page as a content system would serve it: the container empty, mounted by the script alone.
  const template = readFileSync(join(DIST, 'annuaire', 'index.html'), 'utf8');

  const openClientOnly = async (html: string): Promise<{ page: Page; errors: string[] }> => {
    const watched = await watchedPage(browser);
    await watched.page.route(`${site.url}/annuaire/`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
    await openPage(watched.page, `${site.url}/annuaire/`);
    return watched;
  };

  it.each(LANGUAGES_SHOWN)('renders in $language when its lang is $language', async ({ language, navigation }) => {
    // Parcel's minified markup may drop the quotes: `<div data-widget=directory lang=fr>`.
    const html = template.replace(/(data-widget="?directory"?\s+lang=)"?fr"?/, `$1"${language}"`);
    expect(html).not.toBe(template);
    const { page, errors } = await openClientOnly(html);
    await expect(page.evaluate(() => document.documentElement.hasAttribute('data-server-rendered'))).resolves.toBe(false);
    await page.getByRole('navigation', { name: navigation }).waitFor();
    await expect(page.getByRole('region', { name: language === 'de' ? 'Kontakte' : 'Contatti' }).count()).resolves.toBe(1);
    await expect(frenchLeft(page, language)).resolves.toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('turns from French to German with the switch, at the same address', async () => {
    const { page, errors } = await openClientOnly(template);
    await expect(page.getByRole('region', { name: 'Contacts' }).count()).resolves.toBe(1);
    // No server has this page in German: the switch changes it in place.
    await page.getByRole('link', { name: 'DE – Deutsch' }).click();
    await page.getByRole('region', { name: 'Kontakte' }).waitFor();
    await expect(
      page
        .getByRole('searchbox', { name: 'Nach Namen suchen' })
        .or(page.getByRole('textbox', { name: 'Nach Namen suchen' }))
        .count(),
    ).resolves.toBe(1);
    await expect(page.evaluate(() => window.location.pathname)).resolves.toBe('/annuaire/');
    await expect(frenchLeft(page, 'de')).resolves.toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
