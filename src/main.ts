import { showStoredCartCount } from './views/islands/header-cart-count';
import { awaitHostCart } from './views/islands/host-cart-events';
import { startIslands } from './views/islands/islands';
import { loadWidgetCode } from './views/islands/widget-loaders';
import { prefetchWidgetCode } from './views/islands/widget-prefetch';
import { enhanceSearchForms } from './views/search/site-search-forms';

// The page's loader: no React, no machine, no message catalogue. The server's HTML is the first
// screen; each widget's code loads when the visitor reaches for it (docs/architecture.md, "Islands").
const runtime = () => import('./views/island-runtime');

const params = new URLSearchParams(window.location.search);
const served = document.documentElement.hasAttribute('data-server-rendered');
// The journal and the inspector follow every machine from its start: every island wakes at once.
const wakeAll = params.has('journal') || params.has('inspect');

showStoredCartCount(document, window);
startIslands(
  document,
  (container, recorder) => {
    // The widget's code and the runtime load side by side: one round trip, not two.
    const code = loadWidgetCode(container);
    return runtime().then((loaded) => loaded.wakeWidget(container, code, recorder, served));
  },
  wakeAll,
);
prefetchWidgetCode(document);
awaitHostCart(document, (events) => runtime().then((loaded) => loaded.wakeHostCart(events)));
enhanceSearchForms(document, () => runtime().then((loaded) => loaded.toolsOfPage()));
if (!served) {
  // A page no server rendered (a content system's, the development server's) has its header to translate.
  runtime()
    .then((loaded) => loaded.startClientPage())
    .catch((error: unknown) => console.error(error));
}
