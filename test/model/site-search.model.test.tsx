import { fireEvent, render, screen, within } from '@testing-library/react';
import { Subject } from 'rxjs';
import { createActor, fromEventObservable, type SnapshotFrom } from 'xstate';
import { sameQuery, searchHits } from '../../src/domain/site-search';
import { addMessages } from '../../src/i18n/intl';
import { SEARCH_MESSAGES } from '../../src/i18n/search-messages';
import { selectExpanded, selectHighlight, selectPanelOpen, type SiteSearchMachineEvent, type siteSearchMachine } from '../../src/machines/site-search-machine';
import type { SiteSearchEvent, SiteSearchRequest } from '../../src/services/site-search-service';
import { SearchSuggestions } from '../../src/views/search/search-suggestions';
import { suggestionsMachine } from '../../src/views/search/suggestions-mount';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { describeModelWalk } from './model-walk';
import { MODEL_INPUT, liveText, siteSearchModel } from './site-search-model';

type Snapshot = SnapshotFrom<typeof siteSearchMachine>;

addMessages(SEARCH_MESSAGES);

/**
 * The header's search box as the page serves it (a GET form, its box and button), given its
 * suggestions: the real machine of the page, with a fake search service whose answers the test gives.
 */
const harness = () => {
  const requests: { input: SiteSearchRequest; answer: Subject<SiteSearchEvent> }[] = [];
  const opened: string[] = [];
  const machine = suggestionsMachine('', (path) => opened.push(path)).provide({
    actors: {
      search: fromEventObservable<SiteSearchEvent, SiteSearchRequest>(({ input }) => {
        const answer = new Subject<SiteSearchEvent>();
        requests.push({ input, answer });
        return answer;
      }),
    },
  });
  const actor = createActor(machine, { input: MODEL_INPUT });
  const form = document.createElement('form');
  form.setAttribute('role', 'search');
  form.setAttribute('aria-label', 'Rechercher sur le site');
  form.innerHTML = '<label for="q">Rechercher sur le site</label><input id="q" type="search" name="q"><button type="submit">Rechercher</button>';
  const host = document.createElement('div');
  form.append(host);
  document.body.append(form);
  const input = form.querySelector('input')!;
  actor.start();
  render(
    <WidgetRoot language="fr">
      <SearchSuggestions actor={actor} input={input} form={form} />
    </WidgetRoot>,
    { container: host },
  );
  return { actor, requests, opened, input, form };
};

type Harness = ReturnType<typeof harness>;

const option = (index: number): HTMLElement => within(screen.getByRole('listbox', { hidden: true })).getAllByRole('option', { hidden: true })[index]!;

/** Makes the event happen as a visitor or the search service would. */
const perform = (h: Harness, event: SiteSearchMachineEvent): void => {
  switch (event.type) {
    case 'TEXT_CHANGED':
      h.input.value = event.text;
      fireEvent.input(h.input);
      return;
    case 'KEY_RELEASED':
      // A key release reads the box; a text the box got without an input event is put there first.
      h.input.value = event.text;
      fireEvent.keyUp(h.input, { key: 'e' });
      return;
    case 'MOVE':
      fireEvent.keyDown(h.input, { key: event.step === 1 ? 'ArrowDown' : 'ArrowUp' });
      return;
    case 'DISMISS':
      fireEvent.keyDown(h.input, { key: 'Escape' });
      return;
    case 'CHOOSE':
      if (event.index === undefined) fireEvent.keyDown(h.input, { key: 'Enter' });
      else fireEvent.click(option(event.index));
      return;
    case 'RETRY':
      fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
      return;
    case 'SEARCH_SENT':
    case 'RESULTS_LOADED':
    case 'RESULTS_FAILED':
    case 'RESULTS_RETRYING':
      h.requests.at(-1)!.answer.next(event);
      return;
  }
};

/** What the visitor (and a screen reader) must get in a state of the model. */
const expectScreen = (h: Harness, expected: Snapshot): void => {
  expect(h.actor.getSnapshot().value).toEqual(expected.value);
  const { text, query, wait } = expected.context;
  expect(h.input).toHaveValue(text);
  expect(h.input).toHaveAttribute('role', 'combobox');
  expect(h.input).toHaveAttribute('aria-autocomplete', 'list');
  const expanded = selectExpanded(expected);
  expect(h.input).toHaveAttribute('aria-expanded', String(expanded));
  const listbox = screen.getByRole('listbox', { hidden: true });
  expect(h.input).toHaveAttribute('aria-controls', listbox.id);
  const open = selectPanelOpen(expected);
  expect(listbox.closest('.search-suggestions')).toHaveProperty('hidden', !open);
  const hits = expanded ? searchHits(expected.context.answer) : [];
  const options = within(listbox).queryAllByRole('option', { hidden: true });
  expect(options.map((element) => element.querySelector('.search-result__title')?.textContent)).toEqual(hits.map((hit) => hit.result.title));
  if (expanded) {
    // Grouped by kind, each group named.
    expect(
      within(listbox)
        .getAllByRole('group')
        .map((group) => group.getAttribute('aria-labelledby') && document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent),
    ).toEqual(['Contacts', 'Événements', 'Actualités']);
  }
  const highlight = selectHighlight(expected);
  options.forEach((element, index) => expect(element).toHaveAttribute('aria-selected', String(index === highlight)));
  if (highlight === null) expect(h.input).not.toHaveAttribute('aria-activedescendant');
  else expect(h.input).toHaveAttribute('aria-activedescendant', options[highlight]!.id);
  const status = document.querySelector('[role="status"]');
  const live = liveText(expected);
  expect(status).toHaveTextContent(live, { normalizeWhitespace: true });
  // A slow request tried again says so in the open panel too, where the eyes are.
  const panel = listbox.closest<HTMLElement>('.search-suggestions')!;
  expect(within(panel).queryByText('Connexion lente ou serveur occupé : nouvel essai en cours…', { ignore: '[role="status"]' }) !== null).toBe(
    open && expected.matches({ searching: 'retrying' }),
  );
  expect(screen.queryByRole('button', { name: 'Réessayer' }) !== null).toBe(open && expected.matches('failed'));
  // The link to every result, once a query was asked.
  const all = screen.queryByRole('link', { hidden: true });
  expect(all?.getAttribute('href') ?? null).toBe(query === '' ? null : `/recherche/?q=${encodeURIComponent(query)}`);
  // The request under way asks for the query on screen, after the wait the step called for.
  if (expected.matches('searching')) expect(h.requests.at(-1)!.input).toEqual({ query, limit: MODEL_INPUT.limit, pauseMs: wait });
};

// Events after which no new request may go out: the key releases that change nothing, the arrows, Escape, a choice.
const asksNothing = (before: Snapshot, event: SiteSearchMachineEvent): boolean =>
  event.type === 'MOVE' ||
  event.type === 'DISMISS' ||
  event.type === 'CHOOSE' ||
  (event.type === 'KEY_RELEASED' &&
    !before.matches({ searching: 'typing' }) &&
    !before.matches('failed') &&
    before.context.query !== '' &&
    sameQuery(event.text, before.context.query));

// A step as a test name: an answer by its number of results rather than written out whole.
const label = (event: SiteSearchMachineEvent): string => {
  switch (event.type) {
    case 'TEXT_CHANGED':
    case 'KEY_RELEASED':
      return `${event.type}(${JSON.stringify(event.text)})`;
    case 'MOVE':
      return `MOVE(${event.step})`;
    case 'CHOOSE':
      return event.index === undefined ? 'CHOOSE' : `CHOOSE(${event.index})`;
    case 'RESULTS_LOADED':
      return `RESULTS_LOADED(${searchHits(event.answer).length} results)`;
    case 'RESULTS_FAILED':
      return `RESULTS_FAILED(${event.error._tag})`;
    default:
      return event.type;
  }
};

describeModelWalk(
  'the header search, walked through its statechart',
  {
    model: siteSearchModel,
    open: harness,
    close: (h) => h.actor.stop(),
    perform,
    measure: (h) => ({ requests: h.requests.length, chosen: h.opened.length }),
    expectStep: (h, { event, before, after, measured }) => {
      expectScreen(h, after as Snapshot);
      if (event === null || before === null || measured === null) return;
      if (asksNothing(before as Snapshot, event)) expect(h.requests).toHaveLength(measured.requests);
      if (event.type === 'CHOOSE') {
        const at = event.index ?? selectHighlight(before as Snapshot);
        expect(h.opened.slice(measured.chosen)).toEqual([searchHits((before as Snapshot).context.answer)[at!]!.result.path]);
      }
    },
  },
  (path) =>
    path.steps
      .slice(1)
      .map((step) => label(step.event))
      .join(' → ') || '(start)',
);
