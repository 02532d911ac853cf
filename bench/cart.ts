import { performance } from 'node:perf_hooks';
import { createActor } from 'xstate';
import { DEFAULT_MAX_QUANTITY, DEFAULT_SHIPPING_METHOD, ShippingMethod } from '../src/domain/cart';
import { addItem, cartQuantity, cartTotal, emptyItems, removeItem, updateQuantity, type CartLines } from '../src/domain/cart-arithmetic';
import { cartMachine, type CartEvent } from '../src/machines/cart-machine';
import { persistActor, restoreActor } from '../src/services/cart-storage';
import { MemoryStorage } from '../test/support/memory-storage';
import type { Figure } from './figures';

// 10,000 random cart events applied through the cart machine (with and without its persistence
// to an in-memory storage), beside the same events applied by the bare pure functions, in one run.
const EVENTS = Number(process.env['BENCH_CART_EVENTS'] ?? 10_000);
const ROUNDS = Number(process.env['BENCH_CART_ROUNDS'] ?? 7);

/** A small seeded generator (mulberry32), so every run applies the same events. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};

const randomEvents = (count: number): CartEvent[] => {
  const next = random(20_260_101);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const ids = Array.from({ length: 30 }, (_, i) => String(i + 1));
  return Array.from({ length: count }, (): CartEvent | readonly CartEvent[] => {
    const roll = next();
    if (roll < 0.45) return { type: 'ADD', item: { variant_id: pick(ids), title: 'Publication', price: Math.floor(next() * 10_000) / 100 } };
    if (roll < 0.7) return { type: 'UPDATE_QUANTITY', variantId: pick([...ids, 'unknown']), quantity: pick([0, 1, 2, 5, 12, 99, 100, 1.5]) };
    if (roll < 0.85) return { type: 'REMOVE', variantId: pick(ids) };
    if (roll < 0.95) return { type: 'SET_SHIPPING', method: pick(['post', 'counter', 'bogus']) };
    if (roll < 0.99) return { type: 'SET_ORDER_ID', orderId: pick(['A-1', null]) };
    // "Vider le panier", then the confirmation the cart asks for.
    return [{ type: 'EMPTY_REQUESTED' }, { type: 'EMPTY_CONFIRMED' }];
  }).flat();
};

interface PureCart {
  items: CartLines;
  shippingMethod: ShippingMethod;
  orderId: string | null;
}

/** The same events through the pure functions alone: what the machine adds is the difference. */
const applyPure = (cart: PureCart, event: CartEvent): PureCart => {
  switch (event.type) {
    case 'ADD':
      return { ...cart, items: addItem(cart.items, event.item, DEFAULT_MAX_QUANTITY) };
    case 'REMOVE':
      return { ...cart, items: removeItem(cart.items, event.variantId) };
    case 'UPDATE_QUANTITY':
      return { ...cart, items: updateQuantity(cart.items, event.variantId, event.quantity, DEFAULT_MAX_QUANTITY) };
    case 'EMPTY_CONFIRMED':
      return { ...cart, items: emptyItems(), shippingMethod: DEFAULT_SHIPPING_METHOD };
    case 'SET_SHIPPING':
      return ShippingMethod.is(event.method) ? { ...cart, shippingMethod: event.method } : cart;
    case 'SET_ORDER_ID':
      return { ...cart, orderId: event.orderId };
    default:
      return cart;
  }
};

interface Run {
  readonly ms: number;
  readonly items: CartLines;
}

const runPure = (events: readonly CartEvent[]): Run => {
  let cart: PureCart = { items: [], shippingMethod: DEFAULT_SHIPPING_METHOD, orderId: null };
  const start = performance.now();
  for (const event of events) cart = applyPure(cart, event);
  return { ms: performance.now() - start, items: cart.items };
};

const runMachine = (events: readonly CartEvent[], withStorage: boolean): Run => {
  const storage = new MemoryStorage();
  const machine = withStorage ? cartMachine.provide({ actors: { persist: persistActor(storage), restore: restoreActor(storage) } }) : cartMachine;
  const actor = createActor(machine, { input: {} });
  actor.start();
  const start = performance.now();
  for (const event of events) actor.send(event);
  const ms = performance.now() - start;
  const { items } = actor.getSnapshot().context;
  actor.stop();
  return { ms, items };
};

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Cart events through the machine, with and without its storage, against the pure functions. */
export const cartEvents = async (): Promise<Figure[]> => {
  const events = randomEvents(EVENTS);
  const runs = {
    pure: [] as Run[],
    machine: [] as Run[],
    machineWithStorage: [] as Run[],
  };
  // The first round warms the JIT for all three alike; it is not counted.
  for (let round = 0; round <= ROUNDS; round += 1) {
    const pure = runPure(events);
    const machine = runMachine(events, false);
    const machineWithStorage = runMachine(events, true);
    if (round === 0) continue;
    runs.pure.push(pure);
    runs.machine.push(machine);
    runs.machineWithStorage.push(machineWithStorage);
  }
  const reference = JSON.stringify(runs.pure[0]!.items);
  for (const run of [...runs.machine, ...runs.machineWithStorage]) {
    if (JSON.stringify(run.items) !== reference) throw new Error('The machine and the pure functions ended with different lines.');
  }
  const perEvent = (list: readonly Run[]): number => (median(list.map((run) => run.ms)) * 1000) / EVENTS;
  const pure = { name: 'the pure functions', value: perEvent(runs.pure) };
  const finalItems = runs.pure[0]!.items;
  const benchmark = `cart, ${EVENTS.toLocaleString('en')} random events, median of ${ROUNDS} rounds (final cart: ${finalItems.length} lines, ${cartQuantity(finalItems)} items, ${cartTotal(finalItems).toFixed(2)})`;
  return [
    { benchmark, name: 'machine, per event', unit: 'µs', value: perEvent(runs.machine), baseline: pure },
    { benchmark, name: 'machine + storage, per event', unit: 'µs', value: perEvent(runs.machineWithStorage), baseline: pure },
  ];
};
