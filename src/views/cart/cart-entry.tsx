import { createActor } from 'xstate';
import { currencyOrDefault } from '../../domain/cart';
import { orderEmailOf } from '../../domain/order-mail';
import { safeLink } from '../../domain/safe-links';
import { cartPricesMachine } from '../../machines/cart-prices-machine';
import { shopItemsActor } from '../../services/shop-service';
import type { WidgetEntry } from '../entries/widget-entry';
import { NO_TOOLS, type WidgetTools } from '../widget';
import { CartSwitch } from '../shared/cart-switch';
import { CartView } from './cart-view';
import type { CartActor } from '../../machines/page-cart';

/** Where the empty cart sends the visitor: the container's `data-shop-url` when it is a safe link, or the demo site's shop. */
export const shopUrlOf = (value: string | null): string => safeLink(value?.trim()) ?? '/boutique/';

/**
 * The cart page's render entry: the server renders the neutral cart; the browser then shows the
 * page's one cart. The shop's current prices are read on both sides: the server embeds them, so
 * the browser checks the visitor's lines against them without a call of its own.
 */
export const cartEntry = (live: (() => CartActor) | null, tools: WidgetTools = NO_TOOLS): WidgetEntry => ({
  name: 'cart',
  // Its lines live only in the browser: the server's screen says so until the code shows them.
  wake: 'load',
  create: (setting) => {
    const currency = currencyOrDefault(setting.attribute('data-currency'));
    const shopUrl = shopUrlOf(setting.attribute('data-shop-url'));
    // The office orders go to: a page without it (or with something else than one address) offers no order link.
    const orderEmail = orderEmailOf(setting.attribute('data-order-email'));
    // The page's cart is journalled as `cart`: the price check is journalled under its own machine's name.
    const prices = createActor(cartPricesMachine.provide({ actors: { loadPrices: shopItemsActor(setting.api) } }), {
      inspect: tools.observe('cart-prices', undefined),
    });
    return {
      actor: prices,
      element: (
        <CartSwitch
          live={setting.side === 'browser' ? live : null}
          render={(cart) => <CartView actor={cart} prices={prices} currency={currency} shopUrl={shopUrl} orderEmail={orderEmail} />}
        />
      ),
    };
  },
});
