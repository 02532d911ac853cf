import ICAL from 'ical.js';
import type { Browser, Page } from 'playwright-core';
import { demo } from '../support/demo-expectations';
import { axeViolations, openPage } from '../support/browser';
import { openForSuite } from '../support/browser-suite';
import type { RunningSite } from '../support/site';

jest.setTimeout(60_000);

let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

/** A page whose clipboard the site may write and the test may read, recording console errors. */
const clipboardPage = async (): Promise<{ page: Page; errors: string[] }> => {
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
};

const categoryId = (title: string): number => demo.agenda_categories.find((category) => category.title === title)!.id;

describe('the agenda’s calendar subscription', () => {
  it('gives the feed of the chosen category, which parses, and copies its address; no console error, no axe violation', async () => {
    const { page, errors } = await clipboardPage();
    await openPage(page, `${site.url}/agenda/`);
    await page.locator('.agenda__results[aria-busy="false"]').waitFor();
    await page.getByRole('group', { name: 'Catégories' }).getByRole('button', { name: 'Commission' }).click();
    await page.waitForURL(/categories=2/);
    await page.locator('.agenda__results[aria-busy="false"]').waitFor();

    await page.getByText("S'abonner", { exact: true }).click();
    const address = page.getByRole('textbox', { name: 'Adresse du calendrier' });
    await expect(address.inputValue()).resolves.toBe(`${site.url}/flux/agenda/1/${categoryId('Commission')}.ics`);
    await expect(page.getByRole('link', { name: 'Ouvrir dans mon application de calendrier' }).getAttribute('href')).resolves.toBe(
      `${site.url.replace(/^http:/, 'webcal:')}/flux/agenda/1/2.ics`,
    );
    await expect(page.getByText(/^Copiez cette adresse dans votre application de calendrier/).isVisible()).resolves.toBe(true);

    // The address is a calendar a well-kept parser reads: every event of the chosen category.
    const response = await fetch(await address.inputValue());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(await response.text()) as unknown[]);
    const events = calendar.getAllSubcomponents('vevent');
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect(event.getFirstProperty('categories')?.getValues()).toContain('Commission');

    await page.getByRole('button', { name: "Copier l'adresse" }).click();
    // The clipboard answers asynchronously: the message shows once the copy has been made.
    await page.getByRole('status').filter({ hasText: 'Adresse copiée.' }).waitFor();
    await expect(page.getByRole('status').filter({ hasText: 'Adresse copiée.' }).count()).resolves.toBe(1);
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(await address.inputValue());

    // A second category: a new address, and the copy's message is no longer beside it.
    await page.getByRole('group', { name: 'Catégories' }).getByRole('button', { name: 'Séance plénière' }).click();
    await page.waitForFunction(
      (expected) => document.querySelector<HTMLInputElement>('.agenda-subscribe__address')?.value === expected,
      `${site.url}/flux/agenda/1/1.2.ics`,
    );
    await page.getByText('Adresse copiée.').waitFor({ state: 'detached' });
    await expect(page.getByText('Adresse copiée.').count()).resolves.toBe(0);

    // "Ajouter à mon calendrier" stays on each event.
    await expect(
      page
        .locator('.agenda-event')
        .first()
        .getByRole('link', { name: /^Ajouter à mon calendrier/ })
        .count(),
    ).resolves.toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the feed’s link in a disclosure without script', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/agenda/?categories=5&categories=2&titre=S%C3%A9ance`);
    await page.getByText("S'abonner", { exact: true }).click();
    await expect(page.getByRole('link', { name: 'Adresse du calendrier à copier' }).getAttribute('href')).resolves.toBe('/flux/agenda/1/2.5~seance.ics');
    await context.close();
  });
});

describe('the news feed', () => {
  const alternates = (page: Page) =>
    page
      .locator('head link[rel="alternate"][type="application/atom+xml"]')
      .evaluateAll((links) => links.map((link) => [link.getAttribute('title'), link.getAttribute('href')]));

  it('is linked from the news page’s head and body, follows the category selection, and answers Atom; no axe violation', async () => {
    const { page, errors } = await clipboardPage();
    await openPage(page, `${site.url}/actualites/`);
    await page.locator('.news__results[aria-busy="false"]').waitFor();
    await expect(alternates(page)).resolves.toEqual([['Actualités', '/flux/actualites/actualites.atom']]);
    const visible = page.getByRole('link', { name: "S'abonner aux actualités" });
    await expect(visible.getAttribute('href')).resolves.toBe('/flux/actualites/actualites.atom');

    const category = demo.news_categories.find((item) => item.scope === 'actualites')!;
    await page.getByRole('group', { name: 'Filtrer par catégorie' }).getByRole('button', { name: category.title }).click();
    await page.locator(`.news__feed a[href="/flux/actualites/actualites/${category.id}.atom"]`).waitFor();
    await page.locator(`head link[rel="alternate"][href="/flux/actualites/actualites/${category.id}.atom"]`).waitFor({ state: 'attached' });
    await expect(alternates(page)).resolves.toEqual([['Actualités', `/flux/actualites/actualites/${category.id}.atom`]]);

    const response = await fetch(`${site.url}/flux/actualites/actualites/${category.id}.atom`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(await response.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    // Polled again with its ETag: a 304.
    const again = await fetch(`${site.url}/flux/actualites/actualites/${category.id}.atom`, { headers: { 'if-none-match': response.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('is in the head of the page the server writes, with the selection of its address', async () => {
    const html = await (await fetch(`${site.url}/actualites/?categorie=2&categorie=1`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="alternate" type="application/atom+xml" title="Actualités" href="/flux/actualites/actualites/1.2.atom"/>');
  });
});
