import type { MountWidget } from '../widget';
import { liveAnswers } from '../entries/live-answers';
import { mountEntry } from '../entries/mount-entry';
import { cartEntry } from './cart-entry';
import { pageCart } from './page-cart';
import '../shared/widgets.css';
import './cart.css';

/**
 * Mounts the cart page into its container, on the page's one cart (the cart outlives the widget:
 * the header counts it), with the shop's prices the server embedded, or else from the API.
 */
export const mountWidget: MountWidget = (container, tools) =>
  mountEntry(cartEntry(() => pageCart(window, tools), tools), container, tools, liveAnswers(container));
