import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import { SiteSearchAnswer, SEARCH_API_PATH, searchHits } from '../../../src/domain/site-search';
import type { SiteSearchMachineEvent, SiteSearchSnapshot } from '../../../src/machines/site-search-machine';
import { MODEL_INPUT, siteSearchModel } from '../../model/site-search-model';
import { literal, type PlaywrightDriver } from '../driver';

// The header's search form: where its suggestions are rendered, and where the visitor looks.
const FORM = '.site-header form[data-site-search]';
const NAME = 'Rechercher sur le site';

// The box is a combobox once its suggestions have loaded, which the first focus in its form does.
const BOX = `page.getByRole('banner').getByRole('combobox', { name: ${literal(NAME)} })`;

const searchOf = (query: string) => ({ path: SEARCH_API_PATH, query: { q: query, limit: String(MODEL_INPUT.limit) } });

/** A key pressed and released in the box; a text that came without an input event (an autofill, the browser's clearing) is put there first. */
const keyUp = (text: string, before: SiteSearchSnapshot): string[] => [
  ...(text === before.context.text ? [] : [`await ${BOX}.evaluate((box, text) => { (box as HTMLInputElement).value = text; }, ${literal(text)});`]),
  `await ${BOX}.press('End');`,
];

/**
 * The chosen suggestion's page is asked for, and answered "no content", so the page stays as the
 * model keeps it (the box and its list) while the request proves which page was opened.
 */
const choose = (before: SiteSearchSnapshot, index: number | undefined, act: string): string[] => {
  const at = index ?? before.context.highlight;
  const hit = at === null ? undefined : searchHits(before.context.answer)[at];
  if (hit === undefined) throw new Error(`No suggestion to choose in ${JSON.stringify(before.value)}.`);
  const path = literal(hit.result.path);
  return [
    `await page.route((url) => url.pathname === ${path}, (route) => route.fulfill({ status: 204 }));`,
    `await Promise.all([page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).pathname === ${path}), ${act}]);`,
  ];
};

/** The header's search suggestions' covering suite, on a page whose own widget asks nothing of the API. */
export const siteSearchDriver: PlaywrightDriver<SiteSearchMachineEvent> = {
  model: siteSearchModel,
  page: { path: '/accessibilite/', widget: 'accessibility', seenIn: FORM },
  // The visitor puts the cursor in the header's box: its suggestions load, as on the first use.
  prepare: [`await page.getByRole('banner').getByRole('searchbox', { name: ${literal(NAME)} }).focus();`],
  act: (event, state: SnapshotFrom<AnyStateMachine>) => {
    const before = state as SiteSearchSnapshot;
    switch (event.type) {
      // Typed, pasted or dictated: an input event, no key release.
      case 'TEXT_CHANGED':
        return [`await ${BOX}.fill(${literal(event.text)});`];
      case 'KEY_RELEASED':
        return keyUp(event.text, before);
      case 'MOVE':
        return [`await ${BOX}.press(${literal(event.step === 1 ? 'ArrowDown' : 'ArrowUp')});`];
      case 'DISMISS':
        return [`await ${BOX}.press('Escape');`];
      case 'CHOOSE':
        return event.index === undefined
          ? choose(before, undefined, `${BOX}.press('Enter')`)
          : choose(
              before,
              event.index,
              `page.locator(${literal(FORM)}).getByRole('option', { name: ${literal(searchHits(before.context.answer)[event.index]?.result.title ?? '')} }).click()`,
            );
      case 'RETRY':
        return [`await page.locator(${literal(FORM)}).getByRole('button', { name: 'Réessayer' }).click();`];
      // The pause is over once a search for the query has gone out and waits for its answer.
      case 'SEARCH_SENT':
        return [`await api.waiting(${literal(searchOf(before.context.query))});`];
      case 'RESULTS_LOADED':
        return [`await api.answer(${literal(searchOf(before.context.query))}, ${literal(SiteSearchAnswer.encode(event.answer))});`];
      // A busy server: the suggestions say the search tries again, and it does.
      case 'RESULTS_RETRYING':
        return [`await api.fail(${literal(searchOf(before.context.query))}, 503);`];
      // A refusal is not tried again.
      case 'RESULTS_FAILED':
        return [`await api.fail(${literal(searchOf(before.context.query))}, 404);`];
    }
  },
};
