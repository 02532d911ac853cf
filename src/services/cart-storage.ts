import { isRight } from 'fp-ts/Either';
import * as t from 'io-ts';
import { CartItem } from '../domain/cart';

/** The `localStorage` keys of the cart (SPEC §9). */
export const CART_ITEMS_KEY = 'cartItems';
export const SHIPPING_METHOD_KEY = 'shippingMethod';

/** What the browser kept of the cart: only the lines and the shipping method are persisted. */
export interface StoredCart {
  readonly items: readonly CartItem[];
  readonly shippingMethod: string | null;
}

const parse = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

const read = (storage: Pick<Storage, 'getItem'>, key: string): string | null => {
  try {
    return storage.getItem(key);
  } catch {
    // Storage disabled by the browser's privacy settings: the cart starts empty.
    return null;
  }
};

/**
 * The cart kept in storage, decoded line by line: a line that does not decode is dropped,
 * text that is not JSON gives an empty cart, and nothing here ever throws.
 */
export const readStoredCart = (storage: Pick<Storage, 'getItem'>): StoredCart => {
  const lines = parse(read(storage, CART_ITEMS_KEY));
  const items = Array.isArray(lines)
    ? lines.map((line) => CartItem.decode(line)).filter(isRight).map((decoded) => decoded.right)
    : [];
  const shipping = t.string.decode(parse(read(storage, SHIPPING_METHOD_KEY)));
  return { items, shippingMethod: isRight(shipping) ? shipping.right : null };
};
