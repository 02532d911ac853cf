import { isLeft, isRight } from 'fp-ts/Either';
import { CartItem, currencyOrDefault, Quantity } from '../../src/domain/cart';
import { addItem, cartTotal, lineTotal, removeItem, updateQuantity } from '../../src/domain/cart-arithmetic';
import { currentPrices } from '../../src/domain/cart-prices';
import { PRODUCT_A, PRODUCT_C, STORED_LINES } from '../support/cart-fixtures';

describe('a cart line’s quantity', () => {
  it('is a whole number of at least 1, and a number only', () => {
    expect([1, 2, 99, 1000].map((value) => Quantity.is(value))).toStrictEqual([true, true, true, true]);
    expect([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1', null].map((value) => Quantity.is(value))).toStrictEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('decodes as the same check, and says what it expected otherwise', () => {
    expect(Quantity.decode(3)).toStrictEqual({ _tag: 'Right', right: 3 });
    for (const value of [0, 2.5, '2', -4]) {
      const decoded = Quantity.decode(value);
      expect(isLeft(decoded)).toBe(true);
      if (isLeft(decoded)) expect(decoded.left[0]?.message).toBe('expected a whole number of at least 1');
    }
    expect(isRight(CartItem.decode({ variant_id: 'a', quantity: 0, price: 1 }))).toBe(false);
  });
});

describe('currencyOrDefault', () => {
  it('reads a three-letter code in any case, around white space', () => {
    expect(currencyOrDefault('chf')).toBe('CHF');
    expect(currencyOrDefault(' usd ')).toBe('USD');
    expect(currencyOrDefault('Eur')).toBe('EUR');
  });

  it('gives Swiss francs for anything else', () => {
    for (const value of [null, undefined, '', 'EURO', 'XEUR', 'EU', 'E', 'E1R', '123', 'EU R'])
      expect({ value, code: currencyOrDefault(value) }).toStrictEqual({ value, code: 'CHF' });
  });
});

describe('the cart’s arithmetic', () => {
  it('counts a line as quantity × unit price, exact to the cent', () => {
    expect(lineTotal({ quantity: 3, price: 0.1 })).toBe(0.3);
    expect(lineTotal({ quantity: 2, price: 12.5 })).toBe(25);
    expect(cartTotal(STORED_LINES)).toBe(25.9);
  });

  it('adds one more to the line of a product already in the cart, and a new line otherwise', () => {
    expect(addItem(STORED_LINES, PRODUCT_A, 99)).toStrictEqual([{ ...STORED_LINES[0], quantity: 3 }, STORED_LINES[1]]);
    expect(addItem(STORED_LINES, PRODUCT_C, 99)).toStrictEqual([...STORED_LINES, { variant_id: 'c', quantity: 1, price: 19.9, title: 'Carte topographique' }]);
    expect(addItem([], { variant_id: 'd', price: 2 }, 99)).toStrictEqual([{ variant_id: 'd', quantity: 1, price: 2 }]);
  });

  it('gives back the same lines when a change is refused: an unknown line, a quantity out of bounds', () => {
    expect(updateQuantity(STORED_LINES, 'unknown', 3, 99)).toBe(STORED_LINES);
    expect(updateQuantity(STORED_LINES, 'a', 0, 99)).toBe(STORED_LINES);
    expect(updateQuantity(STORED_LINES, 'a', 100, 99)).toBe(STORED_LINES);
    expect(removeItem(STORED_LINES, 'unknown')).toBe(STORED_LINES);
    expect(addItem([{ ...STORED_LINES[0]!, quantity: 99 }], PRODUCT_A, 99)).toHaveLength(1);
  });
});

describe('currentPrices', () => {
  it('keeps the first price the shop lists for a variant', () => {
    expect(
      currentPrices([
        { variant_id: 'a', price: 1 },
        { variant_id: 'b', price: 3 },
        { variant_id: 'a', price: 2 },
      ]),
    ).toStrictEqual({ a: 1, b: 3 });
  });
});
