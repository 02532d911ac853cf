import { isRight } from 'fp-ts/Either';
import * as t from 'io-ts';
import { fromCallback } from 'xstate';
import { applyCartOperation, type CartOperation } from '../domain/cart-operation';
import { CART_ITEMS_KEY, SHIPPING_METHOD_KEY, readStoredCart, writeStoredCart, forgetStoredCart, type CartStorage, type StoredCart } from './stored-cart';

/** A command of the persistence actor on its way to storage: whether it was carried out, and what storage then held. */
interface WaitingCommand {
  readonly command: PersistCommand;
  done: boolean;
  result: StoredCart | null;
}

/** What the cart machine tells its persistence actor after a change: an operation to apply to the stored cart, a whole cart to write, or forgetting it. */
export type PersistCommand =
  | { readonly type: 'APPLY'; readonly operation: CartOperation; readonly maxQuantity: number }
  | ({ readonly type: 'WRITE' } & StoredCart)
  | { readonly type: 'FORGET' };

/** The name of the Web Lock under which every tab of the site reads, changes and writes the stored cart. */
export const CART_LOCK = 'cart';

/** The part of the Web Locks API the cart uses (`navigator.locks`), so tests can give their own. */
export type CartLocks = Pick<LockManager, 'request' | 'query'>;

/** The prefix of the lock a tab holds to say which numbered write of the cart it made last. */
const GENERATION_LOCK = 'cart-generation:';

/** The channel on which the tab that just wrote the cart tells the others what it wrote (a `BroadcastChannel`). */
export type CartChannel = Pick<BroadcastChannel, 'postMessage' | 'addEventListener' | 'removeEventListener' | 'close'>;

/**
 * The longest a tab holding the cart's lock waits for the message of the last write: it
 * normally comes within a millisecond; this only bounds a channel that drops it.
 */
const MESSAGE_WAIT_MS = 200;

/** The name of the `BroadcastChannel` of the cart. */
export const CART_CHANNEL = 'cart';

/** What goes over the channel: the two stored values as storage holds them (`null` for none), and the write's number. */
const WrittenCart = t.type({ cartItems: t.union([t.string, t.null]), shippingMethod: t.union([t.string, t.null]), generation: t.number });
type WrittenCart = t.TypeOf<typeof WrittenCart>;

const asStorage = (written: WrittenCart): Pick<Storage, 'getItem'> => ({
  getItem: (key) => (key === CART_ITEMS_KEY ? written.cartItems : key === SHIPPING_METHOD_KEY ? written.shippingMethod : null),
});

/** Carries out a command on storage, reading from `source`, and gives the cart storage now holds. Throws what storage throws. */
const carryOut = (storage: CartStorage, source: Pick<Storage, 'getItem'>, command: PersistCommand): StoredCart => {
  switch (command.type) {
    case 'APPLY': {
      // Read, change, write: the operation meets the freshest stored cart, other tabs' changes included.
      const merged = applyCartOperation(readStoredCart(source), command.operation, command.maxQuantity);
      writeStoredCart(storage, merged);
      return merged;
    }
    case 'WRITE':
      writeStoredCart(storage, command);
      return { items: command.items, shippingMethod: command.shippingMethod };
    case 'FORGET':
      forgetStoredCart(storage);
      return { items: [], shippingMethod: null };
  }
};

/** The storage read at start-up, or again after another tab's change, as events for the cart machine. */
export type StoredCartEvent = ({ readonly type: 'CART_RESTORED' } & StoredCart) | ({ readonly type: 'STORED_CART_CHANGED' } & StoredCart);

/** What the persistence actor reports: only a change between working and failing storage. */
export type StorageStatusEvent = { readonly type: 'STORAGE_FAILED' } | { readonly type: 'STORAGE_RECOVERED' };

/**
 * The persistence effect: receives a command after every change of the cart and applies it
 * to storage. Storage that throws (disabled, full) is reported once with `STORAGE_FAILED`,
 * and the cart goes on in memory; a later write that works reports `STORAGE_RECOVERED`.
 *
 * With the Web Locks API, every command runs under the site-wide `cart` lock, so that two
 * tabs never read the same stored cart and then write over each other's change; once this
 * tab's commands are all done, the merged cart comes back as `STORED_CART_CHANGED` (a tab
 * gets no `storage` event of its own writes). Chromium can hand a tab the lock before another
 * tab's `localStorage` write reaches it, so the writer also sends what it wrote, numbered, on
 * a `BroadcastChannel`, and holds a lock named after that number: the next holder reads the
 * number from the lock manager and starts from that message. Without Web Locks (older browsers), each command is
 * read, applied and written at once, in one task, as before: tabs then rely on `storage`
 * events alone and can still lose a change made in the same few milliseconds.
 *
 * A change still waiting for the lock when the page is left (`pagehide` of `page`: a link
 * followed, the tab closed) is written at once, without the lock: the lock would never come to a
 * page that is gone, and the visitor was told the line was added. That write may meet another
 * tab's, as without Web Locks; losing the line outright is worse.
 */
export const persistCart =
  (
    storage: CartStorage | null,
    locks: CartLocks | null = null,
    openChannel: () => CartChannel | null = () => null,
    page: Pick<Window, 'addEventListener' | 'removeEventListener'> | null = null,
  ) =>
  ({ receive, sendBack }: { receive: (listener: (command: PersistCommand) => void) => void; sendBack: (event: StorageStatusEvent | StoredCartEvent) => void }) => {
    let failing = false;
    let pending = 0;
    // What the last writer under the lock wrote, as it told on the channel: in Chromium another
    // tab's `localStorage` write can reach this tab after the lock does, so its read could be stale.
    // Writes are numbered, so that a message overtaken by a later one is ignored.
    let latest: WrittenCart | null = null;
    const channel = locks === null ? null : openChannel();
    let heard: () => void = () => undefined;
    const onMessage = (event: MessageEvent<unknown>): void => {
      const decoded = WrittenCart.decode(event.data);
      if (isRight(decoded) && (latest === null || decoded.right.generation > latest.generation)) {
        latest = decoded.right;
        heard();
      }
    };
    channel?.addEventListener('message', onMessage);
    // The number of the last write, from the locks the writers hold: the lock manager, unlike
    // the channel, is always up to date when this tab is granted the cart's lock.
    const newestGeneration = async (manager: CartLocks): Promise<number> => {
      const { held = [] } = await manager.query();
      return held.reduce((newest, lock) => {
        const name = lock.name ?? '';
        return name.startsWith(GENERATION_LOCK) ? Math.max(newest, Number(name.slice(GENERATION_LOCK.length)) || 0) : newest;
      }, 0);
    };
    const caughtUp = (generation: number): Promise<boolean> =>
      new Promise((resolve) => {
        if ((latest?.generation ?? 0) >= generation) {
          resolve(true);
          return;
        }
        // Bounded: a message that never comes must not hold the cart's lock for ever.
        const timer = setTimeout(() => resolve(false), MESSAGE_WAIT_MS);
        heard = () => {
          if ((latest?.generation ?? 0) >= generation) {
            clearTimeout(timer);
            resolve(true);
          }
        };
      });
    let releaseGeneration: () => void = () => undefined;
    // Holds the lock that names this tab's last write until its next one, and lets the previous go.
    const holdGeneration = (manager: CartLocks, generation: number): Promise<void> =>
      new Promise((granted) => {
        const previous = releaseGeneration;
        void manager.request(`${GENERATION_LOCK}${generation}`, { mode: 'shared' }, () => {
          granted();
          return new Promise<void>((release) => {
            releaseGeneration = release;
          });
        });
        previous();
      });
    if (storage === null) {
      // Storage could not even be reached: say so at once rather than at the first change.
      failing = true;
      sendBack({ type: 'STORAGE_FAILED' });
    }
    const attempt = (command: PersistCommand): StoredCart | null => {
      try {
        if (storage === null) throw new Error('no storage');
        return carryOut(storage, storage, command);
      } catch {
        return null;
      }
    };
    const report = (worked: boolean): void => {
      if (worked === failing) {
        failing = !worked;
        sendBack({ type: worked ? 'STORAGE_RECOVERED' : 'STORAGE_FAILED' });
      }
    };
    // The commands not yet carried out under the lock, oldest first: what leaving the page writes at once.
    const waiting = new Set<WaitingCommand>();
    const onLeave = (): void => {
      for (const job of waiting) {
        job.done = true;
        job.result = attempt(job.command);
      }
      waiting.clear();
    };
    page?.addEventListener('pagehide', onLeave);
    receive((command) => {
      if (locks === null || storage === null) {
        report(attempt(command) !== null);
        return;
      }
      pending += 1;
      const job: WaitingCommand = { command, done: false, result: null };
      waiting.add(job);
      locks
        .request(CART_LOCK, async () => {
          const newest = channel === null ? 0 : await newestGeneration(locks);
          // Without the last writer's message, this tab's storage is the best it has.
          const fresh = channel !== null && (await caughtUp(newest));
          // The page was left meanwhile and wrote it then: once is enough.
          if (job.done) return;
          job.done = true;
          waiting.delete(job);
          try {
            job.result = carryOut(storage, fresh && latest !== null ? asStorage(latest) : storage, command);
          } catch {
            job.result = null;
            return;
          }
          if (channel === null) return;
          latest = {
            cartItems: storage.getItem(CART_ITEMS_KEY),
            shippingMethod: storage.getItem(SHIPPING_METHOD_KEY),
            generation: Math.max(newest, latest?.generation ?? 0) + 1,
          };
          channel.postMessage(latest);
          await holdGeneration(locks, latest.generation);
        })
        .catch(() => {
          // The lock manager refused (an opaque origin, a page being unloaded): apply without it.
          if (job.done) return;
          job.done = true;
          waiting.delete(job);
          job.result = attempt(command);
        })
        .finally(() => {
          pending -= 1;
          report(job.result !== null);
          if (job.result !== null && pending === 0) sendBack({ type: 'STORED_CART_CHANGED', ...job.result });
        });
    });
    return () => {
      page?.removeEventListener('pagehide', onLeave);
      channel?.removeEventListener('message', onMessage);
      channel?.close();
      releaseGeneration();
    };
  };

/** The persistence effect as an actor of the cart machine. */
export const persistActor = (
  storage: CartStorage | null,
  locks: CartLocks | null = null,
  openChannel?: () => CartChannel | null,
  page?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null,
) => fromCallback<PersistCommand>(persistCart(storage, locks, openChannel, page));

/** The stored cart read once, when the cart starts. */
export const restoreActor = (storage: Pick<Storage, 'getItem'> | null) =>
  fromCallback(({ sendBack }) => {
    sendBack({ type: 'CART_RESTORED', ...readStoredCart(storage) } satisfies StoredCartEvent);
  });

/** Whether a `storage` event is about the cart in this storage area. */
const concernsCart = (event: StorageEvent, storage: unknown): boolean =>
  (event.storageArea === null || event.storageArea === storage) && (event.key === null || event.key === CART_ITEMS_KEY || event.key === SHIPPING_METHOD_KEY);

/** Another tab's change of the stored cart, read again at each `storage` event of the window. */
export const storageWatchActor = (storage: Pick<Storage, 'getItem'> | null, target: Pick<Window, 'addEventListener' | 'removeEventListener'>) =>
  fromCallback(({ sendBack }) => {
    const onStorage = (event: StorageEvent): void => {
      if (concernsCart(event, storage)) sendBack({ type: 'STORED_CART_CHANGED', ...readStoredCart(storage) } satisfies StoredCartEvent);
    };
    target.addEventListener('storage', onStorage);
    return () => target.removeEventListener('storage', onStorage);
  });
