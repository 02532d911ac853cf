import { DEFAULT_SHIPPING_METHOD, type CartProduct, type ShippingMethod } from './cart';
import { addItem, keepValidLines, removeItem, updateQuantity, type CartLines } from './cart-arithmetic';

/**
 * One change of the cart, as the visitor or the host page made it. Tabs store operations
 * rather than their whole list, so that each applies to the freshest stored cart and no
 * tab writes its stale lines over another's.
 */
export type CartOperation =
  | { readonly kind: 'add'; readonly item: CartProduct }
  | { readonly kind: 'setQuantity'; readonly variantId: string; readonly quantity: number }
  | { readonly kind: 'remove'; readonly variantId: string }
  | { readonly kind: 'shipping'; readonly method: ShippingMethod };

/** A cart as storage holds it: lines and a shipping method, `null` when none was chosen. */
export interface CartState {
  readonly items: CartLines;
  readonly shippingMethod: ShippingMethod | null;
}

/**
 * Applies an operation to a cart read from storage: the lines are first made fit (as a
 * restore does), then changed by the same arithmetic as the machine's, so an operation that
 * the freshest cart no longer allows (a line gone, a quantity at its limit) changes nothing.
 * A cart stored without a shipping method gets the default one, as a restored cart does.
 */
export const applyCartOperation = (cart: CartState, operation: CartOperation, max: number): CartState => {
  const items = keepValidLines(cart.items, max);
  const shippingMethod = cart.shippingMethod ?? DEFAULT_SHIPPING_METHOD;
  switch (operation.kind) {
    case 'add':
      return { items: addItem(items, operation.item, max), shippingMethod };
    case 'setQuantity':
      return { items: updateQuantity(items, operation.variantId, operation.quantity, max), shippingMethod };
    case 'remove':
      return { items: removeItem(items, operation.variantId), shippingMethod };
    case 'shipping':
      return { items, shippingMethod: operation.method };
  }
};
