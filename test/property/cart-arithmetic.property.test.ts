import fc from 'fast-check';
import { CartItem } from '../../src/domain/cart';
import { cartQuantity, cartTotal } from '../../src/domain/cart-arithmetic';
import { decodedArbitrary } from '../support/arbitrary-from-codec';

const lines = fc.array(decodedArbitrary(CartItem), { maxLength: 30 });

// The reference works in exact integer cents with BigInt, far from any floating point.
const exactTotalText = (items: readonly CartItem[]): string => {
  const cents = items.reduce((sum, item) => sum + BigInt(item.quantity) * BigInt(Math.round(item.price * 100)), 0n);
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
};

describe('cart arithmetic', () => {
  it('counts the sum of the line quantities', () => {
    fc.assert(fc.property(lines, (items) => cartQuantity(items) === items.reduce((n, item) => n + item.quantity, 0)));
  });

  it('totals quantity × price to the exact cent, without floating-point drift', () => {
    fc.assert(fc.property(lines, (items) => cartTotal(items).toFixed(2) === exactTotalText(items)));
  });

  it('gives 0.30 for three lines of 0.10, where plain floats give 0.30000000000000004', () => {
    const tenCents = { variant_id: 'a', quantity: 1, price: 0.1 };
    expect(cartTotal([tenCents, { ...tenCents, variant_id: 'b' }, { ...tenCents, variant_id: 'c' }])).toBe(0.3);
  });
});
