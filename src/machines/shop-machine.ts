import { throwError } from 'rxjs';
import { assign, fromEventObservable, setup, type SnapshotFrom } from 'xstate';
import type { ShopItem } from '../domain/shop';
import type { HttpFailure } from '../services/http';
import type { ShopItemsEvent } from '../services/shop-service';

/** What the shop page holds: the items on sale, or why they could not be read. */
export interface ShopContext {
  readonly items: readonly ShopItem[];
  readonly error: HttpFailure | null;
}

/** The visitor's retry, and the answers of the shop call. */
export type ShopEvent = { readonly type: 'RETRY' } | ShopItemsEvent;

/** The shop page: the items of `GET /api/shop/items/`. Adding to the cart is the cart machine's business. */
export const shopMachine = setup({
  types: { context: {} as ShopContext, events: {} as ShopEvent },
  actors: {
    loadItems: fromEventObservable<ShopItemsEvent, void>(() =>
      throwError(() => new Error('The shop machine needs the actor "loadItems": give it with machine.provide().')),
    ),
  },
  actions: {
    storeItems: assign({ items: ({ context, event }) => (event.type === 'SHOP_ITEMS_LOADED' ? event.items : context.items), error: null }),
    storeError: assign({ error: ({ context, event }) => (event.type === 'SHOP_ITEMS_FAILED' ? event.error : context.error) }),
  },
}).createMachine({
  id: 'shop',
  context: { items: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: { src: 'loadItems' },
      initial: 'trying',
      states: {
        trying: { on: { SHOP_ITEMS_RETRYING: 'retrying' } },
        // A slow or failing call is being tried again: the visitor is told the page is still trying.
        retrying: {},
      },
      on: {
        SHOP_ITEMS_LOADED: { target: 'ready', actions: 'storeItems' },
        SHOP_ITEMS_FAILED: { target: 'failed', actions: 'storeError' },
      },
    },
    ready: {},
    failed: { on: { RETRY: 'loading' } },
  },
});

/** A snapshot of the shop machine. */
export type ShopSnapshot = SnapshotFrom<typeof shopMachine>;

/** What the shop page shows. */
export type ShopStatus = 'loading' | 'ready' | 'failed';

/** The state of the shop page. */
export const selectShopStatus = (snapshot: ShopSnapshot): ShopStatus => (snapshot.matches('loading') ? 'loading' : (snapshot.value as ShopStatus));

/** Whether the call is being tried again after a time-out or a server error ("still trying"). */
export const selectShopRetrying = (snapshot: ShopSnapshot): boolean => snapshot.matches({ loading: 'retrying' });

/** The items on sale. */
export const selectShopItems = (snapshot: ShopSnapshot): readonly ShopItem[] => snapshot.context.items;
