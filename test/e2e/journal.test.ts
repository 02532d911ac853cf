import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { replayJournal } from '../../src/machines/journal-replay';
import { axeViolations, watchedPage, openPage } from '../support/browser';
import { openForSuite } from '../support/browser-suite';
import type { RunningSite } from '../support/site';

jest.setTimeout(60_000);

let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

/** Downloads the journal through its panel, as a visitor asked by the web team would. */
const downloadJournal = async (page: Page): Promise<unknown> => {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger le journal' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^journal-.*\.json$/);
  return JSON.parse(readFileSync(await download.path(), 'utf8')) as unknown;
};

const expectSameReplay = (journal: unknown, widget: string, atLeast: number): void => {
  const replay = replayJournal(journal);
  const actor = replay.find((candidate) => candidate.widget === widget);
  expect(actor).toBeDefined();
  expect(actor!.steps.length).toBeGreaterThan(atLeast);
  expect(actor!.steps.filter((step) => !step.same)).toEqual([]);
};

describe('a journal recorded in the browser (?journal)', () => {
  it('replays a directory session to identical states', async () => {
    const { page, errors } = await watchedPage(browser);
    await openPage(page, `${site.url}/annuaire/?journal`);
    await page.getByRole('article').first().waitFor();
    const panel = page.getByRole('complementary', { name: 'Journal de la session' });
    await expect(panel.isVisible()).resolves.toBe(true);
    await page.getByRole('searchbox', { name: 'Rechercher un nom' }).pressSequentially('hel');
    await page.waitForURL(/q=hel/);
    await page.locator('[aria-busy="false"]').waitFor();
    await page.getByRole('combobox', { name: 'Catégorie' }).selectOption('Grand Conseil');
    await page.locator('[aria-busy="false"]').waitFor();
    await page
      .getByRole('article')
      .first()
      .getByRole('link', { name: /^Détails de / })
      .click();
    await page.keyboard.press('Escape');
    await expect(panel.getByRole('status').textContent()).resolves.toMatch(/^\d+ événements enregistrés$/);
    expect(await axeViolations(page)).toEqual([]);
    expectSameReplay(await downloadJournal(page), 'directory', 8);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('replays an agenda session to identical states', async () => {
    const { page, errors } = await watchedPage(browser);
    await openPage(page, `${site.url}/agenda/?journal`);
    await page.locator('.agenda__results[aria-busy="false"]').waitFor();
    await page.getByRole('group', { name: 'Catégories' }).getByRole('button', { name: 'Culture' }).click();
    await page.locator('.agenda__results[aria-busy="false"]').waitFor();
    await page.getByRole('combobox', { name: 'Mois' }).selectOption('12');
    await page.locator('.agenda__results[aria-busy="false"]').waitFor();
    await page.getByRole('searchbox', { name: 'Rechercher un titre' }).fill('seance');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.locator('.agenda__results[aria-busy="false"]').waitFor();
    expectSameReplay(await downloadJournal(page), 'agenda', 8);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('replays a news session to identical states', async () => {
    const { page, errors } = await watchedPage(browser);
    await openPage(page, `${site.url}/actualites/?journal`);
    await page.getByRole('article').first().waitFor();
    const filters = page.getByRole('group', { name: 'Filtrer par catégorie' });
    await filters.getByRole('button').first().click();
    await page.locator('[aria-busy="false"]').first().waitFor();
    await filters.getByRole('button').nth(1).click();
    await page.locator('[aria-busy="false"]').first().waitFor();
    await page.getByRole('button', { name: 'Tout afficher' }).click();
    await page.getByRole('article').first().waitFor();
    expectSameReplay(await downloadJournal(page), 'news', 4);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('replays a shop and cart session to identical states, the page cart included', async () => {
    const { page, errors } = await watchedPage(browser);
    await openPage(page, `${site.url}/boutique/?journal`);
    await page.getByRole('article').first().waitFor();
    await page.getByRole('article').first().getByRole('button', { name: 'Ajouter au panier' }).click();
    await page.getByRole('article').first().getByRole('button', { name: 'Ajouter au panier' }).click();
    await page.getByRole('article').nth(1).getByRole('button', { name: 'Ajouter au panier' }).click();
    const journal = await downloadJournal(page);
    expectSameReplay(journal, 'cart', 3);
    expectSameReplay(journal, 'shop', 0);

    await openPage(page, `${site.url}/panier/?journal`);
    await page.getByRole('table').waitFor();
    await page.getByRole('combobox', { name: "Mode d'envoi" }).selectOption({ label: 'Retrait au guichet' });
    await page
      .getByRole('button', { name: /^Augmenter la quantité de / })
      .first()
      .click();
    await page
      .getByRole('button', { name: /^Retirer / })
      .first()
      .click();
    await page.getByRole('button', { name: 'Vider le panier' }).click();
    expectSameReplay(await downloadJournal(page), 'cart', 3);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
