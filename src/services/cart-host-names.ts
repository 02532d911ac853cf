/** The `CustomEvent` a host page dispatches to add one of a product: `detail` is `{ variant_id, title, price }`. */
export const ADD_TO_CART_EVENT = 'cart:add';

/** The `CustomEvent` a host page dispatches to set the order id: `detail` is `{ order_id }` (`null` clears it). */
export const SET_ORDER_ID_EVENT = 'cart:set-order-id';

/** The elements of a host page whose click asks the cart something (SPEC §4): add a product, set the order id. */
export const HOST_CART_CONTROLS = '[data-add-to-cart], [data-set-order-id]';
