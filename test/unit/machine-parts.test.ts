import { createActor } from 'xstate';
import { cartMachine, selectInMemoryOnly, selectLines, selectShippingMethod, selectStatus } from '../../src/machines/cart-machine';
import { providedLater } from '../../src/machines/machine-parts';

describe('providedLater', () => {
  it('fails at once, naming the machine and the actor it still needs', () => {
    const actor = createActor(providedLater('shop', 'loadItems'));
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    expect(errors).toStrictEqual([new Error('The shop machine needs the actor "loadItems": give it with machine.provide().')]);
    expect(actor.getSnapshot().status).toBe('error');
  });
});

describe('the cart machine’s own actors', () => {
  it('keep a cart that starts empty, in memory, with nothing stored and no host page', () => {
    const cart = createActor(cartMachine, { input: {} });
    cart.start();
    const snapshot = cart.getSnapshot();
    expect([selectStatus(snapshot), selectLines(snapshot), selectShippingMethod(snapshot), selectInMemoryOnly(snapshot)]).toStrictEqual([
      'empty',
      [],
      'post',
      false,
    ]);
    cart.stop();
  });
});
