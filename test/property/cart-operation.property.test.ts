import fc from 'fast-check';
import { CartItem, DEFAULT_SHIPPING_METHOD, SHIPPING_METHODS, type CartProduct } from '../../src/domain/cart';
import { cartQuantity, keepValidLines } from '../../src/domain/cart-arithmetic';
import { applyCartOperation, type CartOperation, type CartState } from '../../src/domain/cart-operation';
import { decodedArbitrary } from '../support/arbitrary-from-codec';

// Few ids, so that operations of different tabs meet on the same lines.
const variantId = fc.constantFrom('a', 'b', 'c', 'd');
const product: fc.Arbitrary<CartProduct> = fc.record({ variant_id: variantId, price: fc.constantFrom(0.1, 2.5, 19.9), title: fc.constant('Livre') });
const max = fc.integer({ min: 1, max: 20 });
const shipping = fc.constantFrom(...SHIPPING_METHODS);

const operation: fc.Arbitrary<CartOperation> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), item: product }),
  fc.record({ kind: fc.constant('setQuantity' as const), variantId, quantity: fc.integer({ min: -2, max: 25 }) }),
  fc.record({ kind: fc.constant('remove' as const), variantId }),
  fc.record({ kind: fc.constant('shipping' as const), method: shipping }),
);

// A stored cart as another tab or a hand edit may have left it: duplicate ids and quantities beyond the limit included.
const stored: fc.Arbitrary<CartState> = fc.record({
  items: fc.array(fc.oneof(decodedArbitrary(CartItem), fc.record({ variant_id: variantId, quantity: fc.integer({ min: 1, max: 30 }), price: fc.constant(1) })), {
    maxLength: 8,
  }),
  shippingMethod: fc.option(shipping),
});

const applyAll = (cart: CartState, operations: readonly CartOperation[], limit: number): CartState =>
  operations.reduce((current, op) => applyCartOperation(current, op, limit), cart);

/** Every way of interleaving two tabs' sequences, each keeping its own order, picked by a list of coin flips. */
const interleave = <A>(first: readonly A[], second: readonly A[], flips: readonly boolean[]): A[] => {
  const out: A[] = [];
  let i = 0;
  let j = 0;
  for (const flip of flips) {
    if (flip && i < first.length) out.push(first[i++]!);
    else if (j < second.length) out.push(second[j++]!);
  }
  return [...out, ...first.slice(i), ...second.slice(j)];
};

describe('applying a cart operation to the stored cart', () => {
  it('always gives lines fit for the cart: one a variant, quantities from 1 to the limit', () => {
    fc.assert(
      fc.property(stored, fc.array(operation, { minLength: 1, maxLength: 20 }), max, (cart, operations, limit) => {
        const result = applyAll(cart, operations, limit);
        expect(keepValidLines(result.items, limit)).toEqual(result.items);
      }),
    );
  });

  it('loses no addition, whatever order two tabs’ additions reach storage in', () => {
    const additions = fc.array(
      product.map((item): CartOperation => ({ kind: 'add', item })),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(additions, additions, fc.array(fc.boolean(), { maxLength: 60 }), (first, second, flips) => {
        const limit = 1000;
        const result = applyAll({ items: [], shippingMethod: null }, interleave(first, second, flips), limit);
        expect(cartQuantity(result.items)).toBe(first.length + second.length);
        // The same lines, whichever tab went first: additions commute.
        const swapped = applyAll({ items: [], shippingMethod: null }, [...second, ...first], limit);
        expect(Object.fromEntries(result.items.map((line) => [line.variant_id, line.quantity]))).toEqual(
          Object.fromEntries(swapped.items.map((line) => [line.variant_id, line.quantity])),
        );
      }),
    );
  });

  it('adds one item unless the line is at its limit, and keeps the shipping method (the default one when none was stored)', () => {
    fc.assert(
      fc.property(stored, product, max, (cart, item, limit) => {
        const before = keepValidLines(cart.items, limit);
        const atLimit = before.find((line) => line.variant_id === item.variant_id)?.quantity === limit;
        const result = applyCartOperation(cart, { kind: 'add', item }, limit);
        expect(cartQuantity(result.items)).toBe(cartQuantity(before) + (atLimit ? 0 : 1));
        expect(result.shippingMethod).toBe(cart.shippingMethod ?? DEFAULT_SHIPPING_METHOD);
      }),
    );
  });

  it('sets a quantity, removes a line or sets the shipping method without touching the other lines', () => {
    fc.assert(
      fc.property(stored, operation, max, (cart, op, limit) => {
        fc.pre(op.kind !== 'add');
        const before = keepValidLines(cart.items, limit);
        const result = applyCartOperation(cart, op, limit);
        const touched = op.kind === 'shipping' ? null : op.variantId;
        expect(result.items.filter((line) => line.variant_id !== touched)).toEqual(before.filter((line) => line.variant_id !== touched));
        if (op.kind === 'shipping') expect(result.shippingMethod).toBe(op.method);
        else expect(result.shippingMethod).toBe(cart.shippingMethod ?? DEFAULT_SHIPPING_METHOD);
        if (op.kind === 'remove') expect(result.items.some((line) => line.variant_id === op.variantId)).toBe(false);
      }),
    );
  });
});
