import { createActor } from 'xstate';
import { pagesFromSearch } from '../../domain/list-pages';
import { selectionFromSearch } from '../../domain/news-list';
import { PAGE_SIZES, pageSizeOf } from '../../domain/paging';
import { NEWS_MESSAGES } from '../../i18n/news-messages';
import { addMessages } from '../../i18n/intl';
import { listSearchOf, newsMachine } from '../../machines/news-machine';
import { historyActor, writeSearch } from '../../services/history-service';
import type { Api } from '../../services/http';
import { moreNewsActor, newsActor, newsCategoriesActor } from '../../services/news-service';
import type { WidgetEntry } from '../entries/widget-entry';
import { NewsView } from './news-view';

// The news list's messages come with its chunk (and with the server's renderer).
addMessages(NEWS_MESSAGES);

/** The news scope of a container (`data-news-scope`); a container without one is a page error, said in the console. */
export const newsScopeOf = (scope: string | null): string => {
  const trimmed = (scope ?? '').trim();
  if (trimmed === '') throw new Error('The news widget needs a data-news-scope attribute, such as data-news-scope="actualites".');
  return trimmed;
};

/** The news machine with the services of a setting; in the browser it follows the address bar. */
export const liveNewsMachine = (api: Api, scope: string, browser: boolean, pageSize: number = PAGE_SIZES.news) =>
  newsMachine.provide({
    actors: {
      loadNews: newsActor(api, scope, pageSize),
      loadMore: moreNewsActor(api),
      loadCategories: newsCategoriesActor(api, scope),
      ...(browser ? { watchHistory: historyActor('RESTORE_SELECTION') } : {}),
    },
    actions: browser ? { writeHistory: ({ context }, params) => writeSearch(params.mode, listSearchOf(context)) } : {},
  });

/** The news list's render entry: the categories of the page address. */
export const newsEntry: WidgetEntry = {
  name: 'news',
  // Its first screen is the server's: the code loads when the visitor reaches for it.
  wake: 'intent',
  create: (setting) => {
    // Nothing volatile: the browser's first calls must be the server's, whose answers the page holds.
    const pageSize = pageSizeOf(setting.attribute('data-page-size'), PAGE_SIZES.news);
    const input = { selected: selectionFromSearch(setting.location.search), pageSize, pages: pagesFromSearch(setting.location.search) };
    const scope = newsScopeOf(setting.attribute('data-news-scope'));
    const actor = createActor(liveNewsMachine(setting.api, scope, setting.side === 'browser', pageSize), { input, inspect: setting.observe(input) });
    // The Atom feeds are this site's server's (`/flux/…`): a widget that reads another API links none.
    const feedScope = (setting.attribute('data-api-base') ?? '').trim() === '' ? scope : null;
    return { actor, element: <NewsView actor={actor} feedScope={feedScope} /> };
  },
};
