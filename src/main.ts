import { mountWidgets } from './views/mount-widgets';
import { enhanceSearchForms } from './views/search/site-search-forms';
import { showJournalPanel } from './views/shell/journal-panel';
import { startShell } from './views/shell/shell';
import { createWidgetTools } from './views/widget-tools';

// `?journal` and `?inspect` (development) give every machine its observer before it starts.
const ready = createWidgetTools(window.location);

// One cart a page: the header count and the shop or cart widget share this actor. It comes
// in its own chunk, so the entry stays small; the header shows the count once it is there.
startShell(
  document,
  ready.then(({ tools }) => import('./machines/page-cart').then((module) => module.pageCartCount(window, tools.observe('cart', {})))),
);
ready
  .then(({ tools, journal }) => {
    if (journal) showJournalPanel(document, journal);
    mountWidgets(document, tools);
    enhanceSearchForms(document, tools);
  })
  // The pages keep what the server wrote; the cause goes to the console.
  .catch((error: unknown) => console.error(error));
