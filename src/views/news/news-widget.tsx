import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { selectionFromSearch, selectionToSearch } from '../../domain/news-list';
import { NEWS_MESSAGES } from '../../i18n/news-messages';
import { addMessages } from '../../i18n/intl';
import { newsMachine } from '../../machines/news-machine';
import { historyActor, writeSearch } from '../../services/history-service';
import { apiBaseOf } from '../../services/http';
import { moreNewsActor, newsActor, newsCategoriesActor } from '../../services/news-service';
import { WidgetRoot } from '../shared/widget-root';
import type { MountWidget } from '../widget';
import { NewsView } from './news-view';
import '../shared/widgets.css';
import './news.css';

// The news list's messages come with its chunk: other pages never load them.
addMessages(NEWS_MESSAGES);

/** The news scope of a container (`data-news-scope`); a container without one is a page error, said in the console. */
export const newsScopeOf = (container: Element): string => {
  const scope = (container.getAttribute('data-news-scope') ?? '').trim();
  if (scope === '') throw new Error('The news widget needs a data-news-scope attribute, such as data-news-scope="actualites".');
  return scope;
};

/** The news machine with the real services of a container: its API base, its scope and the page history. */
export const liveNewsMachine = (container: Element) => {
  const base = apiBaseOf(container);
  const scope = newsScopeOf(container);
  return newsMachine.provide({
    actors: {
      loadNews: newsActor(base, scope),
      loadMore: moreNewsActor(base),
      loadCategories: newsCategoriesActor(base, scope),
      watchHistory: historyActor('RESTORE_SELECTION'),
    },
    actions: {
      writeHistory: ({ context }, params) => writeSearch(params.mode, selectionToSearch(context.selected)),
    },
  });
};

/** Mounts the news list into its container, with the categories of the page address. */
export const mountWidget: MountWidget = (container, tools) => {
  const input = { selected: selectionFromSearch(window.location.search) };
  const actor = createActor(liveNewsMachine(container), { input, inspect: tools.observe('news', input) });
  actor.start();
  const root = createRoot(container);
  root.render(
    <WidgetRoot container={container}>
      <NewsView actor={actor} />
    </WidgetRoot>,
  );
  return () => {
    root.unmount();
    actor.stop();
  };
};
