import type { Browser, Page } from 'playwright-core';
import { PAGE_SIZES } from '../../src/domain/paging';
import { axeViolations, watchedPage, openPage, wakeIslands } from '../support/browser';
import { demo } from '../support/demo-expectations';
import { openForSuite } from '../support/browser-suite';
import type { RunningSite } from '../support/site';

jest.setTimeout(60_000);

let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const openDirectory = async (query = '', width = 1280): Promise<{ page: Page; errors: string[] }> => {
  const watched = await watchedPage(browser);
  await watched.page.setViewportSize({ width, height: 900 });
  await openPage(watched.page, `${site.url}/annuaire/${query}`);
  await watched.page.getByRole('article').first().waitFor();
  return watched;
};

const cardTitles = (page: Page): Promise<string[]> =>
  page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.querySelector('h3')?.textContent ?? ''));

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Rechercher un nom' });
const categorySelect = (page: Page) => page.getByRole('combobox', { name: 'Catégorie' });

/** Waits until the grid shows the answer for the filters on screen. */
const settled = (page: Page) => page.locator('.directory__results[aria-busy="false"]').waitFor();
const PAGE_SIZE = PAGE_SIZES.contacts;
const cardCount = (page: Page, count: number) => page.waitForFunction((n) => document.querySelectorAll('article').length === n, count);
const more = (page: Page) => page.getByRole('link', { name: 'Afficher plus' });
/** The results heading (h2 above the cards): the total, and how many are shown when fewer. */
const resultsHeading = (page: Page) => page.getByRole('region', { name: 'Contacts' }).getByRole('heading', { level: 2 });
const focusedHeading = (page: Page): Promise<string | null> =>
  page.evaluate(() => (document.activeElement?.tagName === 'H3' ? document.activeElement.textContent : null));

describe('the directory page', () => {
  it('shows the first page of contacts and the count of all, with no console error and no axe violation', async () => {
    const { page, errors } = await openDirectory();
    await cardCount(page, PAGE_SIZE);
    await expect(resultsHeading(page).textContent()).resolves.toBe(`${demo.contacts.length} contacts, ${PAGE_SIZE} affichés`);
    // The first list's count is on the page: the polite status says nothing of it.
    await expect(page.getByRole('status').textContent()).resolves.toBe('');
    await expect(more(page).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'Filtres' }).isVisible()).resolves.toBe(true);
    await expect(searchBox(page).getAttribute('placeholder')).resolves.toBe('Recherche du nom');
    await expect(categorySelect(page).locator('option').first().textContent()).resolves.toBe('Sélectionner une catégorie');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('searches the name at each key release, accents aside, and keeps the text in the address', async () => {
    const { page, errors } = await openDirectory();
    await searchBox(page).pressSequentially('hel');
    await page.waitForURL(/\?q=hel$/);
    await settled(page);
    const titles = await cardTitles(page);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((title) => fold(title).includes('hel'))).toBe(true);
    expect(titles.some((title) => title.includes('Hélène'))).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('combines the category with the text, clears the text back to the category, and moves back and forward', async () => {
    const { page } = await openDirectory();
    await categorySelect(page).selectOption('Grand Conseil');
    await page.waitForURL(/categorie=Grand\+Conseil/);
    await searchBox(page).pressSequentially('hel');
    await page.waitForURL(/categorie=Grand\+Conseil&q=hel$/);
    await settled(page);
    const both = await cardTitles(page);
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((title) => fold(title).includes('hel'))).toBe(true);
    for (const card of await page.getByRole('article').all()) {
      await expect(card.getByRole('list', { name: 'Catégories' }).getByText('Grand Conseil', { exact: true }).count()).resolves.toBe(1);
    }

    await page.getByRole('button', { name: 'Effacer la recherche' }).click();
    await expect(searchBox(page).inputValue()).resolves.toBe('');
    await expect(page.getByRole('button', { name: 'Effacer la recherche' }).count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('type'))).resolves.toBe('search');
    await page.waitForURL(/\?categorie=Grand\+Conseil$/);
    await settled(page);
    expect((await cardTitles(page)).length).toBeGreaterThan(both.length);

    await page.goBack();
    await page.waitForURL(/q=hel$/);
    await expect(searchBox(page).inputValue()).resolves.toBe('hel');
    await settled(page);
    await expect(cardTitles(page)).resolves.toEqual(both);

    await page.reload();
    await page.getByRole('article').first().waitFor();
    await expect(searchBox(page).inputValue()).resolves.toBe('hel');
    await expect(categorySelect(page).inputValue()).resolves.toBe('Grand Conseil');
    await expect(cardTitles(page)).resolves.toEqual(both);
    await page.context().close();
  });

  it('says when nothing matches and clears the filters from there', async () => {
    const { page } = await watchedPage(browser);
    await openPage(page, `${site.url}/annuaire/?q=zzzz`);
    await page.getByText('Aucun contact ne correspond à votre recherche').waitFor();
    await page.getByRole('button', { name: 'Effacer les filtres' }).click();
    await page.getByRole('article').first().waitFor();
    await cardCount(page, PAGE_SIZE);
    // A later list's count is said politely, as the heading shows it.
    await page.getByRole('status').getByText(`${demo.contacts.length} contacts, ${PAGE_SIZE} affichés`).waitFor();
    await expect(resultsHeading(page).textContent()).resolves.toBe(`${demo.contacts.length} contacts, ${PAGE_SIZE} affichés`);
    await page.context().close();
  });

  it('adds a page of cards at each "Afficher plus" from the keyboard, moves focus to the first new one, and says how many came', async () => {
    const { page, errors } = await openDirectory();
    await cardCount(page, PAGE_SIZE);
    const first = await cardTitles(page);
    await page.evaluate(() => document.documentElement.setAttribute('data-same-document', ''));
    let shown: number = PAGE_SIZE;
    while (shown < demo.contacts.length) {
      await more(page).focus();
      await page.keyboard.press('Enter');
      const next = Math.min(shown + PAGE_SIZE, demo.contacts.length);
      await cardCount(page, next);
      // The link acts in place once the script runs, and the address says how many pages the list shows (a reload keeps them).
      await page.waitForURL(new RegExp(`/annuaire/\\?page=${Math.ceil(next / PAGE_SIZE)}$`));
      const titles = await cardTitles(page);
      await expect(focusedHeading(page)).resolves.toBe(titles[shown]);
      await expect(page.locator('.directory [aria-live="polite"]').textContent()).resolves.toBe(`${next - shown} contacts ajoutés`);
      shown = next;
    }
    const titles = await cardTitles(page);
    // Every contact once (each has its own page), the first page where it was.
    expect(titles.slice(0, PAGE_SIZE)).toEqual(first);
    const links = await page.getByRole('link', { name: /^Détails de / }).evaluateAll((all) => all.map((link) => link.getAttribute('href')));
    expect(new Set(links).size).toBe(demo.contacts.length);
    await expect(more(page).count()).resolves.toBe(0);
    await expect(resultsHeading(page).textContent()).resolves.toBe(`${demo.contacts.length} contacts`);
    await expect(page.locator('html[data-same-document]').count()).resolves.toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('cancels a running "Afficher plus" with a newer search, which alone is shown', async () => {
    const { page } = await openDirectory();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === '/api/contacts/' && url.searchParams.has('cursor'),
      async (route) => {
        await held;
        await route.continue().catch(() => undefined);
      },
    );
    await more(page).click();
    await searchBox(page).pressSequentially('hel');
    await page.waitForURL(/\?q=hel$/);
    await settled(page);
    release();
    const titles = await cardTitles(page);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((title) => fold(title).includes('hel'))).toBe(true);
    await page.context().close();
  });

  it('renders one page of a legacy API’s whole array of 10,000 contacts, and reveals the next without a request', async () => {
    const { page, errors } = await openDirectory();
    const contacts = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, title: `Contact ${String(i + 1).padStart(5, '0')}`, type_contact: 'Personne' }));
    const requests: string[] = [];
    // A backend that ignores paging answers every contact at once.
    await page.route(
      (url) => url.pathname === '/api/contacts/',
      async (route) => {
        requests.push(route.request().url());
        await route.fulfill({ json: contacts });
      },
    );
    await searchBox(page).press('c');
    await resultsHeading(page)
      .filter({ hasText: /^10\s000 contacts, 48 affichés$/ })
      .waitFor();
    await cardCount(page, PAGE_SIZE);
    await more(page).click();
    await cardCount(page, PAGE_SIZE * 2);
    await expect(focusedHeading(page)).resolves.toBe(`Contact ${String(PAGE_SIZE + 1).padStart(5, '0')}`);
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!).searchParams.get('page_size')).toBe(String(PAGE_SIZE));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('opens the permalink of a contact beyond the first page in its modal, and closing it goes back to the directory', async () => {
    const watched = await watchedPage(browser);
    const { page, errors } = watched;
    const answer = (await (await page.request.get(`${site.url}/api/contacts/?page_size=100`)).json()) as { results: { title: string; slug: string }[] };
    const contact = answer.results[PAGE_SIZE + 12]!;
    const response = await page.goto(`${site.url}/annuaire/${contact.slug}/`);
    expect(response?.status()).toBe(200);
    await wakeIslands(page);
    const dialog = page.getByRole('dialog', { name: contact.title });
    await dialog.waitFor();
    // Not one of the cards: the contact was asked for by itself.
    await expect(cardTitles(page)).resolves.not.toContain(contact.title);
    await dialog.getByRole('link', { name: 'Fermer' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/annuaire/');
    await expect(cardTitles(page)).resolves.toHaveLength(PAGE_SIZE);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows a message and a retry button when the call fails, and recovers', async () => {
    const watched = await watchedPage(browser);
    const { page } = watched;
    // The first screen comes with the page; the next search is the one that fails.
    await openPage(page, `${site.url}/annuaire/`);
    await page.route('**/api/contacts/**', (route) => route.abort());
    await searchBox(page).press('a');
    await page.getByRole('alert').getByText("L'annuaire n'a pas pu être chargé.").waitFor();
    await page.unroute('**/api/contacts/**');
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByRole('article').first().waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await page.context().close();
  });

  it('opens the details in a modal dialog that keeps focus, closes with Escape, and gives focus back', async () => {
    const { page, errors } = await openDirectory('?q=helene');
    const first = page.getByRole('article').first();
    const title = await first.getByRole('heading').textContent();
    // A link to the contact's own page, which a plain click opens in the modal instead.
    const more = first.getByRole('link', { name: `Détails de ${title}` });
    await expect(more.getAttribute('href')).resolves.toMatch(/^\/annuaire\/[a-z0-9-]+\/$/);
    await more.click();
    const dialog = page.getByRole('dialog', { name: title! });
    await dialog.waitFor();
    await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true');
    await expect(dialog.getByRole('heading', { name: 'Registre des intérêts' }).isVisible()).resolves.toBe(true);
    await expect(dialog.getByRole('link', { name: 'Télécharger la vCard' }).getAttribute('download')).resolves.toMatch(/\.vcf$/);
    expect(await axeViolations(page)).toEqual([]);
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      await expect(dialog.evaluate((element) => element.contains(document.activeElement))).resolves.toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog.count()).resolves.toBe(0);
    await expect(more.evaluate((link) => link === document.activeElement)).resolves.toBe(true);

    await more.click();
    await page.getByRole('link', { name: 'Fermer' }).click();
    await expect(dialog.count()).resolves.toBe(0);
    await more.click();
    await page.mouse.click(5, 5);
    await expect(dialog.count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each([
    [1600, 3],
    [1200, 2],
    [500, 1],
  ])('lays the cards out in columns at %i px wide: %i', async (width, columns) => {
    const { page } = await openDirectory('', width);
    const grid = page.locator('.directory-grid');
    await expect(grid.evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(' ').length)).resolves.toBe(columns);
    const lefts = await page.getByRole('article').evaluateAll((cards) => [...new Set(cards.map((card) => Math.round(card.getBoundingClientRect().left)))]);
    expect(lefts).toHaveLength(columns);
    await page.context().close();
  });
});

/** The words of each language the tests below read the page by. */
const WORDS = {
  fr: {
    prefix: '',
    filters: 'Filtres',
    category: 'Catégorie',
    search: 'Rechercher un nom',
    results: 'Contacts',
    details: 'Détails de',
    shown: 'affichés',
    close: 'Fermer',
  },
  de: {
    prefix: '/de',
    filters: 'Filter',
    category: 'Kategorie',
    search: 'Nach Namen suchen',
    results: 'Kontakte',
    details: 'Details zu',
    shown: 'angezeigt',
    close: 'Schliessen',
  },
} as const;

type Language = keyof typeof WORDS;

// WCAG 1.4.12: the text spacing a reader's style sheet may set, which the page must take without loss.
const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }`;

const openAt = async (path: string, width: number): Promise<{ page: Page; errors: string[] }> => {
  const watched = await watchedPage(browser);
  await watched.page.setViewportSize({ width, height: 800 });
  await openPage(watched.page, `${site.url}${path}`);
  return watched;
};

/** The page's headings in order, as a screen reader's list reads them: level and text, hidden ones aside. */
const outline = (page: Page): Promise<{ level: number; text: string }[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')]
      .filter((heading) => heading.getClientRects().length > 0 && heading.closest('[aria-hidden="true"]') === null)
      .map((heading) => ({ level: Number(heading.tagName[1]), text: heading.textContent.replace(/\s+/g, ' ').trim() })),
  );

const focusedLink = (page: Page): Promise<{ text: string; href: string | null; inView: boolean } | null> =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active === document.body) return null;
    const box = active.getBoundingClientRect();
    return { text: active.textContent, href: active.getAttribute('href'), inView: box.top >= 0 && box.bottom <= window.innerHeight };
  });

/** The list's title, as the server writes it on a contact's page. */
const listTitle = (page: Page): Promise<string | null> => page.locator('title').getAttribute('data-list-title');

describe.each(['fr', 'de'] as const)('the directory in %s', (language: Language) => {
  const words = WORDS[language];

  it.each([1366, 375, 320])('at %i px: labelled filters in a named search landmark, a results heading over the cards, and no axe violation', async (width) => {
    const { page, errors } = await openAt(`${words.prefix}/annuaire/`, width);
    const search = page.getByRole('search', { name: words.filters });
    await expect(search.count()).resolves.toBe(1);
    // The labels are on screen, not only in the accessibility tree; the placeholder and the empty option stay as hints.
    for (const name of [words.category, words.search]) {
      await expect(search.locator('label').getByText(name, { exact: true }).isVisible()).resolves.toBe(true);
    }
    await expect(search.getByRole('combobox', { name: words.category }).isVisible()).resolves.toBe(true);
    await expect(search.getByRole('searchbox', { name: words.search }).isVisible()).resolves.toBe(true);
    // h1 > h2 > h3 with no level skipped, and the cards' h3 under the results' h2, not under "Filtres".
    const headings = await outline(page);
    expect(headings[0]?.level).toBe(1);
    headings.forEach((heading, index) => {
      if (index > 0) expect(heading.level).toBeLessThanOrEqual(headings[index - 1]!.level + 1);
    });
    const firstCard = headings.findIndex((heading) => heading.level === 3);
    const over = headings.slice(0, firstCard).findLast((heading) => heading.level === 2);
    expect(over?.text).toMatch(new RegExp(`^\\d+ ${language === 'fr' ? 'contacts' : 'Kontakte'}, ${PAGE_SIZE} ${words.shown}$`));
    await expect(page.getByRole('region', { name: words.results }).getByRole('heading', { level: 2 }).textContent()).resolves.toBe(over?.text);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each([1366, 375])("at %i px: a card's name opens its details in place, with its address and title; Escape gives focus back to the name", async (width) => {
    const { page, errors } = await openAt(`${words.prefix}/annuaire/`, width);
    const list = await page.title();
    expect(list).toMatch(/ – (Canton de|Kanton) Valmont$/);
    const card = page.getByRole('article').nth(2);
    const name = (await card.getByRole('heading', { level: 3 }).textContent())!;
    const link = card.getByRole('link', { name, exact: true });
    // "⋯" is a second way to the same page, named with the contact's name.
    const href = await link.getAttribute('href');
    expect(href).toMatch(new RegExp(`^${words.prefix}/annuaire/[a-z0-9-]+/$`));
    await expect(card.getByRole('link', { name: `${words.details} ${name}` }).getAttribute('href')).resolves.toBe(href);
    await link.click();
    const dialog = page.getByRole('dialog', { name });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe(href);
    await expect(page.title()).resolves.toBe(`${name} – ${list}`);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(link.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await expect(page.title()).resolves.toBe(list);
    expect(new URL(page.url()).pathname).toBe(`${words.prefix}/annuaire/`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each([1366, 375, 320])(
    'at %i px: a permalink loaded opens its details; Escape gives the title back and focus to its card, scrolled into view',
    async (width) => {
      const answer = (await (await fetch(`${site.url}/api/contacts/?page_size=${PAGE_SIZE}`)).json()) as { results: { title: string; slug: string }[] };
      // A card far down the first page: giving it focus must bring it into view.
      const contact = answer.results[PAGE_SIZE - 3]!;
      const { page, errors } = await openAt(`${words.prefix}/annuaire/${contact.slug}/`, width);
      const dialog = page.getByRole('dialog', { name: contact.title });
      await dialog.waitFor();
      const list = await listTitle(page);
      expect(list).toMatch(/ – (Canton de|Kanton) Valmont$/);
      await expect(page.title()).resolves.toBe(`${contact.title} – ${list}`);
      // As a keyboard user finds it: focus in the dialog (it takes it once its script runs), then Escape.
      await page.waitForFunction(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect(focusedLink(page)).resolves.toEqual({ text: contact.title, href: `${words.prefix}/annuaire/${contact.slug}/`, inView: true });
      await expect(page.title()).resolves.toBe(list);
      expect(new URL(page.url()).pathname).toBe(`${words.prefix}/annuaire/`);
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );

  it("a permalink's contact not among the cards: closing gives focus to the results heading", async () => {
    const answer = (await (await fetch(`${site.url}/api/contacts/?page_size=100`)).json()) as { results: { title: string; slug: string }[] };
    const contact = answer.results[PAGE_SIZE + 5]!;
    const { page, errors } = await openAt(`${words.prefix}/annuaire/${contact.slug}/`, 1366);
    const dialog = page.getByRole('dialog', { name: contact.title });
    await dialog.waitFor();
    await dialog.getByRole('link', { name: words.close }).click();
    await dialog.waitFor({ state: 'hidden' });
    const heading = page.getByRole('region', { name: words.results }).getByRole('heading', { level: 2 });
    await expect(heading.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await expect(page.title()).resolves.toBe(await listTitle(page));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each([375, 320])('at %i px with the text spacing of WCAG 1.4.12: no sideways scroll, numbers whole, addresses broken only at their dots', async (width) => {
    const { page } = await openAt(`${words.prefix}/annuaire/`, width);
    // A constructed style sheet, as a reader's extension adds one: the site's CSP refuses inline <style>.
    await page.evaluate((css) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    }, TEXT_SPACING);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    await expect(page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).resolves.toBeLessThanOrEqual(0);
    const broken = await page.evaluate(() => {
      // Where a text node's lines break: the characters that end a line but its last.
      const lineEnds = (node: Node): string[] => {
        const text = node.textContent ?? '';
        const range = document.createRange();
        const tops = [...text].map((_, index) => {
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          return Math.round(range.getBoundingClientRect().top);
        });
        return [...text].filter((_, index) => index + 1 < text.length && tops[index + 1]! > tops[index]!);
      };
      const texts = (link: Element): Node[] => [...link.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE);
      const cards = [...document.querySelectorAll('article')];
      // A number on one line; an address broken only at its <wbr> (between its text nodes) or after a hyphen of its words.
      const numbers = cards.flatMap((card) => [...card.querySelectorAll('a[href^="tel:"]')]).filter((link) => texts(link).some((node) => lineEnds(node).length > 0));
      const pieces = cards
        .flatMap((card) => [...card.querySelectorAll('a[href^="mailto:"]')])
        .flatMap(texts)
        .filter((piece) => lineEnds(piece).some((end) => end !== '-'));
      return { numbers: numbers.map((link) => link.textContent), pieces: pieces.map((piece) => piece.textContent), cards: cards.length };
    });
    expect(broken.cards).toBeGreaterThan(0);
    expect(broken).toEqual({ numbers: [], pieces: [], cards: broken.cards });
    await page.context().close();
  });
});

describe("a card's name link", () => {
  it('keeps the browser’s own meaning with a modifier: Ctrl+click opens the page in a new tab, not the dialog', async () => {
    const { page } = await openDirectory();
    const card = page.getByRole('article').first();
    const name = (await card.getByRole('heading', { level: 3 }).textContent())!;
    const [opened] = await Promise.all([page.context().waitForEvent('page'), card.getByRole('link', { name, exact: true }).click({ modifiers: ['Control'] })]);
    await opened.waitForLoadState();
    expect(new URL(opened.url()).pathname).toMatch(/^\/annuaire\/[a-z0-9-]+\/$/);
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    expect(new URL(page.url()).pathname).toBe('/annuaire/');
    await page.context().close();
  });
});
