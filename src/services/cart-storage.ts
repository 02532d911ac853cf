import { isRight } from 'fp-ts/Either';
import { fromCallback } from 'xstate';
import { CartItem, ShippingMethod } from '../domain/cart';

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
export const readStoredCart = (storage: Pick<Storage, 'getItem'> | null): StoredCart => {
  if (storage === null) return { items: [], shippingMethod: null };
  const lines = parse(read(storage, CART_ITEMS_KEY));
  const items = Array.isArray(lines)
    ? lines.map((line) => CartItem.decode(line)).filter(isRight).map((decoded) => decoded.right)
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

/** What the cart machine tells its persistence actor after a change. */
export type PersistCommand =
  | ({ readonly type: 'WRITE' } & StoredCart)
  | { readonly type: 'FORGET' };

/** The storage read at start-up, or again after another tab's change, as events for the cart machine. */
export type StoredCartEvent =
  | ({ readonly type: 'CART_RESTORED' } & StoredCart)
  | ({ readonly type: 'STORED_CART_CHANGED' } & StoredCart);

/** What the persistence actor reports: only a change between working and failing storage. */
export type StorageStatusEvent = { readonly type: 'STORAGE_FAILED' } | { readonly type: 'STORAGE_RECOVERED' };

/**
 * The persistence effect: receives a command after every change of the cart and applies it
 * to storage. Storage that throws (disabled, full) is reported once with `STORAGE_FAILED`,
 * and the cart goes on in memory; a later write that works reports `STORAGE_RECOVERED`.
 */
export const persistCart =
  (storage: CartStorage | null) =>
  ({ receive, sendBack }: { receive: (listener: (command: PersistCommand) => void) => void; sendBack: (event: StorageStatusEvent) => void }) => {
    let failing = false;
    if (storage === null) {
      // Storage could not even be reached: say so at once rather than at the first change.
      failing = true;
      sendBack({ type: 'STORAGE_FAILED' });
    }
    receive((command) => {
      let worked: boolean;
      try {
        if (storage === null) throw new Error('no storage');
        if (command.type === 'WRITE') writeStoredCart(storage, command);
        else forgetStoredCart(storage);
        worked = true;
      } catch {
        worked = false;
      }
      if (worked === failing) {
        failing = !worked;
        sendBack({ type: worked ? 'STORAGE_RECOVERED' : 'STORAGE_FAILED' });
      }
    });
  };

/** The persistence effect as an actor of the cart machine. */
export const persistActor = (storage: CartStorage | null) => fromCallback<PersistCommand>(persistCart(storage));

/** The stored cart read once, when the cart starts. */
export const restoreActor = (storage: Pick<Storage, 'getItem'> | null) =>
  fromCallback(({ sendBack }) => {
    sendBack({ type: 'CART_RESTORED', ...readStoredCart(storage) } satisfies StoredCartEvent);
  });

/** Whether a `storage` event is about the cart in this storage area. */
const concernsCart = (event: StorageEvent, storage: unknown): boolean =>
  (event.storageArea === null || event.storageArea === storage) &&
  (event.key === null || event.key === CART_ITEMS_KEY || event.key === SHIPPING_METHOD_KEY);

/** Another tab's change of the stored cart, read again at each `storage` event of the window. */
export const storageWatchActor = (storage: Pick<Storage, 'getItem'> | null, target: Pick<Window, 'addEventListener' | 'removeEventListener'>) =>
  fromCallback(({ sendBack }) => {
    const onStorage = (event: StorageEvent): void => {
      if (concernsCart(event, storage)) sendBack({ type: 'STORED_CART_CHANGED', ...readStoredCart(storage) } satisfies StoredCartEvent);
    };
    target.addEventListener('storage', onStorage);
    return () => target.removeEventListener('storage', onStorage);
  });
