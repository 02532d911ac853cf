import { mountWidgets } from './views/mount-widgets';
import { showJournalPanel } from './views/shell/journal-panel';
import { createWidgetTools } from './views/widget-tools';
import { startShell } from './views/shell/shell';

// One cart a page: the header count and the shop or cart widget share this actor. It comes
// in its own chunk, so the entry stays small; the header shows the count once it is there.
startShell(
  document,
  import('./views/cart/page-cart').then((module) => module.pageCartCount()),
);
// `?journal` and `?inspect` (development) give the widgets their observers before they start.
createWidgetTools(window.location).then(({ tools, journal }) => {
  if (journal) showJournalPanel(document, journal);
  mountWidgets(document, tools);
});
