import { isRight } from 'fp-ts/Either';
import { CartItem, ShippingMethod } from '../domain/cart';
import { cartQuantity, keepValidLines } from '../domain/cart-arithmetic';
import { DEFAULT_MAX_QUANTITY } from '../domain/cart';
import { parseJson } from '../domain/json';

/** The `localStorage` keys of the cart (SPEC §9). */
export const CART_ITEMS_KEY = 'cartItems';
export const SHIPPING_METHOD_KEY = 'shippingMethod';

/** The part of the Web Storage API the cart uses, so tests can give an in-memory one. */
export type CartStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What the browser kept of the cart: only the lines and the shipping method are persisted. */
export interface StoredCart {
  readonly items: readonly CartItem[];
  readonly shippingMethod: ShippingMethod | null;
}

const parse = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return parseJson(text);
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
export const readStoredCart = (storage: Pick<Storage, 'getItem'> | null): StoredCart => {
  if (storage === null) return { items: [], shippingMethod: null };
  const lines = parse(read(storage, CART_ITEMS_KEY));
  const items = Array.isArray(lines)
    ? lines
        .map((line) => CartItem.decode(line))
        .filter(isRight)
        .map((decoded) => decoded.right)
    : [];
  const shipping = ShippingMethod.decode(parse(read(storage, SHIPPING_METHOD_KEY)));
  return { items, shippingMethod: isRight(shipping) ? shipping.right : null };
};

/** Writes the lines and the shipping method under the spec's keys, as JSON. Throws what storage throws. */
export const writeStoredCart = (storage: CartStorage, cart: StoredCart): void => {
  storage.setItem(CART_ITEMS_KEY, JSON.stringify(cart.items.map((item) => CartItem.encode(item))));
  storage.setItem(SHIPPING_METHOD_KEY, JSON.stringify(cart.shippingMethod));
};

/** Removes the stored cart. Throws what storage throws. */
export const forgetStoredCart = (storage: CartStorage): void => {
  storage.removeItem(CART_ITEMS_KEY);
  storage.removeItem(SHIPPING_METHOD_KEY);
};

/**
 * The item count of the stored cart as the page's cart machine would restore it (lines that
 * decode, kept as the machine keeps them): the header shows it before any widget runs.
 */
export const storedCartCount = (storage: Pick<Storage, 'getItem'> | null, maxQuantity: number = DEFAULT_MAX_QUANTITY): number =>
  cartQuantity(keepValidLines(readStoredCart(storage).items, maxQuantity));
