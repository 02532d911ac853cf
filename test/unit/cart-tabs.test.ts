import { BroadcastChannel } from 'node:worker_threads';
import { persistCart, CART_CHANNEL, type CartLocks, type PersistCommand } from '../../src/services/cart-storage';
import { readStoredCart } from '../../src/services/stored-cart';
import { MemoryStorage } from '../support/memory-storage';

/**
 * A lock manager for one origin: requests for the cart's lock run one after the other, in the
 * order asked, as the Web Locks API does; other (shared) locks are granted at once and listed by `query`.
 */
const fifoLocks = (): CartLocks => {
  let queue: Promise<unknown> = Promise.resolve();
  const held = new Map<number, string>();
  let ids = 0;
  const request = (name: string, ...rest: unknown[]): Promise<unknown> => {
    const callback = rest[rest.length - 1] as () => unknown;
    if (name === 'cart') {
      const run = queue.then(() => callback());
      queue = run.catch(() => undefined);
      return run;
    }
    const id = (ids += 1);
    held.set(id, name);
    return Promise.resolve(callback()).finally(() => held.delete(id));
  };
  const query = () => Promise.resolve({ held: [...held.values()].map((name) => ({ name, mode: 'shared' as const })), pending: [] });
  return { request, query };
};

/** A tab's persistence effect; its storage is its own copy, as a tab's `localStorage` cache that other tabs' writes reach late. */
const startTab = (locks: CartLocks) => {
  const storage = new MemoryStorage();
  const events: { type: string }[] = [];
  let listener: (command: PersistCommand) => void = () => undefined;
  const stop = persistCart(
    storage,
    locks,
    () => new BroadcastChannel(CART_CHANNEL),
  )({
    receive: (receive) => {
      listener = receive;
    },
    sendBack: (event) => events.push(event),
  });
  return { storage, events, send: (command: PersistCommand) => listener(command), stop };
};

const add = (variantId: string): PersistCommand => ({
  type: 'APPLY',
  operation: { kind: 'add', item: { variant_id: variantId, price: 2.5, title: `Publication ${variantId}` } },
  maxQuantity: 99,
});

const until = async (done: () => boolean): Promise<void> => {
  for (let tries = 0; tries < 200 && !done(); tries += 1) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('the persistence effect under the Web Locks API', () => {
  it('applies each tab’s additions to what the last writer wrote, even when its own storage has not yet seen it', async () => {
    const locks = fifoLocks();
    const tabs = [startTab(locks), startTab(locks)];
    try {
      for (let i = 0; i < 20; i += 1) {
        tabs[i % 2]!.send(add(String(i % 3)));
        await new Promise((resolve) => setTimeout(resolve, i % 4));
      }
      await until(() => tabs.every((tab) => tab.events.some((event) => event.type === 'STORED_CART_CHANGED')));
      await locks.request('cart', () => undefined);
      // The last write holds all twenty, whichever tab made it.
      const totals = tabs.map((tab) => readStoredCart(tab.storage).items.reduce((sum, line) => sum + line.quantity, 0));
      expect(Math.max(...totals)).toBe(20);
      expect(tabs.flatMap((tab) => tab.events).filter((event) => event.type === 'STORAGE_FAILED')).toEqual([]);
    } finally {
      for (const tab of tabs) tab.stop();
    }
  });
});

describe('the persistence effect when the page is left', () => {
  it('writes at once what still waits for the lock when the page is hidden for good, and only once when the lock comes', async () => {
    const locks = fifoLocks();
    const page = new EventTarget();
    const storage = new MemoryStorage();
    const events: { type: string }[] = [];
    let send: (command: PersistCommand) => void = () => undefined;
    // Another tab holds the cart's lock until `release`.
    let release: () => void = () => undefined;
    let granted: () => void = () => undefined;
    const grant = new Promise<void>((resolve) => (granted = resolve));
    const held = locks.request('cart', () => {
      granted();
      return new Promise<void>((resolve) => (release = resolve));
    });
    await grant;
    const stop = persistCart(
      storage,
      locks,
      () => new BroadcastChannel(CART_CHANNEL),
      page,
    )({
      receive: (receive) => {
        send = receive;
      },
      sendBack: (event) => events.push(event),
    });
    try {
      send(add('1'));
      send(add('1'));
      send(add('2'));
      expect(readStoredCart(storage).items).toEqual([]);
      page.dispatchEvent(new Event('pagehide'));
      expect(readStoredCart(storage).items.map((line) => [line.variant_id, line.quantity])).toEqual([
        ['1', 2],
        ['2', 1],
      ]);
      // A page kept by the back-forward cache gets the lock later: what was written is not written again.
      release();
      await held;
      await locks.request('cart', () => undefined);
      await until(() => events.some((event) => event.type === 'STORED_CART_CHANGED'));
      expect(readStoredCart(storage).items.map((line) => [line.variant_id, line.quantity])).toEqual([
        ['1', 2],
        ['2', 1],
      ]);
      expect(events.filter((event) => event.type === 'STORAGE_FAILED')).toEqual([]);
    } finally {
      stop();
    }
  });
});
