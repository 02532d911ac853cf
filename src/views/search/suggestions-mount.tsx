import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { localizedPath } from '../../domain/permalinks';
import { SEARCH_LIMITS } from '../../domain/site-search';
import { addMessages } from '../../i18n/intl';
import { readLanguage, readRootLanguage, subscribeLanguage } from '../../i18n/language';
import { SEARCH_MESSAGES } from '../../i18n/search-messages';
import { siteSearchMachine } from '../../machines/site-search-machine';
import { apiBaseOf, type Api } from '../../services/http';
import { siteSearchActor } from '../../services/site-search-service';
import { WidgetRoot } from '../shared/widget-root';
import type { WidgetTools } from '../widget';
import { SearchSuggestions } from './search-suggestions';
import './search-suggestions.css';

addMessages(SEARCH_MESSAGES);

/** The machine of a search box's suggestions: a few results of each kind, and a chosen one opens its page in the page's language. */
export const suggestionsMachine = (api: Api, open: (path: string) => void) =>
  siteSearchMachine.provide({
    actors: { search: siteSearchActor(api) },
    actions: { openResult: (_, params) => open(params.path) },
  });

// The API the page's widgets call (`data-api-base`), else the page's own origin.
const apiOf = (form: HTMLFormElement): string => {
  const holder = form.closest('[data-api-base]') ?? form.ownerDocument.querySelector('[data-api-base]');
  return holder === null ? '' : apiBaseOf(holder);
};

/**
 * Gives a search form (`form[data-site-search]` with its `input[name=q]`) its suggestions: a
 * machine, and the listbox rendered into the form after the box. The page's language is the
 * `lang` of its root, which the header's switch changes: the suggestions follow it.
 */
export const attachSuggestions = (form: HTMLFormElement, input: HTMLInputElement, tools: WidgetTools): (() => void) => {
  const doc = form.ownerDocument;
  const root = doc.documentElement;
  const machine = suggestionsMachine(apiOf(form), (path) => doc.defaultView?.location.assign(localizedPath(path, readLanguage(root), readRootLanguage(root))));
  const machineInput = { limit: SEARCH_LIMITS.suggestions };
  const actor = createActor(machine, { input: machineInput, inspect: tools.observe('site-search', machineInput) });
  actor.start();
  const host = doc.createElement('div');
  host.className = 'site-search__suggestions';
  form.append(host);
  const reactRoot = createRoot(host);
  const render = (): void =>
    reactRoot.render(
      <WidgetRoot language={readLanguage(root)}>
        <SearchSuggestions actor={actor} input={input} form={form} />
      </WidgetRoot>,
    );
  render();
  const unsubscribe = subscribeLanguage(root, render);
  return () => {
    unsubscribe();
    reactRoot.unmount();
    host.remove();
    actor.stop();
  };
};
