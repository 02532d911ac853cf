import fc from 'fast-check';
import { isRight } from 'fp-ts/Either';
import { createActor } from 'xstate';
import { CartItem, DEFAULT_MAX_QUANTITY, type CartProduct } from '../../src/domain/cart';
import { cartMachine, selectQuantity, selectTotal, type CartEvent } from '../../src/machines/cart-machine';
import { persistActor, restoreActor, storageWatchActor } from '../../src/services/cart-storage';
import { CART_ITEMS_KEY, SHIPPING_METHOD_KEY } from '../../src/services/stored-cart';
import { wireArbitrary } from '../support/arbitrary-from-codec';
import { MemoryStorage } from '../support/memory-storage';
import { runs } from '../support/fuzz-runs';

/** The cart of a page on a storage: real persistence, restore and `storage`-event watch. */
const startCart = (storage: MemoryStorage | null, maxQuantity?: number, target: EventTarget = new EventTarget()) => {
  const machine = cartMachine.provide({
    actors: {
      persist: persistActor(storage),
      restore: restoreActor(storage),
      watchStorage: storageWatchActor(storage, target),
    },
  });
  const actor = createActor(machine, { input: maxQuantity === undefined ? {} : { maxQuantity } });
  actor.start();
  return actor;
};

// ---- The reference: a plain cart in exact decimals (BigInt cents read from the price's decimal text).

const exactCents = (price: number): bigint => {
  const [units, decimals = ''] = String(price).split('.');
  if (decimals.length > 2 || /e/i.test(String(price))) throw new Error(`not a two-decimal price: ${price}`);
  return BigInt(units!) * 100n + BigInt(decimals.padEnd(2, '0'));
};

const centsText = (cents: bigint): string => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

interface Reference {
  lines: { variant_id: string; quantity: number; price: number; title?: string | null }[];
  shippingMethod: 'post' | 'counter';
  orderId: string | null;
  /** "Vider le panier ?" is being asked: only a cart with lines asks, and it closes when the lines are gone. */
  confirming: boolean;
}

const referenceStep = (cart: Reference, event: CartEvent, max: number): Reference => {
  const valid = (q: number): boolean => Number.isInteger(q) && q >= 1 && q <= max;
  switch (event.type) {
    case 'ADD': {
      const line = cart.lines.find((l) => l.variant_id === event.item.variant_id);
      if (line) return valid(line.quantity + 1) ? { ...cart, lines: cart.lines.map((l) => (l === line ? { ...l, quantity: l.quantity + 1 } : l)) } : cart;
      return { ...cart, lines: [...cart.lines, { ...event.item, quantity: 1 }] };
    }
    case 'REMOVE': {
      const lines = cart.lines.filter((l) => l.variant_id !== event.variantId);
      return { ...cart, lines, confirming: cart.confirming && lines.length > 0 };
    }
    case 'UPDATE_QUANTITY':
      return valid(event.quantity) ? { ...cart, lines: cart.lines.map((l) => (l.variant_id === event.variantId ? { ...l, quantity: event.quantity } : l)) } : cart;
    case 'EMPTY_REQUESTED':
      return { ...cart, confirming: cart.lines.length > 0 };
    case 'EMPTY_CONFIRMED':
      return cart.confirming ? { ...cart, lines: [], shippingMethod: 'post', confirming: false } : cart;
    case 'EMPTY_CANCELLED':
      return { ...cart, confirming: false };
    case 'SET_SHIPPING':
      return event.method === 'post' || event.method === 'counter' ? { ...cart, shippingMethod: event.method } : cart;
    case 'SET_ORDER_ID':
      return { ...cart, orderId: event.orderId };
    default:
      return cart;
  }
};

// ---- Arbitraries: few ids, so lines collide; quantities and methods both valid and not.

const KNOWN_IDS = ['1', '2', '3', 'pub-4'];
const price = fc.integer({ min: 0, max: 100_000 }).map((cents) => cents / 100);
const product: fc.Arbitrary<CartProduct> = fc.record(
  { variant_id: fc.constantFrom(...KNOWN_IDS), price, title: fc.option(fc.string({ maxLength: 12 }), { nil: undefined }) },
  { requiredKeys: ['variant_id', 'price'] },
);
const anyId = fc.constantFrom(...KNOWN_IDS, 'unknown', '');
const anyQuantity = fc.oneof(
  fc.integer({ min: -3, max: 105 }),
  fc.constantFrom(0, 1, 98, 99, 100, 1.5, -1, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER),
  fc.double(),
);

const cartEvent: fc.Arbitrary<CartEvent> = fc.oneof(
  { arbitrary: product.map((item): CartEvent => ({ type: 'ADD', item })), weight: 5 },
  { arbitrary: anyId.map((variantId): CartEvent => ({ type: 'REMOVE', variantId })), weight: 2 },
  { arbitrary: fc.tuple(anyId, anyQuantity).map(([variantId, quantity]): CartEvent => ({ type: 'UPDATE_QUANTITY', variantId, quantity })), weight: 4 },
  { arbitrary: fc.constantFrom<CartEvent>({ type: 'EMPTY_REQUESTED' }, { type: 'EMPTY_CONFIRMED' }, { type: 'EMPTY_CANCELLED' }), weight: 2 },
  { arbitrary: fc.constantFrom('post', 'counter', 'bogus', '').map((method): CartEvent => ({ type: 'SET_SHIPPING', method })), weight: 2 },
  { arbitrary: fc.option(fc.string({ maxLength: 10 }), { nil: null }).map((orderId): CartEvent => ({ type: 'SET_ORDER_ID', orderId })), weight: 1 },
);

const maxQuantity = fc.constantFrom(undefined, 2, 5);

const isNoOp = (before: Reference['lines'], event: CartEvent, max: number): boolean =>
  (event.type === 'REMOVE' || event.type === 'UPDATE_QUANTITY') &&
  (!before.some((line) => line.variant_id === event.variantId) ||
    (event.type === 'UPDATE_QUANTITY' && !(Number.isInteger(event.quantity) && event.quantity >= 1 && event.quantity <= max)));

describe('the cart, for any sequence of events', () => {
  it('keeps one line a variant, counts and totals like an exact reference, ignores unknown ids and invalid quantities, and restores what it stored', () => {
    fc.assert(
      fc.property(fc.array(cartEvent, { maxLength: 60 }), maxQuantity, (events, maxInput) => {
        const max = maxInput ?? DEFAULT_MAX_QUANTITY;
        const storage = new MemoryStorage();
        const actor = startCart(storage, maxInput);
        let reference: Reference = { lines: [], shippingMethod: 'post', orderId: null, confirming: false };
        for (const event of events) {
          const before = actor.getSnapshot().context.items;
          const writes = storage.writes;
          const noOp = isNoOp(reference.lines, event, max);
          actor.send(event);
          reference = referenceStep(reference, event, max);
          const snapshot = actor.getSnapshot();
          const { items } = snapshot.context;

          expect(new Set(items.map((line) => line.variant_id)).size).toBe(items.length);
          expect(items).toEqual(reference.lines);
          expect(selectQuantity(snapshot)).toBe(reference.lines.reduce((sum, line) => sum + line.quantity, 0));
          expect(selectTotal(snapshot).toFixed(2)).toBe(centsText(reference.lines.reduce((sum, line) => sum + BigInt(line.quantity) * exactCents(line.price), 0n)));
          expect(snapshot.context.shippingMethod).toBe(reference.shippingMethod);
          expect(snapshot.context.orderId).toBe(reference.orderId);
          expect(snapshot.value).toEqual({
            lines: items.length > 0 ? { filled: reference.confirming ? 'confirmingEmpty' : 'listed' } : 'empty',
            storage: 'persisted',
          });
          if (noOp) {
            // Nothing changed: the same lines, and nothing written.
            expect(items).toBe(before);
            expect(storage.writes).toBe(writes);
          }
        }
        const restored = startCart(storage, maxInput).getSnapshot().context;
        expect(restored.items).toEqual(actor.getSnapshot().context.items);
        expect(restored.shippingMethod).toBe(actor.getSnapshot().context.shippingMethod);
        // Storage holds the spec's two keys, or nothing at all after an emptying.
        expect([[], [CART_ITEMS_KEY, SHIPPING_METHOD_KEY]]).toContainEqual(Object.keys(storage.toObject()).sort());
      }),
      { numRuns: runs(300) },
    );
  });
});

// ---- Whatever storage holds, start-up and another tab's change never throw and keep exactly the lines that decode.

const validWireLine = wireArbitrary(CartItem);
const wrongLine = fc.oneof(
  fc.jsonValue(),
  fc.record({ variant_id: fc.oneof(fc.constant(''), fc.constant(null), fc.boolean()), quantity: fc.integer(), price }),
  fc.record({ variant_id: fc.nat(), quantity: fc.oneof(fc.constant(0), fc.constant(-2), fc.constant(1.5), fc.constant('3')), price }),
  fc.record({
    variant_id: fc.nat(),
    quantity: fc.integer({ min: 1, max: 9 }),
    price: fc.oneof(fc.constant(-1), fc.constant(0.001), fc.constant('abc'), fc.constant(null)),
  }),
  fc.record({ variant_id: fc.nat({ max: 5 }), quantity: fc.integer({ min: 100, max: 10_000 }), price }),
);
const lineList = fc.array(fc.oneof(validWireLine, wrongLine), { maxLength: 25 });

const storedItemsText = fc.oneof(
  lineList.map((lines) => JSON.stringify(lines)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
  fc.tuple(lineList, fc.nat()).map(([lines, cut]) => {
    const text = JSON.stringify(lines);
    return text.slice(0, cut % (text.length + 1));
  }),
  fc.constantFrom('', 'null', 'undefined', '{}', '[]', '[[[', '"[]"', 'NaN'),
);
const huge = fc
  .tuple(fc.integer({ min: 10_000, max: 30_000 }), validWireLine, wrongLine)
  .map(([length, good, bad]) => JSON.stringify(Array.from({ length }, (_, i) => (i % 3 === 0 ? bad : { ...(good as object), variant_id: i }))));
const storedShippingText = fc.oneof(
  fc.constantFrom('"post"', '"counter"', 'post', '"bogus"', 'null', ''),
  fc.string(),
  fc.jsonValue().map((v) => JSON.stringify(v)),
);

/** The documented rule: each element that decodes as a line, within the maximum, the first of its variant. */
const expectedLines = (text: string | undefined, max: number): CartItem[] => {
  let parsed: unknown;
  try {
    parsed = text === undefined ? null : JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const seen = new Set<string>();
  const kept: CartItem[] = [];
  for (const element of parsed) {
    const decoded = CartItem.decode(element);
    if (!isRight(decoded) || decoded.right.quantity > max || seen.has(decoded.right.variant_id)) continue;
    seen.add(decoded.right.variant_id);
    kept.push(decoded.right);
  }
  return kept;
};

const expectedShipping = (text: string | undefined): string => (text === '"counter"' ? 'counter' : 'post');

const storageWith = (items: string | undefined, shipping: string | undefined): MemoryStorage =>
  new MemoryStorage({ ...(items === undefined ? {} : { [CART_ITEMS_KEY]: items }), ...(shipping === undefined ? {} : { [SHIPPING_METHOD_KEY]: shipping }) });

describe('the stored cart, whatever storage holds', () => {
  const held = fc.tuple(fc.option(storedItemsText, { nil: undefined }), fc.option(storedShippingText, { nil: undefined }), maxQuantity);

  it('starts without throwing and keeps exactly the lines that decode', () => {
    fc.assert(
      fc.property(held, ([items, shipping, maxInput]) => {
        const actor = startCart(storageWith(items, shipping), maxInput);
        const snapshot = actor.getSnapshot();
        expect(snapshot.status).toBe('active');
        expect(snapshot.context.items).toEqual(expectedLines(items, maxInput ?? DEFAULT_MAX_QUANTITY));
        expect(snapshot.context.shippingMethod).toBe(expectedShipping(shipping));
      }),
      { numRuns: runs(500) },
    );
  });

  it('takes another tab’s change the same way, through the storage event', () => {
    fc.assert(
      fc.property(held, ([items, shipping, maxInput]) => {
        const storage = new MemoryStorage();
        const tab = new EventTarget();
        const actor = startCart(storage, maxInput, tab);
        storage.entries.clear();
        if (items !== undefined) storage.entries.set(CART_ITEMS_KEY, items);
        if (shipping !== undefined) storage.entries.set(SHIPPING_METHOD_KEY, shipping);
        tab.dispatchEvent(Object.assign(new Event('storage'), { key: CART_ITEMS_KEY, storageArea: null }));
        expect(actor.getSnapshot().context.items).toEqual(expectedLines(items, maxInput ?? DEFAULT_MAX_QUANTITY));
        expect(actor.getSnapshot().context.shippingMethod).toBe(expectedShipping(shipping));
        // What another tab wrote is taken as it is, not written back.
        expect(storage.writes).toBe(0);
      }),
      { numRuns: runs(300) },
    );
  });

  it('starts on huge arrays too', () => {
    fc.assert(
      fc.property(huge, maxQuantity, (items, maxInput) => {
        const actor = startCart(storageWith(items, undefined), maxInput);
        expect(actor.getSnapshot().context.items).toEqual(expectedLines(items, maxInput ?? DEFAULT_MAX_QUANTITY));
      }),
      { numRuns: runs(5, { fuzzCap: 100 }) },
    );
  });

  it('keeps working in memory when storage throws, and says so', () => {
    fc.assert(
      fc.property(fc.array(cartEvent, { minLength: 1, maxLength: 30 }), fc.boolean(), (events, disabled) => {
        const kept = { variant_id: '1', quantity: 2, price: 3 };
        const storage = new MemoryStorage({ [CART_ITEMS_KEY]: JSON.stringify([kept]) });
        // Disabled storage throws on every call; full storage reads but refuses writes.
        if (disabled) storage.disabled = true;
        else storage.failing = true;
        const before = storage.toObject();
        const actor = startCart(storage);
        let reference: Reference = { lines: disabled ? [] : [kept], shippingMethod: 'post', orderId: null, confirming: false };
        let changed = false;
        for (const event of events) {
          const previous = reference;
          actor.send(event);
          reference = referenceStep(reference, event, DEFAULT_MAX_QUANTITY);
          changed ||= JSON.stringify([previous.lines, previous.shippingMethod]) !== JSON.stringify([reference.lines, reference.shippingMethod]);
          expect(actor.getSnapshot().context.items).toEqual(reference.lines);
        }
        expect(actor.getSnapshot().status).toBe('active');
        expect(storage.toObject()).toEqual(before);
        if (changed) expect(actor.getSnapshot().matches({ storage: 'inMemory' })).toBe(true);
      }),
      { numRuns: runs(200) },
    );
  });
});
