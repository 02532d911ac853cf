import * as t from 'io-ts';
import { Id, Price, nullable } from './wire';

/** A whole number of at least 1: a cart line never holds zero or a fraction of an item. */
export const Quantity = new t.Type<number, number, unknown>(
  'Quantity',
  (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= 1,
  (u, c) =>
    typeof u === 'number' && Number.isInteger(u) && u >= 1
      ? t.success(u)
      : t.failure(u, c, 'expected a whole number of at least 1'),
  t.identity,
);

/** A cart line (SPEC §3): keyed by `variant_id`, with its quantity and unit price. */
export const CartItem = t.exact(
  t.intersection([
    t.type({ variant_id: Id, quantity: Quantity, price: Price }),
    t.partial({ title: nullable(t.string) }),
  ]),
);
export type CartItem = t.TypeOf<typeof CartItem>;

/** The cart: its lines, the order id and the shipping method. */
export const Cart = t.exact(
  t.intersection([
    t.type({ items: t.array(CartItem) }),
    t.partial({ order_id: nullable(t.string), shipping_method: nullable(t.string) }),
  ]),
);
export type Cart = t.TypeOf<typeof Cart>;
