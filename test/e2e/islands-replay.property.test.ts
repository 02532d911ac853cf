import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import type { Browser, Page } from 'playwright-core';
import { openForSuite } from '../support/browser-suite';
import { watchedPage } from '../support/browser';
import { browserRuns } from '../support/fuzz-runs';
import type { RunningSite } from '../support/site';

jest.setTimeout(600_000);

let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

/** What a visitor does to the directory: a letter typed, a letter erased, a category chosen (by its place in the list, 0 for all). */
type Act = { readonly kind: 'type'; readonly letter: string } | { readonly kind: 'erase' } | { readonly kind: 'category'; readonly index: number };

const act: fc.Arbitrary<Act> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('a', 'e', 'i', 'l', 'm', 'n', 'o', 'r', 'u').map((letter): Act => ({ kind: 'type', letter })) },
  { weight: 1, arbitrary: fc.constant<Act>({ kind: 'erase' }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 3 }).map((index): Act => ({ kind: 'category', index })) },
);

const searchBox = (page: Page) => page.getByRole('main').getByRole('searchbox', { name: 'Rechercher un nom' });
const categoryList = (page: Page) => page.getByRole('main').getByRole('combobox', { name: 'Catégorie' });

const perform = async (page: Page, step: Act): Promise<void> => {
  if (step.kind === 'type') await searchBox(page).press(step.letter);
  else if (step.kind === 'erase') await searchBox(page).press('Backspace');
  else {
    const value = await categoryList(page).locator('option').nth(step.index).getAttribute('value');
    await categoryList(page).selectOption(value ?? '');
  }
};

interface Outcome {
  readonly address: string;
  readonly text: string;
  readonly category: string;
  readonly cards: readonly string[];
  readonly events: readonly unknown[];
}

// The visitor's own events, as the journal holds them; the services' answers depend on timing.
const VISITOR_EVENTS = new Set(['TEXT_CHANGED', 'KEY_RELEASED', 'SELECT_CATEGORY']);

/** The screen and the visitor's events once the widget settled, the journal read through its panel. */
const outcomeOf = async (page: Page): Promise<Outcome> => {
  await page.locator('[data-widget="directory"][data-ready]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  await page.locator('[data-widget="directory"] [aria-busy="true"]').waitFor({ state: 'detached' });
  await page.waitForTimeout(300);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger le journal' }).click()]);
  const journal = JSON.parse(readFileSync(await download.path(), 'utf8')) as { actors: { widget: string; entries: { event: { type: string } }[] }[] };
  const directory = journal.actors.find((actor) => actor.widget === 'directory');
  return {
    address: new URL(page.url()).search,
    text: await searchBox(page).inputValue(),
    category: await categoryList(page).inputValue(),
    cards: await page.locator('.contact-card h2, .contact-card h3').allInnerTexts(),
    events: (directory?.entries ?? []).map(({ event }) => event).filter((event) => VISITOR_EVENTS.has(event.type)),
  };
};

/** The acts sent to a widget awake from the start. */
const awake = async (acts: readonly Act[]): Promise<Outcome> => {
  const { page } = await watchedPage(browser);
  try {
    await page.goto(`${site.url}/annuaire/?journal`);
    await page.locator('[data-widget="directory"][data-ready]').waitFor({ state: 'attached' });
    await searchBox(page).focus();
    for (const step of acts) await perform(page, step);
    return await outcomeOf(page);
  } finally {
    await page.context().close();
  }
};

/** The same acts, the widget's code held back until `wakeAt` of them were done (the rest arrive during and after its waking). */
const wokenLate = async (acts: readonly Act[], wakeAt: number): Promise<{ outcome: Outcome; errors: readonly string[] }> => {
  const { page, errors } = await watchedPage(browser);
  try {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/directory-widget\.[0-9a-f]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${site.url}/annuaire/?journal`);
    await searchBox(page).focus();
    for (const [index, step] of acts.entries()) {
      if (index === wakeAt) release();
      await perform(page, step);
    }
    release();
    return { outcome: await outcomeOf(page), errors };
  } finally {
    await page.context().close();
  }
};

describe('an island woken while the visitor acts', () => {
  it('ends on the same screen and the same events as a widget awake from the start', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(act, { minLength: 1, maxLength: 8 }).chain((acts) => fc.tuple(fc.constant(acts), fc.integer({ min: 0, max: acts.length }))),
        async ([acts, wakeAt]) => {
          const late = await wokenLate(acts, wakeAt);
          expect(late.errors).toEqual([]);
          expect(late.outcome).toEqual(await awake(acts));
        },
      ),
      {
        numRuns: browserRuns(3),
        examples: [
          // A category chosen before typing renders the field with the machine's text while the typing waits for its turn: it stays on screen, and the erasing that follows erases it.
          [[[{ kind: 'category', index: 0 }, { kind: 'category', index: 0 }, { kind: 'type', letter: 'a' }, { kind: 'erase' }], 2]],
          // A letter typed on top of one still waiting keeps both.
          [
            [
              [
                { kind: 'category', index: 1 },
                { kind: 'type', letter: 'm' },
                { kind: 'type', letter: 'a' },
                { kind: 'type', letter: 'r' },
              ],
              1,
            ],
          ],
        ],
      },
    );
  });
});
