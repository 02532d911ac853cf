import { ShopItemList } from '../../../src/domain/shop';
import type { CartPricesEvent } from '../../../src/machines/cart-prices-machine';
import { writeStoredCart } from '../../../src/services/stored-cart';
import { cartPricesModel, KEPT_LINES } from '../../model/cart-prices-model';
import { MemoryStorage } from '../../support/memory-storage';
import { literal, type PlaywrightDriver } from '../driver';

const ITEMS = '/api/shop/items/';

// The browser's storage as the cart keeps it, written by the cart's own code: the model's lines, sent by post.
const kept = new MemoryStorage();
writeStoredCart(kept, { items: KEPT_LINES, shippingMethod: 'post' });

/** The cart page's price check on /panier/, the visitor's cart in the browser's storage. */
export const cartPricesDriver: PlaywrightDriver<CartPricesEvent> = {
  model: cartPricesModel,
  page: { path: '/panier/', widget: 'cart', storage: Object.fromEntries(kept.entries) },
  act: (event) => {
    switch (event.type) {
      case 'SHOP_ITEMS_LOADED':
        return [`await api.answer(${literal(ITEMS)}, ${literal(ShopItemList.encode([...event.items]))});`];
      case 'SHOP_ITEMS_RETRYING':
        return [`await api.fail(${literal(ITEMS)}, 503);`];
      // A refusal is not tried again: the check fails at once.
      case 'SHOP_ITEMS_FAILED':
        return [`await api.fail(${literal(ITEMS)}, 404);`];
      case 'RETRY':
        return [`await page.getByRole('button', { name: 'Réessayer' }).click();`];
    }
  },
};
