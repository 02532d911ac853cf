import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import type { ShopItem } from '../domain/shop';
import type { HttpFailure } from '../services/http';
import type { ShopItemsEvent } from '../services/shop-service';
import { providedLater } from './machine-parts';

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
    loadItems: providedLater<ShopItemsEvent, void>('shop', 'loadItems'),
  },
  actions: {
    storeItems: assign({
      items: ({ event }) => {
        assertEvent(event, 'SHOP_ITEMS_LOADED');
        return event.items;
      },
      error: null,
    }),
    storeError: assign({
      error: ({ event }) => {
        assertEvent(event, 'SHOP_ITEMS_FAILED');
        return event.error;
      },
    }),
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

const SHOP_STATUSES = ['loading', 'ready', 'failed'] as const satisfies readonly ShopStatus[];

/** The state of the shop page. */
export const selectShopStatus = (snapshot: ShopSnapshot): ShopStatus => SHOP_STATUSES.find((status) => snapshot.matches(status)) ?? 'loading';

/** Whether the call is being tried again after a time-out or a server error ("still trying"). */
export const selectShopRetrying = (snapshot: ShopSnapshot): boolean => snapshot.matches({ loading: 'retrying' });

/** The items on sale. */
export const selectShopItems = (snapshot: ShopSnapshot): readonly ShopItem[] => snapshot.context.items;
