import type { Browser, Page } from 'playwright-core';
import { filingLetter, LETTERS } from '../../src/domain/directory-letter';
import { PAGE_SIZES } from '../../src/domain/paging';
import { axeViolations, openPage } from '../support/browser';
import { openForSuite } from '../support/browser-suite';
import { demo, expectedContacts } from '../support/demo-expectations';
import { recordedPage } from '../support/page-watch';
import type { RunningSite } from '../support/site';

jest.setTimeout(90_000);

let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

/** The words a language's page uses for the index, as a visitor reads them. */
const WORDS = {
  fr: {
    prefix: '',
    nav: 'Index alphabétique',
    all: 'Tous',
    category: 'Catégorie',
    submit: 'Rechercher',
    searchBox: 'Rechercher un nom',
    empty: 'Aucun contact ne correspond à votre recherche',
    csv: 'Exporter la liste en CSV',
    results: 'Contacts',
    badRequest: 'Adresse invalide',
  },
  de: {
    prefix: '/de',
    nav: 'Alphabetischer Index',
    all: 'Alle',
    category: 'Kategorie',
    submit: 'Suchen',
    searchBox: 'Nach Namen suchen',
    empty: 'Kein Kontakt entspricht Ihrer Suche',
    csv: 'Liste als CSV exportieren',
    results: 'Kontakte',
    badRequest: 'Ungültige Adresse',
  },
} as const;
type Language = keyof typeof WORDS;

// The demo's contacts under each letter, and under each letter within a category, by the filing rule.
const letterOf = (contact: (typeof demo.contacts)[number]): string | null => filingLetter(contact.title, contact.type_contact);
const underLetter = (letter: string, category?: string) =>
  demo.contacts.filter((contact) => letterOf(contact) === letter && (category === undefined || contact.categories.includes(category)));
const FULL = LETTERS.filter((letter) => underLetter(letter).length > 0);
const EMPTY = LETTERS.filter((letter) => underLetter(letter).length === 0);
const lettersByTitle = new Map(demo.contacts.map((contact) => [contact.title, letterOf(contact)]));

const CATEGORY = 'Grand Conseil';
// A letter with contacts in the category, and fewer than the whole letter: the list is the two filters ANDed.
const CATEGORY_LETTER = FULL.find((letter) => underLetter(letter, CATEGORY).length > 0 && underLetter(letter, CATEGORY).length < underLetter(letter).length) ?? '';
// A letter with contacts, none of them in a category that has contacts: the two combined list nothing.
const CATEGORIES = [...new Set(demo.contacts.flatMap((contact) => contact.categories))].sort();
const EMPTY_PAIR = FULL.flatMap((letter) =>
  CATEGORIES.filter((category) => underLetter(letter, category).length === 0).map((category) => ({ letter, category })),
)[0] ?? { letter: '', category: '' };

const index = (page: Page, language: Language) => page.getByRole('navigation', { name: WORDS[language].nav });
const letterLink = (page: Page, language: Language, name: string) => index(page, language).getByRole('link', { name, exact: true });
const cardTitles = (page: Page): Promise<string[]> =>
  page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.querySelector('h3')?.textContent ?? ''));
const settled = (page: Page) => page.locator('.directory__results[aria-busy="false"]').waitFor();
const searchOf = (page: Page): URLSearchParams => new URL(page.url()).searchParams;

/** The cards show exactly the contacts filed under `letter` (within `category`), and the index marks that letter alone. */
const expectLetter = async (page: Page, language: Language, letter: string, category?: string): Promise<void> => {
  const expected = underLetter(letter, category);
  await page.waitForFunction((count) => document.querySelectorAll('article').length === count, Math.min(expected.length, PAGE_SIZES.contacts));
  const titles = await cardTitles(page);
  expect(titles.map((title) => lettersByTitle.get(title))).toEqual(titles.map(() => letter));
  // In filing order: by family name or first significant word, then name, as the whole directory.
  const letterIds = new Set(expected.map((contact) => contact.id));
  const inOrder = expectedContacts(category === undefined ? {} : { category }).filter((id) => letterIds.has(id));
  expect(titles).toEqual(inOrder.slice(0, PAGE_SIZES.contacts).map((id) => demo.contacts.find((contact) => contact.id === id)?.title));
  await expect(letterLink(page, language, letter).getAttribute('aria-current')).resolves.toBe('true');
  await expect(index(page, language).locator('[aria-current]').count()).resolves.toBe(1);
  await expect(letterLink(page, language, WORDS[language].all).getAttribute('aria-current')).resolves.toBeNull();
};

/** Every empty letter is shown as text, not as a link, and takes no focus. */
const expectEmptyLettersAsText = async (page: Page, language: Language): Promise<void> => {
  for (const letter of EMPTY) await expect(letterLink(page, language, letter).count()).resolves.toBe(0);
  const shown = await index(page, language).locator('span[aria-hidden="true"]').allTextContents();
  expect(shown).toEqual(EMPTY);
  // "Tous" and every letter with contacts, nothing else: one link each.
  await expect(index(page, language).getByRole('link').count()).resolves.toBe(FULL.length + 1);
};

/**
 * axe on the page as a browser without script built it: axe needs script, so the same markup is
 * served again to a page whose own scripts are refused (as in test/e2e/no-script.test.ts).
 */
const axeWithoutScript = async (page: Page): Promise<string[]> => {
  const html = (await page.content()).replace(/<\/?noscript>/g, '');
  const context = await browser.newContext();
  const copy = await context.newPage();
  await copy.route('**/*', (route) => {
    const request = route.request();
    if (request.resourceType() === 'script') return route.abort();
    if (request.url() === page.url()) return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
    return route.continue();
  });
  await copy.goto(page.url());
  const violations = await axeViolations(copy);
  await context.close();
  return violations;
};

beforeAll(() => {
  // The demo must give the tests something to see: letters with and without contacts, a letter within the category, and a pair that lists nothing.
  expect(EMPTY.length).toBeGreaterThan(0);
  expect(FULL.length).toBeGreaterThan(2);
  expect(CATEGORY_LETTER).not.toBe('');
  expect(EMPTY_PAIR.letter).not.toBe('');
});

describe.each(['fr', 'de'] as const)('the directory A–Z in %s, with script', (language) => {
  const { prefix, all, category, submit, searchBox, empty, csv, results } = WORDS[language];

  it('opens on a letter from the address: only its contacts, the letter marked, empty letters as text, no axe violation', async () => {
    const { page, errors } = await recordedPage(browser);
    const letter = FULL[1] ?? '';
    await openPage(page, `${site.url}${prefix}/annuaire/?lettre=${letter}`);
    await expectLetter(page, language, letter);
    await expectEmptyLettersAsText(page, language);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('follows a letter in the list and the address, and "all" clears it', async () => {
    const { page, errors } = await recordedPage(browser);
    await openPage(page, `${site.url}${prefix}/annuaire/`);
    await expect(letterLink(page, language, all).getAttribute('aria-current')).resolves.toBe('true');
    const letter = FULL[0] ?? '';
    await letterLink(page, language, letter).click();
    await page.waitForURL((url) => url.searchParams.get('lettre') === letter);
    await settled(page);
    await expectLetter(page, language, letter);
    await expect(page.getByRole('link', { name: csv }).getAttribute('href')).resolves.toContain(`lettre=${letter}`);
    await letterLink(page, language, all).click();
    await page.waitForURL((url) => !url.searchParams.has('lettre'));
    await settled(page);
    await page.waitForFunction((count) => document.querySelectorAll('article').length === count, PAGE_SIZES.contacts);
    await expect(page.getByRole('region', { name: results }).getByRole('heading', { level: 2 }).textContent()).resolves.toContain(`${demo.contacts.length}`);
    await expect(letterLink(page, language, all).getAttribute('aria-current')).resolves.toBe('true');
    await expect(page.getByRole('link', { name: csv }).getAttribute('href')).resolves.not.toContain('lettre=');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps the letter with the category, and the export links follow both', async () => {
    const { page, errors } = await recordedPage(browser);
    await openPage(page, `${site.url}${prefix}/annuaire/`);
    await page.getByRole('combobox', { name: category }).selectOption(CATEGORY);
    await page.waitForURL((url) => url.searchParams.get('categorie') === CATEGORY);
    await settled(page);
    await letterLink(page, language, CATEGORY_LETTER).click();
    await page.waitForURL((url) => url.searchParams.get('lettre') === CATEGORY_LETTER);
    expect(searchOf(page).get('categorie')).toBe(CATEGORY);
    await settled(page);
    await expectLetter(page, language, CATEGORY_LETTER, CATEGORY);
    const href = new URL((await page.getByRole('link', { name: csv }).getAttribute('href')) ?? '', site.url);
    expect(href.searchParams.get('lettre')).toBe(CATEGORY_LETTER);
    expect(href.searchParams.get('categorie')).toBe(CATEGORY);
    const exported = await page.request.get(href.toString());
    expect(exported.status()).toBe(200);
    // A header row and a row a contact of the letter within the category.
    const rows = (await exported.text()).trim().split(/\r\n/);
    expect(rows.length - 1).toBe(underLetter(CATEGORY_LETTER, CATEGORY).length);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps the letter when a category is chosen on it, and when the form is then submitted', async () => {
    const { page, errors } = await recordedPage(browser);
    await openPage(page, `${site.url}${prefix}/annuaire/?lettre=${CATEGORY_LETTER}`);
    await expectLetter(page, language, CATEGORY_LETTER);
    await page.getByRole('combobox', { name: category }).selectOption(CATEGORY);
    await page.waitForURL((url) => url.searchParams.get('categorie') === CATEGORY);
    expect(searchOf(page).get('lettre')).toBe(CATEGORY_LETTER);
    await settled(page);
    await expectLetter(page, language, CATEGORY_LETTER, CATEGORY);
    // "Rechercher" with the name unchanged, as a visitor used to forms presses it after a choice: the letter stays.
    await page.getByRole('button', { name: submit, exact: true }).click();
    await settled(page);
    expect(searchOf(page).get('lettre')).toBe(CATEGORY_LETTER);
    await expectLetter(page, language, CATEGORY_LETTER, CATEGORY);
    // Back gives the whole letter again.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('categorie'));
    await settled(page);
    await expectLetter(page, language, CATEGORY_LETTER);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('leaves the letter for a name typed: a name is looked for under every letter', async () => {
    const { page, errors } = await recordedPage(browser);
    const name = underLetter('B')[0]?.title.split(' ').pop() ?? '';
    const other = FULL.find((letter) => letter !== 'B') ?? '';
    await openPage(page, `${site.url}${prefix}/annuaire/?lettre=${other}`);
    await page.getByRole('searchbox', { name: searchBox }).pressSequentially(name);
    await page.waitForURL((url) => url.searchParams.get('q') === name);
    expect(searchOf(page).has('lettre')).toBe(false);
    await settled(page);
    await expect(letterLink(page, language, all).getAttribute('aria-current')).resolves.toBe('true');
    await expect(cardTitles(page)).resolves.toContain(underLetter('B')[0]?.title);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says so when the letter and the category list nothing, and "all" gives the category back', async () => {
    const { page, errors } = await recordedPage(browser);
    await openPage(page, `${site.url}${prefix}/annuaire/?lettre=${EMPTY_PAIR.letter}`);
    await page.getByRole('combobox', { name: category }).selectOption(EMPTY_PAIR.category);
    await page.waitForURL((url) => url.searchParams.get('categorie') === EMPTY_PAIR.category && url.searchParams.get('lettre') === EMPTY_PAIR.letter);
    await settled(page);
    await page.getByText(empty, { exact: true }).waitFor();
    await expect(page.getByRole('article').count()).resolves.toBe(0);
    // The letter in force stays marked (and a link), so the visitor sees why the list is empty.
    await expect(letterLink(page, language, EMPTY_PAIR.letter).getAttribute('aria-current')).resolves.toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await letterLink(page, language, all).click();
    await page.waitForURL((url) => !url.searchParams.has('lettre') && url.searchParams.get('categorie') === EMPTY_PAIR.category);
    await settled(page);
    await expect(page.getByRole('article').count()).resolves.toBe(Math.min(expectedContacts({ category: EMPTY_PAIR.category }).length, PAGE_SIZES.contacts));
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe.each(['fr', 'de'] as const)('the directory A–Z in %s, without script', (language) => {
  const { prefix, all, category, submit, empty, csv } = WORDS[language];

  it('is written by the server: the letter filtered and marked, empty letters as text, links that work, no axe violation', async () => {
    const { page, apiCalls } = await recordedPage(browser, { javaScriptEnabled: false });
    const letter = FULL[2] ?? '';
    const response = await page.goto(`${site.url}${prefix}/annuaire/?lettre=${letter}`);
    expect(response?.status()).toBe(200);
    await expectLetter(page, language, letter);
    await expectEmptyLettersAsText(page, language);
    expect(new URL((await page.getByRole('link', { name: csv }).getAttribute('href')) ?? '', site.url).searchParams.get('lettre')).toBe(letter);
    expect(await axeWithoutScript(page)).toEqual([]);
    const other = FULL[0] ?? '';
    await letterLink(page, language, other).click();
    await page.waitForURL((url) => url.searchParams.get('lettre') === other);
    await expectLetter(page, language, other);
    await letterLink(page, language, all).click();
    await page.waitForURL((url) => !url.searchParams.has('lettre'));
    await expect(page.getByRole('article').count()).resolves.toBe(PAGE_SIZES.contacts);
    await expect(letterLink(page, language, all).getAttribute('aria-current')).resolves.toBe('true');
    expect(apiCalls).toEqual([]);
    await page.context().close();
  });

  it('keeps the category in the letter links', async () => {
    const { page } = await recordedPage(browser, { javaScriptEnabled: false });
    await page.goto(`${site.url}${prefix}/annuaire/?categorie=${encodeURIComponent(CATEGORY)}`);
    await letterLink(page, language, CATEGORY_LETTER).click();
    await page.waitForURL((url) => url.searchParams.get('lettre') === CATEGORY_LETTER && url.searchParams.get('categorie') === CATEGORY);
    await expectLetter(page, language, CATEGORY_LETTER, CATEGORY);
    await page.context().close();
  });

  it('keeps the letter when a category is chosen on it and the form submitted', async () => {
    const { page, apiCalls } = await recordedPage(browser, { javaScriptEnabled: false });
    await page.goto(`${site.url}${prefix}/annuaire/?lettre=${CATEGORY_LETTER}`);
    await page.getByRole('combobox', { name: category }).selectOption(CATEGORY);
    await Promise.all([page.waitForURL((url) => url.searchParams.has('categorie')), page.getByRole('button', { name: submit, exact: true }).click()]);
    expect(searchOf(page).get('categorie')).toBe(CATEGORY);
    expect(searchOf(page).get('lettre')).toBe(CATEGORY_LETTER);
    await expectLetter(page, language, CATEGORY_LETTER, CATEGORY);
    expect(apiCalls).toEqual([]);
    await page.context().close();
  });

  it('says so when the letter and the category list nothing, and "all" gives the category back', async () => {
    const { page } = await recordedPage(browser, { javaScriptEnabled: false });
    await page.goto(`${site.url}${prefix}/annuaire/?categorie=${encodeURIComponent(EMPTY_PAIR.category)}&lettre=${EMPTY_PAIR.letter}`);
    await page.getByText(empty, { exact: true }).waitFor();
    await expect(page.getByRole('article').count()).resolves.toBe(0);
    await expect(letterLink(page, language, EMPTY_PAIR.letter).getAttribute('aria-current')).resolves.toBe('true');
    await letterLink(page, language, all).click();
    await page.waitForURL((url) => !url.searchParams.has('lettre') && url.searchParams.get('categorie') === EMPTY_PAIR.category);
    await expect(page.getByRole('article').count()).resolves.toBe(Math.min(expectedContacts({ category: EMPTY_PAIR.category }).length, PAGE_SIZES.contacts));
    await page.context().close();
  });

  it('keeps the name searched in the letter links, and links only the letters the search finds', async () => {
    const { page } = await recordedPage(browser, { javaScriptEnabled: false });
    const name = underLetter('B')[0]?.title.split(' ').pop() ?? '';
    const found = demo.contacts.filter((contact) => contact.title.includes(name));
    await page.goto(`${site.url}${prefix}/annuaire/?q=${encodeURIComponent(name)}`);
    const letters = [...new Set(found.map(letterOf))].sort();
    await expect(index(page, language).getByRole('link').allTextContents()).resolves.toEqual([all, ...letters]);
    await letterLink(page, language, 'B').click();
    await page.waitForURL((url) => url.searchParams.get('lettre') === 'B' && url.searchParams.get('q') === name);
    const titles = await cardTitles(page);
    expect(titles.sort()).toEqual(
      found
        .filter((contact) => letterOf(contact) === 'B')
        .map((contact) => contact.title)
        .sort(),
    );
    await page.context().close();
  });

  it('answers a letter the index does not have with the 400 page', async () => {
    const { page } = await recordedPage(browser, { javaScriptEnabled: false });
    for (const bad of ['b', 'AB', '1', 'É']) {
      const response = await page.goto(`${site.url}${prefix}/annuaire/?lettre=${encodeURIComponent(bad)}`);
      expect(response?.status()).toBe(400);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(WORDS[language].badRequest);
    }
    await page.context().close();
  });
});
