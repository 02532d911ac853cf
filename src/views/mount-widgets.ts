import { intlFor } from '../i18n/intl';
import { readLanguage } from '../i18n/language';
import { readEmbeddedAnswers } from '../services/embedded-answers';
import { NO_TOOLS, type WidgetModule, type WidgetTools } from './widget';

// One chunk a widget: a page loads only the code of the widgets it hosts.
const loaders: Readonly<Record<string, () => Promise<WidgetModule>>> = {
  home: () => import('./home/home-widget'),
  accessibility: () => import('./accessibility/accessibility-widget'),
  agenda: () => import('./agenda/agenda-widget'),
  directory: () => import('./directory/directory-widget'),
  news: () => import('./news/news-widget'),
  'news-article': () => import('./news/news-article-widget'),
  'site-search': () => import('./search/site-search-widget'),
  shop: () => import('./shop/shop-widget'),
  cart: () => import('./cart/cart-widget'),
};

const showFailure = (container: HTMLElement): void => {
  // A container the server rendered keeps its content: it works without its script.
  if (readEmbeddedAnswers(container) !== null && container.firstElementChild !== null) return;
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.textContent = intlFor(readLanguage(container)).formatMessage({ id: 'widget.failed' });
  container.replaceChildren(message);
};

/** Mounts every `data-widget` container of the page with its widget. */
export const mountWidgets = (doc: Document, tools: WidgetTools = NO_TOOLS): void => {
  for (const container of doc.querySelectorAll<HTMLElement>('[data-widget]')) {
    const load = loaders[container.dataset.widget ?? ''];
    if (!load) {
      showFailure(container);
      continue;
    }
    load()
      .then((module) => module.mountWidget(container, tools))
      .catch((error: unknown) => {
        // The visitor gets a sentence; the web team gets the cause in the console.
        console.error(error);
        showFailure(container);
      });
  }
};
