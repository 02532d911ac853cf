import type { WidgetModule } from '../widget';

// One chunk a widget: a page loads only the code of the widgets it hosts. The loader names them so
// that an island fetches its widget's code beside the runtime, not after it.
/** The code of each widget, by the name in its container's `data-widget`. */
export const WIDGET_LOADERS: Readonly<Record<string, () => Promise<WidgetModule>>> = {
  home: () => import('../home/home-widget'),
  accessibility: () => import('../accessibility/accessibility-widget'),
  'site-info': () => import('../site-info/site-info-widget'),
  agenda: () => import('../agenda/agenda-widget'),
  directory: () => import('../directory/directory-widget'),
  news: () => import('../news/news-widget'),
  'news-article': () => import('../news/news-article-widget'),
  'site-search': () => import('../search/site-search-widget'),
  shop: () => import('../shop/shop-widget'),
  cart: () => import('../cart/cart-widget'),
};

/** Starts loading the code of a container's widget; `null` when no widget of that name exists. */
export const loadWidgetCode = (container: HTMLElement): Promise<WidgetModule> | null => {
  const load = WIDGET_LOADERS[container.dataset.widget ?? ''];
  if (load === undefined) return null;
  const loading = load();
  // Awaited once the runtime is there too; a failure is handled then, not reported as unhandled now.
  loading.catch(() => undefined);
  return loading;
};
