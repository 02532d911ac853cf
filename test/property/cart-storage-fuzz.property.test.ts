import fc, { type Arbitrary } from 'fast-check';
import { isRight } from 'fp-ts/Either';
import * as t from 'io-ts';
import { createActor } from 'xstate';
import { CartItem, DEFAULT_MAX_QUANTITY, ShippingMethod } from '../../src/domain/cart';
import { Id } from '../../src/domain/wire';
import { cartMachine, selectStatus } from '../../src/machines/cart-machine';
import { restoreActor, storageWatchActor } from '../../src/services/cart-storage';
import { CART_ITEMS_KEY, SHIPPING_METHOD_KEY, readStoredCart } from '../../src/services/stored-cart';
import { wireArbitrary } from '../support/arbitrary-from-codec';
import { runs } from '../support/fuzz-runs';
import { MemoryStorage } from '../support/memory-storage';

// Whatever a visitor's storage holds (an older version's cart, another site's key, a hand edit,
// a write cut short, a line built to lend a field from `__proto__`), reading it never throws and
// keeps every line that decodes on its own, and only those.

/** One element of the stored array, as text, with the line it must come to (`null`: dropped). */
interface StoredLine {
  readonly text: string;
  readonly line: CartItem | null;
}

/** A line decoded on its own, from its text as storage hands it over. */
const decodedAlone = (text: string): CartItem | null => {
  const decoded = CartItem.decode(JSON.parse(text));
  return isRight(decoded) ? decoded.right : null;
};

const stored = (text: string): StoredLine => ({ text, line: decodedAlone(text) });

// Few ids, so that lines of the same variant meet; the codec's own ids besides.
const variantId = fc.oneof(fc.constantFrom<unknown>('1', '2', 7, 'pub-4', ' 7 '), wireArbitrary(Id));
const validLine: Arbitrary<Record<string, unknown>> = fc
  .tuple(wireArbitrary(CartItem), fc.option(variantId, { nil: undefined }))
  .map(([wire, id]) => ({ ...(wire as Record<string, unknown>), ...(id === undefined ? {} : { variant_id: id }) }));

const FIELDS = ['variant_id', 'quantity', 'price', 'title'] as const;
const hugeString = fc.integer({ min: 1_000, max: 20_000 }).map((length) => 'x'.repeat(length));
const wrongValue: Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, '', ' ', '3', '1.5', 'NaN', 'Infinity', true, false, [], {}, [1], { quantity: 2 }),
  fc.constantFrom<unknown>(0, -0, -1, 1.5, 0.001, 100, 1e21, 1e308, -1e308, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 2 ** 53, Number.MIN_VALUE),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 8 }),
  hugeString,
);

/** A valid line with one field missing, replaced or made huge, and maybe keys it does not know. */
const nearValidLine: Arbitrary<StoredLine> = fc
  .tuple(
    validLine,
    fc.constantFrom(...FIELDS),
    fc.oneof(
      fc.constant<{ readonly drop: true }>({ drop: true }),
      wrongValue.map((value) => ({ drop: false as const, value })),
    ),
    fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
  )
  .map(([line, field, change, extra]) => {
    const { [field]: _dropped, ...rest } = line;
    return stored(JSON.stringify({ ...extra, ...rest, ...(change.drop ? {} : { [field]: change.value }) }));
  });

/**
 * A line with a prototype key lending fields: written as text, since a JS object cannot carry
 * an own `__proto__` key through `JSON.stringify`. The lent fields never count: the line is
 * what it would be without them.
 */
const poisonedLine: Arbitrary<StoredLine> = fc
  .tuple(validLine, fc.subarray([...FIELDS]), fc.constantFrom('__proto__', 'constructor', 'prototype'), validLine, fc.boolean())
  .map(([line, dropped, key, lent, first]) => {
    const own = Object.fromEntries(Object.entries(line).filter(([field]) => !(dropped as readonly string[]).includes(field)));
    const ownText = JSON.stringify(own).slice(1, -1);
    const lentText = `${JSON.stringify(key)}:${JSON.stringify(lent)}`;
    const parts = ownText === '' ? [lentText] : first ? [lentText, ownText] : [ownText, lentText];
    return { text: `{${parts.join(',')}}`, line: decodedAlone(JSON.stringify(own)) };
  });

const garbageLine: Arbitrary<StoredLine> = fc.jsonValue({ maxDepth: 2 }).map((value) => stored(JSON.stringify(value)));

const storedLine: Arbitrary<StoredLine> = fc.oneof(
  { arbitrary: validLine.map((line) => stored(JSON.stringify(line))), weight: 4 },
  { arbitrary: nearValidLine, weight: 4 },
  { arbitrary: poisonedLine, weight: 2 },
  { arbitrary: garbageLine, weight: 1 },
);

/** What `cartItems` holds, with the lines it must come to. */
interface StoredItems {
  readonly text: string | null;
  readonly lines: readonly CartItem[];
}

const lineArray: Arbitrary<StoredItems> = fc.array(storedLine, { maxLength: 30 }).map((lines) => ({
  text: `[${lines.map((line) => line.text).join(',')}]`,
  lines: lines.flatMap((line) => (line.line === null ? [] : [line.line])),
}));

/** Text that is not an array of lines gives an empty cart. */
const notLines: Arbitrary<StoredItems> = fc
  .oneof(
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc
      .jsonValue()
      .filter((value) => !Array.isArray(value))
      .map((value) => JSON.stringify(value)),
    fc.constantFrom('', 'null', 'undefined', 'NaN', '{}', '[', '[[[', '"[]"', '{"items":[]}', '\u0000', '\uFEFF[]', '[1,]', "['a']"),
    // A write cut short: an array's text with its end missing never parses.
    lineArray
      .filter((items) => (items.text ?? '').length > 2)
      .chain((items) => fc.integer({ min: 1, max: (items.text ?? '').length - 1 }).map((cut) => (items.text ?? '').slice(0, cut))),
  )
  .map((text) => ({ text, lines: [] }));

const storedItems: Arbitrary<StoredItems> = fc.oneof(
  { arbitrary: lineArray, weight: 6 },
  { arbitrary: notLines, weight: 3 },
  { arbitrary: fc.constant({ text: null, lines: [] }), weight: 1 },
);

const storedShipping: Arbitrary<string | null> = fc.oneof(
  fc.constantFrom(null, '"post"', '"counter"', 'post', '"Post"', '" post"', '"bogus"', 'null', '', '{"__proto__":"post"}', '["post"]'),
  fc.string({ maxLength: 12 }),
  fc.jsonValue({ maxDepth: 1 }).map((value) => JSON.stringify(value)),
);

const expectedShipping = (text: string | null): ShippingMethod | null => {
  try {
    const value: unknown = text === null ? null : JSON.parse(text);
    return ShippingMethod.is(value) ? value : null;
  } catch {
    return null;
  }
};

const storageOf = (items: string | null, shipping: string | null): MemoryStorage =>
  new MemoryStorage({ ...(items === null ? {} : { [CART_ITEMS_KEY]: items }), ...(shipping === null ? {} : { [SHIPPING_METHOD_KEY]: shipping }) });

/** The cart's rule for lines from outside: the first line of each variant, within the maximum. */
const cartLines = (lines: readonly CartItem[], max: number): CartItem[] => {
  const seen = new Set<string>();
  return lines.filter((line) => {
    if (seen.has(line.variant_id) || line.quantity > max) return false;
    seen.add(line.variant_id);
    return true;
  });
};

const LINE_KEYS: ReadonlySet<string> = new Set(FIELDS);
const OBJECT_PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype);

/** A valid cart: lines the codec accepts, plain objects with only the line's keys, one line a variant, within the maximum. */
const expectValidCart = (lines: readonly CartItem[], max: number): void => {
  expect(t.array(CartItem).is(lines)).toBe(true);
  for (const line of lines) {
    expect(Object.getPrototypeOf(line)).toBe(Object.prototype);
    expect(Object.keys(line).every((key) => LINE_KEYS.has(key))).toBe(true);
    expect(Number.isInteger(line.quantity) && line.quantity >= 1 && line.quantity <= max).toBe(true);
  }
  expect(new Set(lines.map((line) => line.variant_id)).size).toBe(lines.length);
};

const expectPrototypeUntouched = (): void => {
  expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(OBJECT_PROTOTYPE_KEYS);
  expect(({} as Record<string, unknown>)['quantity']).toBeUndefined();
};

const maxQuantity = fc.constantFrom(DEFAULT_MAX_QUANTITY, 1, 5);

describe('the stored cart under fuzzing', () => {
  it('reads any stored value without throwing, keeping every line that decodes on its own and no other', () => {
    fc.assert(
      fc.property(storedItems, storedShipping, (items, shipping) => {
        const cart = readStoredCart(storageOf(items.text, shipping));
        expect(cart.items).toStrictEqual(items.lines);
        expect(cart.shippingMethod).toBe(expectedShipping(shipping));
        expect(t.array(CartItem).is(cart.items)).toBe(true);
        expectPrototypeUntouched();
      }),
      { numRuns: runs(1000) },
    );
  });

  it('starts the cart on any stored value: a valid cart of the first line of each variant within the maximum', () => {
    fc.assert(
      fc.property(storedItems, storedShipping, maxQuantity, (items, shipping, max) => {
        const storage = storageOf(items.text, shipping);
        const actor = createActor(cartMachine.provide({ actors: { restore: restoreActor(storage) } }), { input: { maxQuantity: max } });
        actor.start();
        const snapshot = actor.getSnapshot();
        const expected = cartLines(items.lines, max);
        expect(snapshot.status).toBe('active');
        expect(snapshot.context.items).toStrictEqual(expected);
        expect(selectStatus(snapshot)).toBe(expected.length > 0 ? 'filled' : 'empty');
        expect(snapshot.context.shippingMethod).toBe(expectedShipping(shipping) ?? 'post');
        expectValidCart(snapshot.context.items, max);
        actor.stop();
        expectPrototypeUntouched();
      }),
      { numRuns: runs(500) },
    );
  });

  it('takes any value another tab stored the same way, and writes nothing back', () => {
    fc.assert(
      fc.property(storedItems, storedShipping, maxQuantity, (items, shipping, max) => {
        const storage = new MemoryStorage();
        const tab = new EventTarget();
        const actor = createActor(
          cartMachine.provide({ actors: { restore: restoreActor(storage), watchStorage: storageWatchActor(storage, tab as unknown as Window) } }),
          { input: { maxQuantity: max } },
        );
        actor.start();
        if (items.text !== null) storage.entries.set(CART_ITEMS_KEY, items.text);
        if (shipping !== null) storage.entries.set(SHIPPING_METHOD_KEY, shipping);
        tab.dispatchEvent(Object.assign(new Event('storage'), { key: CART_ITEMS_KEY, storageArea: null }));
        const expected = cartLines(items.lines, max);
        expect(actor.getSnapshot().context.items).toStrictEqual(expected);
        expect(selectStatus(actor.getSnapshot())).toBe(expected.length > 0 ? 'filled' : 'empty');
        expectValidCart(actor.getSnapshot().context.items, max);
        expect(storage.writes).toBe(0);
        actor.stop();
      }),
      { numRuns: runs(300) },
    );
  });
});
