import fc from 'fast-check';
import { CartItem } from '../../src/domain/cart';
import { cartQuantity, cartTotal } from '../../src/domain/cart-arithmetic';
import { checkLine, checkLines, checkSummary, currentPrices, payableLines, payableQuantity, payableTotal, type CurrentPrices } from '../../src/domain/cart-prices';
import { ShopItem } from '../../src/domain/shop';
import { decodedArbitrary } from '../support/arbitrary-from-codec';

// Lines as the cart holds them: at most one a variant.
const lines = fc.uniqueArray(decodedArbitrary(CartItem), { maxLength: 20, selector: (line) => line.variant_id });
const cents = fc.integer({ min: 0, max: 100_000 });

/** What the shop does with each line's variant: sells it at the same price, at another, or not at all. */
type Fate = { readonly kind: 'same' } | { readonly kind: 'changed'; readonly cents: number } | { readonly kind: 'gone' };
const fate: fc.Arbitrary<Fate> = fc.oneof(
  fc.constant<Fate>({ kind: 'same' }),
  cents.map((value): Fate => ({ kind: 'changed', cents: value })),
  fc.constant<Fate>({ kind: 'gone' }),
);

/** A stored cart and a shop answer built around it: each line's fate, plus items the cart does not hold. */
const cartAndShop = lines.chain((items) =>
  fc
    .record({
      fates: fc.array(fate, { minLength: items.length, maxLength: items.length }),
      others: fc.array(decodedArbitrary(ShopItem), { maxLength: 5 }),
    })
    .map(({ fates, others }) => {
      const held = new Set(items.map((line) => line.variant_id));
      const shop: ShopItem[] = [
        ...others.filter((item) => !held.has(item.variant_id)),
        ...items.flatMap((line, index): ShopItem[] => {
          const f = fates[index]!;
          if (f.kind === 'gone') return [];
          return [{ variant_id: line.variant_id, title: 'x', price: f.kind === 'same' ? line.price : f.cents / 100 }];
        }),
      ];
      return { items, fates, shop };
    }),
);

// The reference works in exact integer cents with BigInt, from the shop's answer, not from the module's record.
const exactText = (value: bigint): string => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;
const referencePrice = (shop: readonly ShopItem[], variantId: string): number | undefined => shop.find((item) => item.variant_id === variantId)?.price;

describe('the cart checked against the shop’s current prices', () => {
  it('says of each line, in order, whether it is the same, changed from the stored price to the current one, or gone', () => {
    fc.assert(
      fc.property(cartAndShop, ({ items, shop }) => {
        const checked = checkLines(items, currentPrices(shop));
        expect(checked.map((entry) => entry.line)).toEqual(items);
        checked.forEach(({ line, check }, index) => {
          // The stored line itself is never touched: it keeps the price it was added at.
          expect(line).toBe(items[index]);
          const now = referencePrice(shop, line.variant_id);
          if (now === undefined) expect(check).toEqual({ status: 'gone' });
          else if (Math.round(now * 100) === Math.round(line.price * 100)) expect(check).toEqual({ status: 'same' });
          else expect(check).toEqual({ status: 'priceChanged', was: line.price, now });
        });
      }),
    );
  });

  it('totals the current prices × quantities of the available lines only, to the exact cent', () => {
    fc.assert(
      fc.property(cartAndShop, ({ items, shop }) => {
        const checked = checkLines(items, currentPrices(shop));
        let exact = 0n;
        let quantity = 0;
        for (const line of items) {
          const now = referencePrice(shop, line.variant_id);
          if (now === undefined) continue;
          exact += BigInt(line.quantity) * BigInt(Math.round(now * 100));
          quantity += line.quantity;
        }
        expect(payableTotal(checked).toFixed(2)).toBe(exactText(exact));
        expect(payableQuantity(checked)).toBe(quantity);
      }),
    );
  });

  it('leaves gone lines out of what an order holds, the others at their current price and quantity', () => {
    fc.assert(
      fc.property(cartAndShop, ({ items, fates, shop }) => {
        const payable = payableLines(checkLines(items, currentPrices(shop)));
        const expected = items.flatMap((line, index) => {
          const f = fates[index]!;
          return f.kind === 'gone' ? [] : [{ ...line, price: f.kind === 'same' ? line.price : f.cents / 100 }];
        });
        expect(payable).toEqual(expected);
      }),
    );
  });

  it('counts the changed and the gone lines of the summary', () => {
    fc.assert(
      fc.property(cartAndShop, ({ items, fates, shop }) => {
        const summary = checkSummary(checkLines(items, currentPrices(shop)));
        const changed = items.filter((line, index) => {
          const f = fates[index]!;
          return f.kind === 'changed' && f.cents !== Math.round(line.price * 100);
        }).length;
        expect(summary).toEqual({ changed, gone: fates.filter((f) => f.kind === 'gone').length });
      }),
    );
  });

  it('gives the stored cart’s own total and count when the shop has not changed, or when its prices are unknown', () => {
    fc.assert(
      fc.property(lines, (items) => {
        for (const prices of [currentPrices(items), null]) {
          const checked = checkLines(items, prices);
          expect(payableTotal(checked)).toBe(cartTotal(items));
          expect(payableQuantity(checked)).toBe(cartQuantity(items));
          expect(checkSummary(checked)).toEqual({ changed: 0, gone: 0 });
        }
        expect(checkLines(items, null).every(({ check }) => check.status === 'unchecked')).toBe(true);
      }),
    );
  });

  it('is not moved by a gone line: adding one to the cart changes neither the total nor the count', () => {
    fc.assert(
      fc.property(cartAndShop, decodedArbitrary(CartItem), ({ items, shop }, extra) => {
        const prices = currentPrices(shop);
        fc.pre(!items.some((line) => line.variant_id === extra.variant_id) && referencePrice(shop, extra.variant_id) === undefined);
        const without = checkLines(items, prices);
        const withGone = checkLines([...items, extra], prices);
        expect(payableTotal(withGone)).toBe(payableTotal(without));
        expect(payableQuantity(withGone)).toBe(payableQuantity(without));
        expect(checkSummary(withGone).gone).toBe(checkSummary(without).gone + 1);
      }),
    );
  });

  it('takes the first item of a variant the shop lists twice', () => {
    fc.assert(
      fc.property(fc.array(decodedArbitrary(ShopItem), { maxLength: 20 }), (shop) => {
        const prices: CurrentPrices = currentPrices(shop);
        expect(Object.keys(prices).sort()).toEqual([...new Set(shop.map((item) => item.variant_id))].sort());
        for (const [variantId, price] of Object.entries(prices)) expect(price).toBe(referencePrice(shop, variantId));
      }),
    );
  });

  it('reads only the shop’s own variants: names an object has are not on sale, `__proto__` is an ordinary variant', () => {
    const prices = currentPrices([{ variant_id: '__proto__', price: 4 }]);
    expect(checkLine({ variant_id: '__proto__', price: 4 }, prices)).toEqual({ status: 'same' });
    for (const name of ['constructor', 'toString', 'hasOwnProperty']) {
      expect(checkLine({ variant_id: name, price: 1 }, prices)).toEqual({ status: 'gone' });
    }
  });

  it('compares to the cent, so a price read as 12.5 or 12.50 is the same price', () => {
    expect(checkLine({ variant_id: '3', price: 12.5 }, { '3': 12.5 })).toEqual({ status: 'same' });
    expect(checkLine({ variant_id: '3', price: 0.1 + 0.2 }, { '3': 0.3 })).toEqual({ status: 'same' });
    expect(checkLine({ variant_id: '3', price: 12 }, { '3': 15 })).toEqual({ status: 'priceChanged', was: 12, now: 15 });
  });
});
