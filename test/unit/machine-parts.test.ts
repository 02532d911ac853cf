import { createActor } from 'xstate';
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
