import type { EventObject } from 'xstate';
import { agendaModel } from './agenda-model';
import { cartModel } from './cart-model';
import { cartPricesModel } from './cart-prices-model';
import { directoryModel } from './directory-model';
import { homeModel } from './home-model';
import type { MachineModel } from './machine-model';
import { newsArticleModel } from './news-article-model';
import { newsModel } from './news-model';
import { shopModel } from './shop-model';
import { siteSearchModel } from './site-search-model';
import { subscriptionModel } from './subscription-model';

/** Every machine of the product, as its model-based tests walk it. */
export const MODELS: readonly MachineModel<EventObject>[] = [
  directoryModel as unknown as MachineModel<EventObject>,
  agendaModel as unknown as MachineModel<EventObject>,
  newsModel as unknown as MachineModel<EventObject>,
  cartModel as unknown as MachineModel<EventObject>,
  cartPricesModel as unknown as MachineModel<EventObject>,
  shopModel as unknown as MachineModel<EventObject>,
  newsArticleModel as unknown as MachineModel<EventObject>,
  homeModel as unknown as MachineModel<EventObject>,
  subscriptionModel as unknown as MachineModel<EventObject>,
  siteSearchModel as unknown as MachineModel<EventObject>,
];
