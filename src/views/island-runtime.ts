import { LANGUAGES } from '../domain/language';
import { addLanguageMessages } from '../i18n/intl';
import { readLanguage } from '../i18n/language';
import { loadWidgetMessages } from '../i18n/message-loaders';
import type { JournalRecorder } from '../services/journal-service';
import { showFailure } from './mount-widgets';
import { showJournalPanel } from './shell/journal-panel';
import { READY_ATTRIBUTE, WIDGET_FAILED_EVENT, type WidgetModule, type WidgetTools } from './widget';
import { createWidgetTools } from './widget-tools';
import { showHeaderCount } from './islands/header-cart-count';
import { replayHostCartEvents, type HostCartEvent } from './islands/host-cart-events';
import { replayIslandEvents, type IslandRecorder } from './islands/island-events';

// The page's tools, made once, by the first island that wakes: the journal records from there on.
let pageTools: Promise<{ tools: WidgetTools; journal: JournalRecorder | null }> | null = null;

/** The console line a production build writes for `?inspect`, which it cannot honour; `null` where the address does not ask or the build has the inspector. */
export const inspectorAbsentNotice = (search: string, production: boolean): string | null =>
  production && new URLSearchParams(search).has('inspect') ? '?inspect: a production build has no XState inspector; run `npm run dev`.' : null;

/** The tools the page's address asks for (`?journal`, `?inspect`), with the journal's panel shown once. */
export const toolsOfPage = (): Promise<WidgetTools> => {
  pageTools ??= createWidgetTools(window.location).then((made) => {
    if (made.journal) showJournalPanel(document, made.journal);
    // A production build silently ignoring `?inspect` looks broken: it says why, once.
    const notice = inspectorAbsentNotice(window.location.search, process.env.NODE_ENV === 'production');
    if (notice !== null) console.info(notice);
    return made;
  });
  return pageTools.then(({ tools }) => tools);
};

// The widgets that share the page's one cart: once one runs, the header's count follows that cart.
const CART_WIDGETS = new Set(['shop', 'cart']);

let followingCart = false;
const followPageCart = async (tools: WidgetTools): Promise<void> => {
  if (followingCart) return;
  followingCart = true;
  const { pageCartCount } = await import('../machines/page-cart');
  const count = pageCartCount(window, tools.observe('cart', {}));
  showHeaderCount(document, count.current());
  count.subscribe((current) => showHeaderCount(document, current));
};

/** Resolves once the widget's script has taken over its container (the root's effect marks it); rejects if the widget fails first. */
const whenReady = (container: HTMLElement): Promise<void> =>
  new Promise((resolve, reject) => {
    if (container.hasAttribute(READY_ATTRIBUTE)) {
      resolve();
      return;
    }
    const observer = new MutationObserver(() => {
      if (!container.hasAttribute(READY_ATTRIBUTE)) return;
      done();
      resolve();
    });
    const onFailed = (event: Event): void => {
      done();
      reject(
        event instanceof CustomEvent && event.detail instanceof Error
          ? event.detail
          : new Error('the widget failed while waking', { cause: event instanceof CustomEvent ? event.detail : undefined }),
      );
    };
    const done = (): void => {
      observer.disconnect();
      container.removeEventListener(WIDGET_FAILED_EVENT, onFailed);
    };
    observer.observe(container, { attributes: true, attributeFilter: [READY_ATTRIBUTE] });
    container.addEventListener(WIDGET_FAILED_EVENT, onFailed);
  });

/** Wakes an island: its widget's code (loading since the loader asked) and messages, mounted over the server's markup (`served`: a server rendered the page), then what the visitor did meanwhile. */
export const wakeWidget = async (container: HTMLElement, code: Promise<WidgetModule> | null, recorder: IslandRecorder, served: boolean): Promise<void> => {
  const name = container.dataset.widget ?? '';
  if (code === null) {
    showFailure(container);
    throw new Error(`no widget is named "${name}"`);
  }
  // The widget's own messages (a small chunk a language), asked as soon as the runtime runs: the
  // widget's code, asked before the runtime, is the larger download. In the page's language on a
  // served page, which changes it by loading another; in all of them where a page may switch it in place.
  const messages = loadWidgetMessages(name, served ? [readLanguage(container)] : LANGUAGES);
  messages.catch(() => undefined);
  const tools = await toolsOfPage();
  let module;
  try {
    module = await code;
    for (const { language, messages: catalogue } of await messages) addLanguageMessages(language, catalogue);
  } catch (error) {
    showFailure(container);
    throw error;
  }
  const ready = whenReady(container);
  module.mountWidget(container, tools);
  if (CART_WIDGETS.has(name)) void followPageCart(tools);
  await ready;
  await replayIslandEvents(container, recorder);
};

/** Starts the page's cart for the host page's first request, then asks it again what was asked meanwhile. */
export const wakeHostCart = async (events: () => readonly HostCartEvent[]): Promise<void> => {
  const tools = await toolsOfPage();
  await followPageCart(tools);
  replayHostCartEvents(document, events());
};

/**
 * A page no server rendered (a content system's page, the development server's): its header
 * is translated and its language switched in the browser, and its count follows the cart.
 */
export const startClientPage = async (): Promise<void> => {
  const tools = await toolsOfPage();
  const [{ startShell }, { pageCartCount }] = await Promise.all([import('./shell/shell'), import('../machines/page-cart')]);
  startShell(document, pageCartCount(window, tools.observe('cart', {})));
};
