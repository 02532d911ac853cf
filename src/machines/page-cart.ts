import { createActor, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { hostActor } from '../services/cart-host';
import { CART_CHANNEL, persistActor, restoreActor, storageWatchActor, type CartLocks } from '../services/cart-storage';
import type { CartStorage } from '../services/stored-cart';
import { cartMachine, selectQuantity } from './cart-machine';

/** The running cart of a page. */
export type CartActor = ActorRefFrom<typeof cartMachine>;

const storageOf = (win: Window): CartStorage | null => {
  try {
    return win.localStorage;
  } catch {
    // Some browsers throw on access when storage is disabled: the cart lives in memory.
    return null;
  }
};

// The Web Locks API keeps tabs from writing over each other's cart; older browsers lack it.
const locksOf = (win: Window): CartLocks | null => ('locks' in win.navigator ? win.navigator.locks : null);

/** The cart machine with the real effects of a page: its `localStorage`, its `storage` events, its host buttons. */
export const liveCartMachine = (win: Window, storage: CartStorage | null = storageOf(win)) =>
  cartMachine.provide({
    actors: {
      persist: persistActor(storage, locksOf(win), () => (typeof BroadcastChannel === 'function' ? new BroadcastChannel(CART_CHANNEL) : null), win),
      restore: restoreActor(storage),
      watchStorage: storageWatchActor(storage, win),
      watchHost: hostActor(win.document),
    },
  });

let shared: CartActor | null = null;

/** The observer of the cart's machine (journal, inspector), given by the page's tools. */
export type CartObserver = ((event: InspectionEvent) => void) | undefined;

/**
 * The one cart of the page, started at first use: the header count and the shop or cart
 * widget all read and change this same actor. The first caller's observer is the one it keeps.
 */
export const pageCart = (win: Window = window, inspect?: CartObserver): CartActor => {
  if (shared === null) {
    shared = createActor(liveCartMachine(win), { input: {}, inspect });
    shared.start();
  }
  return shared;
};

/** The item count of a cart as the header reads it: now, and at each change until it unsubscribes. */
export interface CartCount {
  readonly current: () => number;
  readonly subscribe: (listener: (count: number) => void) => () => void;
}

/** The item count of the page's cart, for the header, which stays plain DOM. */
export const pageCartCount = (win: Window = window, inspect?: CartObserver): CartCount => {
  const cart = pageCart(win, inspect);
  return {
    current: () => selectQuantity(cart.getSnapshot()),
    subscribe: (listener) => {
      const subscription = cart.subscribe((snapshot) => listener(selectQuantity(snapshot)));
      return () => subscription.unsubscribe();
    },
  };
};
