import * as t from 'io-ts';
import { Id, Price, nullable } from './wire';

/** An item of the shop (`GET /api/shop/items/`): what a visitor can add to the cart. */
export const ShopItem = t.exact(
  t.intersection([
    t.type({ variant_id: Id, title: t.string, price: Price }),
    t.partial({
      description: nullable(t.string),
      image: nullable(t.string),
      image_alt: nullable(t.string),
    }),
  ]),
);
export type ShopItem = t.TypeOf<typeof ShopItem>;

/** The answer of `GET /api/shop/items/`. */
export const ShopItemList = t.array(ShopItem);
