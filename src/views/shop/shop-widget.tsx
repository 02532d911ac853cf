import type { MountWidget } from '../widget';
import { pageCart } from '../cart/page-cart';
import { liveAnswers } from '../entries/live-answers';
import { mountEntry } from '../entries/mount-entry';
import { shopEntry } from './shop-entry';
import '../shared/widgets.css';
import '../cart/cart.css';

/** Mounts the shop into its container; its buttons add to the page's one cart. */
export const mountWidget: MountWidget = (container, tools) => mountEntry(shopEntry(() => pageCart(window, tools)), container, tools, liveAnswers(container));
