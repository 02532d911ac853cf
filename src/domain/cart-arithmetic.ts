import type { CartItem, CartProduct } from './cart';

/** The lines of a cart, in the order they were added; at most one line a `variant_id`. */
export type CartLines = readonly CartItem[];

/** The number of items in the cart: the sum of the line quantities (SPEC §9). */
export const cartQuantity = (items: readonly Pick<CartItem, 'quantity'>[]): number => items.reduce((sum, item) => sum + item.quantity, 0);

/** A price in whole cents, so that sums carry no floating-point drift. */
export const toCents = (price: number): number => Math.round(price * 100);

/** The cart total: the sum of quantity × price, exact to the cent (SPEC §9). */
export const cartTotal = (items: readonly Pick<CartItem, 'quantity' | 'price'>[]): number =>
  items.reduce((cents, item) => cents + item.quantity * toCents(item.price), 0) / 100;

/** A line's total: quantity × unit price, exact to the cent. */
export const lineTotal = (item: Pick<CartItem, 'quantity' | 'price'>): number => (item.quantity * toCents(item.price)) / 100;

/** Whether a value may be a line's quantity: a whole number from 1 to `max`. */
export const isValidQuantity = (quantity: unknown, max: number): quantity is number =>
  typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= 1 && quantity <= max;

/** The line of a variant, if the cart holds one. */
export const findLine = (items: CartLines, variantId: string): CartItem | undefined => items.find((item) => item.variant_id === variantId);

/** Whether adding one of a product keeps its line within `max`. */
export const canAdd = (items: CartLines, product: Pick<CartProduct, 'variant_id'>, max: number): boolean =>
  isValidQuantity((findLine(items, product.variant_id)?.quantity ?? 0) + 1, max);

/**
 * Adds one of a product: one more on the line of its `variant_id` (whose title and price
 * stay those it was added with), or a new line at the end. Beyond `max`, nothing changes
 * and the same array comes back.
 */
export const addItem = (items: CartLines, product: CartProduct, max: number): CartLines => {
  if (!canAdd(items, product, max)) return items;
  const line = findLine(items, product.variant_id);
  if (line) return items.map((item) => (item === line ? { ...item, quantity: item.quantity + 1 } : item));
  const { variant_id, price, title } = product;
  return [...items, title === undefined ? { variant_id, quantity: 1, price } : { variant_id, quantity: 1, price, title }];
};

/** Removes the line of a variant; an unknown id gives back the same array. */
export const removeItem = (items: CartLines, variantId: string): CartLines =>
  findLine(items, variantId) ? items.filter((item) => item.variant_id !== variantId) : items;

/** Whether setting a quantity would change anything: a known line and a valid quantity. */
export const canUpdateQuantity = (items: CartLines, variantId: string, quantity: unknown, max: number): boolean =>
  findLine(items, variantId) !== undefined && isValidQuantity(quantity, max);

/**
 * Sets the quantity of a variant's line. An unknown id, or a quantity that is not a whole
 * number from 1 to `max`, changes nothing: the same array comes back.
 */
export const updateQuantity = (items: CartLines, variantId: string, quantity: unknown, max: number): CartLines =>
  canUpdateQuantity(items, variantId, quantity, max) && isValidQuantity(quantity, max)
    ? items.map((item) => (item.variant_id === variantId ? { ...item, quantity } : item))
    : items;

/** The lines of an emptied cart. */
export const emptyItems = (): CartLines => [];

/**
 * Lines that came from outside (storage, another tab) made fit for the cart: the first
 * line of a `variant_id` is kept and later ones dropped, as are lines above `max`.
 */
export const keepValidLines = (items: CartLines, max: number): CartLines => {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.variant_id) || !isValidQuantity(item.quantity, max)) return false;
    seen.add(item.variant_id);
    return true;
  });
};
