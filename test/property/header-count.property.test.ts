import fc, { type Arbitrary } from 'fast-check';
import { createActor } from 'xstate';
import { CartItem } from '../../src/domain/cart';
import { intlFor } from '../../src/i18n/intl';
import { LANGUAGES } from '../../src/i18n/language';
import { cartMachine, selectQuantity, selectStatus } from '../../src/machines/cart-machine';
import { restoreActor } from '../../src/services/cart-storage';
import { CART_ITEMS_KEY, storedCartCount } from '../../src/services/stored-cart';
import { formatCount } from '../../src/views/islands/header-cart-count';
import { pluralForms } from '../../server/render/plural-forms';
import { wireArbitrary } from '../support/arbitrary-from-codec';
import { runs } from '../support/fuzz-runs';
import { MemoryStorage } from '../support/memory-storage';

// The header's count before any widget runs comes from the loader, not from the cart machine
// and the formatter: it must say what they would say, for any stored cart and any count.

// Few ids, so that lines of one variant meet; quantities around the bounds the cart keeps.
const line: Arbitrary<unknown> = fc.oneof(
  wireArbitrary(CartItem),
  fc.record({
    variant_id: fc.constantFrom<unknown>('1', '2', 7, ''),
    quantity: fc.oneof(fc.integer({ min: -2, max: 120 }), fc.constantFrom<unknown>(1.5, '3', null)),
    price: fc.oneof(fc.double({ min: 0, max: 1000, noNaN: true }), fc.constantFrom<unknown>('12.50', -1)),
  }),
  fc.jsonValue({ maxDepth: 1 }),
);
const storedText: Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.array(line, { maxLength: 8 }).map((lines) => JSON.stringify(lines)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

describe("the header's count before any widget runs", () => {
  it("is the count of the cart the page's cart machine restores from the same storage", async () => {
    await fc.assert(
      fc.asyncProperty(storedText, async (text) => {
        const storage = new MemoryStorage();
        storage.setItem(CART_ITEMS_KEY, text);
        const actor = createActor(cartMachine.provide({ actors: { restore: restoreActor(storage) } }), { input: {} });
        actor.start();
        const restored = await new Promise<number>((resolve) => {
          const done = (): boolean => selectStatus(actor.getSnapshot()) !== 'restoring';
          if (done()) resolve(selectQuantity(actor.getSnapshot()));
          else actor.subscribe((snapshot) => done() && resolve(selectQuantity(snapshot)));
        });
        actor.stop();
        expect(storedCartCount(storage)).toBe(restored);
      }),
      { numRuns: runs(300) },
    );
  });

  it('says the count as the catalogue’s plural message does, in each language', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.oneof(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 2_000_000 })), (language, count) => {
        const intl = intlFor(language);
        const forms = pluralForms(intl, 'cart.count');
        expect(forms).not.toBeNull();
        expect(formatCount(forms ?? {}, language, count)).toBe(intl.formatMessage({ id: 'cart.count' }, { count }));
      }),
      { numRuns: runs(400) },
    );
  });
});
