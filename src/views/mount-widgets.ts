import { intlFor } from '../i18n/intl';
import { readLanguage } from '../i18n/language';
import { readEmbeddedAnswers } from '../services/embedded-answers';
import type { WidgetModule } from './widget';

// One chunk a widget: a page loads only the code of the widgets it hosts.
/** The code of each widget, by the name in its container's `data-widget`. */
export const WIDGET_LOADERS: Readonly<Record<string, () => Promise<WidgetModule>>> = {
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

/** Says in the container that its widget could not start, unless the server's markup is there to keep. */
export const showFailure = (container: HTMLElement): void => {
  // A container the server rendered keeps its content: it works without its script.
  if (readEmbeddedAnswers(container) !== null && container.firstElementChild !== null) return;
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.textContent = intlFor(readLanguage(container)).formatMessage({ id: 'widget.failed' });
  container.replaceChildren(message);
};
