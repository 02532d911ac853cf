import type { CartItem } from './cart';

/** The number of items in the cart: the sum of the line quantities (SPEC §9). */
export const cartQuantity = (items: readonly Pick<CartItem, 'quantity'>[]): number =>
  items.reduce((sum, item) => sum + item.quantity, 0);

/** A price in whole cents, so that sums carry no floating-point drift. */
export const toCents = (price: number): number => Math.round(price * 100);

/** The cart total: the sum of quantity × price, exact to the cent (SPEC §9). */
export const cartTotal = (items: readonly Pick<CartItem, 'quantity' | 'price'>[]): number =>
  items.reduce((cents, item) => cents + item.quantity * toCents(item.price), 0) / 100;
