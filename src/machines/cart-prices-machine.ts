import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { currentPrices, type CurrentPrices } from '../domain/cart-prices';
import type { HttpFailure } from '../services/http';
import type { ShopItemsEvent } from '../services/shop-service';
import { providedLater } from './machine-parts';

/** What the cart page knows of the shop's prices: today's price of each variant on sale, or why it could not be read. */
export interface CartPricesContext {
  readonly prices: CurrentPrices | null;
  readonly error: HttpFailure | null;
}

/** The visitor's retry, and the answers of the shop call. */
export type CartPricesEvent = { readonly type: 'RETRY' } | ShopItemsEvent;

/**
 * The price check of the cart page: the shop's current prices (`GET /api/shop/items/`), which
 * the page compares with the prices the stored lines were added at. A failed check never
 * blocks the cart: the page goes on with the stored prices and offers a retry. The lines
 * themselves are the cart machine's business.
 */
export const cartPricesMachine = setup({
  types: { context: {} as CartPricesContext, events: {} as CartPricesEvent },
  actors: {
    loadPrices: providedLater<ShopItemsEvent, void>('cart prices', 'loadPrices'),
  },
  actions: {
    storePrices: assign({
      prices: ({ event }) => {
        assertEvent(event, 'SHOP_ITEMS_LOADED');
        return currentPrices(event.items);
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
  id: 'cartPrices',
  context: { prices: null, error: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: { src: 'loadPrices' },
      initial: 'trying',
      states: {
        trying: { on: { SHOP_ITEMS_RETRYING: 'retrying' } },
        // A slow or failing call is being tried again: the visitor is told the page is still trying.
        retrying: {},
      },
      on: {
        SHOP_ITEMS_LOADED: { target: 'checked', actions: 'storePrices' },
        SHOP_ITEMS_FAILED: { target: 'checkFailed', actions: 'storeError' },
      },
    },
    checked: {},
    checkFailed: { on: { RETRY: 'checking' } },
  },
});

/** A snapshot of the cart prices machine. */
export type CartPricesSnapshot = SnapshotFrom<typeof cartPricesMachine>;

/** Where the check is: reading the shop, done, or failed (the stored prices stand, unverified). */
export type PriceCheckStatus = 'checking' | 'checked' | 'checkFailed';

const PRICE_CHECK_STATUSES = ['checking', 'checked', 'checkFailed'] as const satisfies readonly PriceCheckStatus[];

/** The state of the check. */
export const selectPriceCheck = (snapshot: CartPricesSnapshot): PriceCheckStatus => PRICE_CHECK_STATUSES.find((status) => snapshot.matches(status)) ?? 'checking';

/** Whether the check is being tried again after a time-out or a server error ("still trying"). */
export const selectPriceCheckRetrying = (snapshot: CartPricesSnapshot): boolean => snapshot.matches({ checking: 'retrying' });

/** The shop's current prices once checked; `null` while they are unknown, so that no line is judged on them. */
export const selectCurrentPrices = (snapshot: CartPricesSnapshot): CurrentPrices | null => (snapshot.matches('checked') ? snapshot.context.prices : null);
