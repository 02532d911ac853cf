import { createActor } from 'xstate';
import { currencyOrDefault } from '../../domain/cart';
import { shopMachine } from '../../machines/shop-machine';
import { shopItemsActor } from '../../services/shop-service';
import { CartSwitch } from '../shared/cart-switch';
import type { CartActor } from '../../machines/page-cart';
import type { WidgetEntry } from '../entries/widget-entry';
import { ShopView } from './shop-view';

/** The shop's render entry: its items, and the page's cart once in the browser (the neutral one before). */
export const shopEntry = (live: (() => CartActor) | null): WidgetEntry => ({
  name: 'shop',
  // Its first screen is the server's; how many of an item the browser's cart holds shows once
  // the visitor reaches for the list (the header's count shows the cart's total before).
  wake: 'intent',
  create: (setting) => {
    const actor = createActor(shopMachine.provide({ actors: { loadItems: shopItemsActor(setting.api) } }), { inspect: setting.observe(undefined) });
    const currency = currencyOrDefault(setting.attribute('data-currency'));
    return {
      actor,
      element: <CartSwitch live={setting.side === 'browser' ? live : null} render={(cart) => <ShopView actor={actor} cart={cart} currency={currency} />} />,
    };
  },
});
