import { assertEvent, assign, fromCallback, sendTo, setup, type SnapshotFrom } from 'xstate';
import { DEFAULT_MAX_QUANTITY, DEFAULT_SHIPPING_METHOD, ShippingMethod, type CartItem } from '../domain/cart';
import {
  addItem,
  canAdd,
  canUpdateQuantity,
  cartQuantity,
  cartTotal,
  emptyItems,
  findLine,
  keepValidLines,
  removeItem,
  updateQuantity,
  type CartLines,
} from '../domain/cart-arithmetic';
import type { CartOperation } from '../domain/cart-operation';
import type { CartHostEvent } from '../services/cart-host';
import type { PersistCommand, StorageStatusEvent, StoredCartEvent } from '../services/cart-storage';

/**
 * What the cart last did at the visitor's request, which the cart page says politely: a line
 * removed, the cart emptied, a quantity changed or the shipping method chosen (the page then says the new total).
 */
export type CartNotice =
  | { readonly kind: 'removed'; readonly line: Pick<CartItem, 'variant_id' | 'title'> }
  | { readonly kind: 'emptied' }
  | { readonly kind: 'quantityChanged' }
  | { readonly kind: 'shippingChanged' };

/** What the cart holds (SPEC §3, "Cart"): its lines, the shipping method and the order id. */
export interface CartContext {
  readonly items: CartLines;
  readonly shippingMethod: ShippingMethod;
  readonly orderId: string | null;
  /** The most items a line may hold. */
  readonly maxQuantity: number;
  /**
   * What the cart last removed at the visitor's request, until the visitor adds or changes a line; never stored. The stored
   * cart coming back (this page's own write echoes through the tabs' channel) leaves it, or the page would never say it.
   */
  readonly notice: CartNotice | null;
}

/** Visitor and host-page intents (imperative) and what storage reports (past tense). */
export type CartEvent =
  | CartHostEvent
  | { readonly type: 'REMOVE'; readonly variantId: string }
  | { readonly type: 'UPDATE_QUANTITY'; readonly variantId: string; readonly quantity: number }
  | { readonly type: 'EMPTY_REQUESTED' }
  | { readonly type: 'EMPTY_CONFIRMED' }
  | { readonly type: 'EMPTY_CANCELLED' }
  | { readonly type: 'SET_SHIPPING'; readonly method: string }
  | StoredCartEvent
  | StorageStatusEvent;

/** What the cart is given when it starts. */
export interface CartInput {
  readonly maxQuantity?: number;
}

/** The stored-cart operation of a change, once the machine has applied it (so the shipping method is the one just chosen). */
const operationOf = (event: CartEvent, context: CartContext): CartOperation => {
  assertEvent(event, ['ADD', 'REMOVE', 'UPDATE_QUANTITY', 'SET_SHIPPING']);
  switch (event.type) {
    case 'ADD':
      return { kind: 'add', item: event.item };
    case 'REMOVE':
      return { kind: 'remove', variantId: event.variantId };
    case 'UPDATE_QUANTITY':
      return { kind: 'setQuantity', variantId: event.variantId, quantity: event.quantity };
    case 'SET_SHIPPING':
      return { kind: 'shipping', method: context.shippingMethod };
  }
};

const storedCartOf = (event: CartEvent): StoredCartEvent => {
  assertEvent(event, ['CART_RESTORED', 'STORED_CART_CHANGED']);
  return event;
};

/**
 * The cart (SPEC §4, "Cart"): lines keyed by `variant_id`, restored from storage at start,
 * kept in step with other tabs, and written to storage after every change: the `saveChange` action sends the change to the `persist` actor.
 */
export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- XState takes the input's type from this assertion; `{}` fits a type whose keys are all optional, which the rule takes for a cast that changes nothing.
    input: {} as CartInput,
  },
  actors: {
    // Silent defaults: a cart kept in memory only, empty at start. The page gives the real ones.
    persist: fromCallback<PersistCommand>(() => undefined),
    restore: fromCallback(({ sendBack }) => {
      sendBack({ type: 'CART_RESTORED', items: [], shippingMethod: null } satisfies StoredCartEvent);
    }),
    watchStorage: fromCallback(() => undefined),
    watchHost: fromCallback(() => undefined),
  },
  actions: {
    addItem: assign({
      items: ({ context, event }) => {
        assertEvent(event, 'ADD');
        return addItem(context.items, event.item, context.maxQuantity);
      },
    }),
    removeItem: assign(({ context, event }) => {
      assertEvent(event, 'REMOVE');
      const line = findLine(context.items, event.variantId);
      return {
        items: removeItem(context.items, event.variantId),
        notice: line === undefined ? context.notice : { kind: 'removed' as const, line: { variant_id: line.variant_id, title: line.title ?? null } },
      };
    }),
    updateQuantity: assign({
      items: ({ context, event }) => {
        assertEvent(event, 'UPDATE_QUANTITY');
        return updateQuantity(context.items, event.variantId, event.quantity, context.maxQuantity);
      },
    }),
    emptyCart: assign({ items: emptyItems, shippingMethod: DEFAULT_SHIPPING_METHOD, notice: { kind: 'emptied' } }),
    // A later change of the lines is the news: what was removed before is no longer said.
    forgetNotice: assign({ notice: null }),
    noteQuantityChange: assign({ notice: { kind: 'quantityChanged' } }),
    noteShippingChange: assign({ notice: { kind: 'shippingChanged' } }),
    setShipping: assign({
      // The guard `changesShipping` let only a known method through.
      shippingMethod: ({ context, event }) => {
        assertEvent(event, 'SET_SHIPPING');
        return ShippingMethod.is(event.method) ? event.method : context.shippingMethod;
      },
    }),
    setOrderId: assign({
      orderId: ({ event }) => {
        assertEvent(event, 'SET_ORDER_ID');
        return event.orderId;
      },
    }),
    takeStoredCart: assign(({ context, event }) => {
      const stored = storedCartOf(event);
      return { items: keepValidLines(stored.items, context.maxQuantity), shippingMethod: stored.shippingMethod ?? DEFAULT_SHIPPING_METHOD };
    }),
    // The change goes to the persistence actor as an operation, which it applies to the freshest
    // stored cart so that another tab's change made meanwhile is kept; never an XState snapshot.
    saveChange: sendTo('persist', ({ context, event }): PersistCommand => ({
      type: 'APPLY',
      operation: operationOf(event, context),
      maxQuantity: context.maxQuantity,
    })),
    forget: sendTo('persist', { type: 'FORGET' } satisfies PersistCommand),
  },
  guards: {
    canAdd: ({ context, event }) => {
      assertEvent(event, 'ADD');
      return canAdd(context.items, event.item, context.maxQuantity);
    },
    hasLine: ({ context, event }) => {
      assertEvent(event, 'REMOVE');
      return findLine(context.items, event.variantId) !== undefined;
    },
    isOnlyLine: ({ context, event }) => {
      assertEvent(event, 'REMOVE');
      return context.items.length === 1 && context.items[0]!.variant_id === event.variantId;
    },
    canUpdateQuantity: ({ context, event }) => {
      assertEvent(event, 'UPDATE_QUANTITY');
      return canUpdateQuantity(context.items, event.variantId, event.quantity, context.maxQuantity);
    },
    changesShipping: ({ context, event }) => {
      assertEvent(event, 'SET_SHIPPING');
      return ShippingMethod.is(event.method) && event.method !== context.shippingMethod;
    },
    storedHasLines: ({ context, event }) => keepValidLines(storedCartOf(event).items, context.maxQuantity).length > 0,
  },
}).createMachine({
  id: 'cart',
  type: 'parallel',
  context: ({ input }) => ({
    items: [],
    shippingMethod: DEFAULT_SHIPPING_METHOD,
    orderId: null,
    maxQuantity: input.maxQuantity ?? DEFAULT_MAX_QUANTITY,
    notice: null,
  }),
  invoke: [{ id: 'persist', src: 'persist' }, { src: 'restore' }, { src: 'watchStorage' }, { src: 'watchHost' }],
  on: {
    SET_SHIPPING: { guard: 'changesShipping', actions: ['setShipping', 'noteShippingChange', 'saveChange'] },
    SET_ORDER_ID: { actions: 'setOrderId' },
  },
  states: {
    lines: {
      initial: 'restoring',
      on: {
        // Another tab changed the stored cart: this tab takes it as it is, without writing it back.
        STORED_CART_CHANGED: [
          { guard: 'storedHasLines', target: '.filled', actions: 'takeStoredCart' },
          { target: '.empty', actions: 'takeStoredCart' },
        ],
      },
      states: {
        restoring: {
          on: {
            CART_RESTORED: [
              { guard: 'storedHasLines', target: 'filled', actions: 'takeStoredCart' },
              { target: 'empty', actions: 'takeStoredCart' },
            ],
          },
        },
        empty: {
          on: { ADD: { guard: 'canAdd', target: 'filled', actions: ['addItem', 'forgetNotice', 'saveChange'] } },
        },
        filled: {
          initial: 'listed',
          states: {
            listed: { on: { EMPTY_REQUESTED: 'confirmingEmpty' } },
            // "Vider le panier" asks first: emptying cannot be undone. Nothing is removed until the visitor confirms.
            confirmingEmpty: {
              on: {
                // Emptying removes the stored cart rather than storing an empty one (SPEC §4), and forgets the shipping method.
                EMPTY_CONFIRMED: { target: '#cart.lines.empty', actions: ['emptyCart', 'forget'] },
                EMPTY_CANCELLED: 'listed',
              },
            },
          },
          on: {
            ADD: { guard: 'canAdd', actions: ['addItem', 'forgetNotice', 'saveChange'] },
            REMOVE: [
              { guard: 'isOnlyLine', target: 'empty', actions: ['removeItem', 'saveChange'] },
              { guard: 'hasLine', actions: ['removeItem', 'saveChange'] },
            ],
            UPDATE_QUANTITY: { guard: 'canUpdateQuantity', actions: ['updateQuantity', 'noteQuantityChange', 'saveChange'] },
            // Another tab's lines are taken where the visitor is: a question being asked stays open.
            STORED_CART_CHANGED: [
              { guard: 'storedHasLines', actions: 'takeStoredCart' },
              { target: 'empty', actions: 'takeStoredCart' },
            ],
          },
        },
      },
    },
    storage: {
      initial: 'persisted',
      states: {
        persisted: { on: { STORAGE_FAILED: 'inMemory' } },
        // Storage throws (disabled, full): the cart goes on, kept in this page only.
        inMemory: { on: { STORAGE_RECOVERED: 'persisted' } },
      },
    },
  },
});

/** A snapshot of the cart machine. */
export type CartSnapshot = SnapshotFrom<typeof cartMachine>;

/** Where the cart is: not yet read from storage, empty, or holding lines. */
export type CartStatus = 'restoring' | 'empty' | 'filled';

const CART_STATUSES = ['restoring', 'empty', 'filled'] as const satisfies readonly CartStatus[];

/** The state of the lines. */
export const selectStatus = (snapshot: CartSnapshot): CartStatus => CART_STATUSES.find((status) => snapshot.matches({ lines: status })) ?? 'restoring';

/** The lines, in the order they were added. */
export const selectLines = (snapshot: CartSnapshot): CartLines => snapshot.context.items;

/** The line of a variant, if the cart holds one. */
export const selectLine =
  (variantId: string) =>
  (snapshot: CartSnapshot): CartItem | undefined =>
    findLine(snapshot.context.items, variantId);

/** The number of items: the sum of the line quantities. */
export const selectQuantity = (snapshot: CartSnapshot): number => cartQuantity(snapshot.context.items);

/** The total, exact to the cent. */
export const selectTotal = (snapshot: CartSnapshot): number => cartTotal(snapshot.context.items);

/** The shipping method chosen. */
export const selectShippingMethod = (snapshot: CartSnapshot): ShippingMethod => snapshot.context.shippingMethod;

/** The order id, when a host page set one. */
export const selectOrderId = (snapshot: CartSnapshot): string | null => snapshot.context.orderId;

/** The most items a line may hold. */
export const selectMaxQuantity = (snapshot: CartSnapshot): number => snapshot.context.maxQuantity;

/** Whether the visitor is being asked to confirm emptying the cart. */
export const selectConfirmingEmpty = (snapshot: CartSnapshot): boolean => snapshot.matches({ lines: { filled: 'confirmingEmpty' } });

/** What the cart last did at the visitor's request (a line removed, the cart emptied), for the page's polite status. */
export const selectNotice = (snapshot: CartSnapshot): CartNotice | null => snapshot.context.notice;

/** Whether the cart lives in this page only, because storage refuses it. */
export const selectInMemoryOnly = (snapshot: CartSnapshot): boolean => snapshot.matches({ storage: 'inMemory' });
