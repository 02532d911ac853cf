import type { MountWidget } from '../widget';
import { pageCart } from '../../machines/page-cart';
import { mountLive } from '../entries/live-answers';
import { shopEntry } from './shop-entry';
import '../shared/widgets.css';
import '../shared/cart.css';

/** Mounts the shop into its container; its buttons add to the page's one cart. */
export const mountWidget: MountWidget = (container, tools) => mountLive(shopEntry(() => pageCart(window, tools.observe('cart', {}))))(container, tools);
