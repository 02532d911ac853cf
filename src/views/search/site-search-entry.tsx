import { createActor } from 'xstate';
import { SEARCH_LIMITS, searchChangeAt, searchPageQuery, textFromSearch } from '../../domain/site-search';
import { addMessages } from '../../i18n/intl';
import { SEARCH_MESSAGES } from '../../i18n/search-messages';
import { selectAnswer, siteSearchMachine } from '../../machines/site-search-machine';
import { writeSearch } from '../../services/history-service';
import type { Api } from '../../services/http';
import { siteSearchActor } from '../../services/site-search-service';
import type { WidgetEntry } from '../entries/widget-entry';
import { SiteSearchView } from './site-search-view';

// The search's messages come with its chunk (and with the server's renderer).
addMessages(SEARCH_MESSAGES);

/**
 * The site search machine of the search page, with the services of a setting. In the browser the
 * address follows the query (`?q=…`, replaced rather than pushed: Back leaves the page, as a
 * visitor expects of a search box, instead of stepping back through every letter).
 */
export const liveSiteSearchMachine = (api: Api, followAddress: boolean) =>
  siteSearchMachine.provide({
    actors: { search: siteSearchActor(api) },
    actions: followAddress ? { writeHistory: ({ context }) => writeSearch('replace', searchPageQuery(context.text)) } : {},
  });

/** The search page's render entry: the query from the address (`?q=…`), 20 results of each kind. */
export const siteSearchEntry: WidgetEntry = {
  name: 'site-search',
  // Its first screen is the server's: the code loads when the visitor reaches for it.
  wake: 'intent',
  create: (setting) => {
    // Nothing volatile: the browser's first call must be the server's, whose answer the page holds.
    const input = { text: textFromSearch(setting.location.search), limit: SEARCH_LIMITS.page };
    const actor = createActor(liveSiteSearchMachine(setting.api, setting.side === 'browser'), { input, inspect: setting.observe(input) });
    // The results change when the first event they call coming is over: it is past from then on.
    const until = (): number | null => {
      const events = selectAnswer(actor.getSnapshot())?.groups.find((group) => group.kind === 'events');
      return events?.kind === 'events' ? searchChangeAt(events.results, setting.now) : null;
    };
    return { actor, element: <SiteSearchView actor={actor} />, until };
  },
};
