import { ShopItemList } from '../../../src/domain/shop';
import type { ShopEvent } from '../../../src/machines/shop-machine';
import { shopModel } from '../../model/shop-model';
import { literal, type PlaywrightDriver } from '../driver';

const ITEMS = '/api/shop/items/';

/** The shop's covering suite on /boutique/. */
export const shopDriver: PlaywrightDriver<ShopEvent> = {
  model: shopModel,
  page: { path: '/boutique/', widget: 'shop' },
  act: (event) => {
    switch (event.type) {
      case 'SHOP_ITEMS_LOADED':
        return [`await api.answer(${literal(ITEMS)}, ${literal(ShopItemList.encode([...event.items]))});`];
      // A busy server: the widget says it tries again, and does.
      case 'SHOP_ITEMS_RETRYING':
        return [`await api.fail(${literal(ITEMS)}, 503);`];
      // A refusal is not tried again.
      case 'SHOP_ITEMS_FAILED':
        return [`await api.fail(${literal(ITEMS)}, 404);`];
      case 'RETRY':
        return [`await page.getByRole('button', { name: 'Réessayer' }).click();`];
    }
  },
};
