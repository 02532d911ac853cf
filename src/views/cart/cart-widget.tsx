import type { MountWidget } from '../widget';
import { mountLive } from '../entries/live-answers';
import { cartEntry } from './cart-entry';
import { pageCart } from '../../machines/page-cart';
import '../shared/widgets.css';
import '../shared/cart.css';
import './cart-page.css';

/**
 * Mounts the cart page into its container, on the page's one cart (the cart outlives the widget:
 * the header counts it), with the shop's prices the server embedded, or else from the API.
 */
export const mountWidget: MountWidget = (container, tools) => mountLive(cartEntry(() => pageCart(window, tools.observe('cart', {})), tools))(container, tools);
