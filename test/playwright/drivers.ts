import type { EventObject } from 'xstate';
import type { PlaywrightDriver } from './driver';
import { agendaDriver } from './drivers/agenda-driver';
import { cartDriver } from './drivers/cart-driver';
import { cartPricesDriver } from './drivers/cart-prices-driver';
import { directoryDriver } from './drivers/directory-driver';
import { homeDriver } from './drivers/home-driver';
import { newsDriver } from './drivers/news-driver';
import { newsArticleDriver } from './drivers/news-article-driver';
import { shopDriver } from './drivers/shop-driver';
import { siteSearchDriver } from './drivers/site-search-driver';
import { subscriptionDriver } from './drivers/subscription-driver';

/** Every machine's covering suite as Playwright scripts, in the order of the models (test/model/models.ts). */
export const DRIVERS: readonly PlaywrightDriver<EventObject>[] = [
  directoryDriver as unknown as PlaywrightDriver<EventObject>,
  agendaDriver as unknown as PlaywrightDriver<EventObject>,
  newsDriver as unknown as PlaywrightDriver<EventObject>,
  cartDriver as unknown as PlaywrightDriver<EventObject>,
  cartPricesDriver as unknown as PlaywrightDriver<EventObject>,
  shopDriver as unknown as PlaywrightDriver<EventObject>,
  newsArticleDriver as unknown as PlaywrightDriver<EventObject>,
  homeDriver as unknown as PlaywrightDriver<EventObject>,
  subscriptionDriver as unknown as PlaywrightDriver<EventObject>,
  siteSearchDriver as unknown as PlaywrightDriver<EventObject>,
];
