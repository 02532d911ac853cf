import * as t from 'io-ts';
import { Id, Price, nullable } from './wire';

/** A whole number of at least 1: a cart line never holds zero or a fraction of an item. */
export const Quantity = new t.Type<number, number, unknown>(
  'Quantity',
  (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= 1,
  (u, c) => (typeof u === 'number' && Number.isInteger(u) && u >= 1 ? t.success(u) : t.failure(u, c, 'expected a whole number of at least 1')),
  t.identity,
);

/** A cart line (SPEC §3): keyed by `variant_id`, with its quantity and unit price. */
export const CartItem = t.exact(t.intersection([t.type({ variant_id: Id, quantity: Quantity, price: Price }), t.partial({ title: nullable(t.string) })]));
export type CartItem = t.TypeOf<typeof CartItem>;

/** What a host page or the shop gives to add to the cart: a line without its quantity. */
export const CartProduct = t.exact(t.intersection([t.type({ variant_id: Id, price: Price }), t.partial({ title: nullable(t.string) })]));
export type CartProduct = t.TypeOf<typeof CartProduct>;

/** How the order reaches the visitor: by post, or collected at the counter. */
export const ShippingMethod = t.keyof({ post: null, counter: null });
export type ShippingMethod = t.TypeOf<typeof ShippingMethod>;

/** Every shipping method, in the order the cart page offers them. */
export const SHIPPING_METHODS: readonly ShippingMethod[] = ['post', 'counter'];

/** The shipping method of a cart that never chose one. */
export const DEFAULT_SHIPPING_METHOD: ShippingMethod = 'post';

/** The most items of one variant a line may hold, unless the cart is configured otherwise. */
export const DEFAULT_MAX_QUANTITY = 99;

/** The cart: its lines, the order id and the shipping method. */
export const Cart = t.exact(
  t.intersection([t.type({ items: t.array(CartItem) }), t.partial({ order_id: nullable(t.string), shipping_method: nullable(t.string) })]),
);
export type Cart = t.TypeOf<typeof Cart>;

/** The currency of prices when the container does not name one: Swiss francs. */
export const DEFAULT_CURRENCY = 'CHF';

/** The ISO 4217 code of a container's `data-currency` (`chf` gives `CHF`); anything else gives CHF. */
export const currencyOrDefault = (value: string | null | undefined): string => {
  const code = (value ?? '').trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : DEFAULT_CURRENCY;
};
