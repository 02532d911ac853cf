import { currencyOrDefault } from '../../domain/cart';
import type { WidgetEntry } from '../entries/widget-entry';
import { CartSwitch } from './cart-switch';
import { CartView } from './cart-view';
import { pageCart } from './page-cart';

/** Where the empty cart sends the visitor: the container's `data-shop-url`, or the demo site's shop. */
const shopUrlOf = (value: string | null): string => value?.trim() || '/boutique/';

/** The cart page's render entry: the server renders the neutral cart; the browser then shows the page's one cart. */
export const cartEntry = (live: (() => ReturnType<typeof pageCart>) | null): WidgetEntry => ({
  name: 'cart',
  create: (setting) => {
    const currency = currencyOrDefault(setting.attribute('data-currency'));
    const shopUrl = shopUrlOf(setting.attribute('data-shop-url'));
    return {
      element: <CartSwitch live={setting.side === 'browser' ? live : null} render={(cart) => <CartView actor={cart} currency={currency} shopUrl={shopUrl} />} />,
    };
  },
});
