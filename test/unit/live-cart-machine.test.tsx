import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { createActor } from 'xstate';
import { selectInMemoryOnly, selectQuantity } from '../../src/machines/cart-machine';
import { liveCartMachine } from '../../src/machines/page-cart';
import { CART_CHANNEL, type CartLocks } from '../../src/services/cart-storage';
import { CART_ITEMS_KEY } from '../../src/services/stored-cart';

const ITEM = { variant_id: 'v1', title: 'Rapport annuel', price: 12, quantity: 1, currency: 'CHF' } as const;

const settle = async (): Promise<void> => {
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** A lock manager that grants every request at once and remembers the names asked for. */
const recordingLocks = (): CartLocks & { readonly asked: string[] } => {
  const asked: string[] = [];
  const request = (name: string, ...rest: unknown[]): Promise<unknown> => {
    asked.push(name);
    // The callback comes last, after the optional options, as in `navigator.locks.request`.
    const callback = rest[rest.length - 1] as () => unknown;
    return Promise.resolve(callback());
  };
  return { asked, request, query: () => Promise.resolve({ held: [], pending: [] }) };
};

// jsdom has neither `navigator.locks` nor `BroadcastChannel`: each test that needs them lends them
// to the window, and puts back what was there after.
const lend = (target: object, key: string, property: PropertyDescriptor): (() => void) => {
  const own = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { configurable: true, ...property });
  return () => {
    if (own === undefined) Reflect.deleteProperty(target, key);
    else Object.defineProperty(target, key, own);
  };
};

const startCart = () => {
  const cart = createActor(liveCartMachine(window), { input: {} });
  cart.start();
  return cart;
};

describe('the cart machine with a page’s real effects', () => {
  const undo: (() => void)[] = [];
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    undo.splice(0).forEach((restore) => restore());
    window.localStorage.clear();
  });

  it('restores the line another visit left in the window’s storage and writes each change back to it', async () => {
    window.localStorage.setItem(CART_ITEMS_KEY, JSON.stringify([{ ...ITEM, quantity: 2 }]));
    const cart = startCart();
    await settle();
    expect(selectQuantity(cart.getSnapshot())).toBe(2);
    cart.send({ type: 'ADD', item: ITEM });
    await settle();
    expect(JSON.parse(window.localStorage.getItem(CART_ITEMS_KEY) ?? '[]')).toEqual([expect.objectContaining({ variant_id: 'v1', quantity: 3 })]);
    expect(selectInMemoryOnly(cart.getSnapshot())).toBe(false);
    cart.stop();
  });

  it('follows another tab’s change from the window’s storage event, and a host page’s add-to-cart event', async () => {
    const cart = startCart();
    await settle();
    window.localStorage.setItem(CART_ITEMS_KEY, JSON.stringify([{ ...ITEM, quantity: 4 }]));
    window.dispatchEvent(new StorageEvent('storage', { key: CART_ITEMS_KEY, storageArea: window.localStorage }));
    expect(selectQuantity(cart.getSnapshot())).toBe(4);
    document.dispatchEvent(new CustomEvent('cart:add', { detail: { variant_id: 'v2', title: 'Brochure', price: 3 } }));
    expect(selectQuantity(cart.getSnapshot())).toBe(5);
    cart.stop();
  });

  it('says at once, before any change, that the cart lives in memory when the browser refuses its storage', async () => {
    undo.push(
      lend(window, 'localStorage', {
        get: () => {
          throw new DOMException('Storage disabled', 'SecurityError');
        },
      }),
    );
    const cart = startCart();
    expect(selectInMemoryOnly(cart.getSnapshot())).toBe(true);
    cart.send({ type: 'ADD', item: ITEM });
    expect(selectQuantity(cart.getSnapshot())).toBe(1);
    cart.stop();
  });

  it('writes under the site-wide cart lock when the browser has Web Locks, even without a broadcast channel', async () => {
    const locks = recordingLocks();
    undo.push(lend(window.navigator, 'locks', { value: locks }));
    const cart = startCart();
    await settle();
    cart.send({ type: 'ADD', item: ITEM });
    await settle();
    expect(locks.asked).toContain('cart');
    expect(JSON.parse(window.localStorage.getItem(CART_ITEMS_KEY) ?? '[]')).toHaveLength(1);
    expect(selectInMemoryOnly(cart.getSnapshot())).toBe(false);
    cart.stop();
  });

  it('tells the other tabs what it wrote on the cart’s broadcast channel', async () => {
    undo.push(lend(window.navigator, 'locks', { value: recordingLocks() }), lend(globalThis, 'BroadcastChannel', { value: NodeBroadcastChannel }));
    const otherTab = new NodeBroadcastChannel(CART_CHANNEL);
    const heard: string[] = [];
    otherTab.onmessage = (message) => heard.push(JSON.stringify((message as { data: unknown }).data));
    const cart = startCart();
    try {
      await settle();
      cart.send({ type: 'ADD', item: ITEM });
      for (let tries = 0; tries < 100 && heard.length === 0; tries += 1) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(heard).toHaveLength(1);
      const written = JSON.parse(heard[0] ?? '{}') as { cartItems: string; generation: number };
      expect(written.generation).toBe(1);
      expect(JSON.parse(written.cartItems)).toEqual([expect.objectContaining({ variant_id: 'v1', quantity: 1 })]);
    } finally {
      cart.stop();
      otherTab.close();
    }
  });
});
