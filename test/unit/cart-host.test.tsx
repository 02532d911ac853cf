import { createActor } from 'xstate';
import { cartMachine } from '../../src/machines/cart-machine';
import { hostActor } from '../../src/services/cart-host';
import { ADD_TO_CART_EVENT, SET_ORDER_ID_EVENT } from '../../src/services/cart-host-names';

/** A cart that hears the host page (this document), in memory. */
const startCart = () => {
  const actor = createActor(cartMachine.provide({ actors: { watchHost: hostActor(document) } }), { input: {} });
  actor.start();
  return actor;
};

const hostButton = (attributes: Record<string, string>, text = 'Commander'): HTMLButtonElement => {
  const button = document.createElement('button');
  button.textContent = text;
  for (const [name, value] of Object.entries(attributes)) button.setAttribute(name, value);
  document.body.append(button);
  return button;
};

let warn: jest.SpyInstance<void, Parameters<typeof console.warn>>;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
  document.body.replaceChildren();
});

describe('the host page and the cart', () => {
  it('adds one with a data-add-to-cart button, one more at each click, and a click inside the button counts', () => {
    const cart = startCart();
    const button = hostButton({ 'data-add-to-cart': '', 'data-variant-id': '3', 'data-title': 'Histoire du Château', 'data-price': '12.50' });
    button.innerHTML = '<span>Commander</span>';
    button.click();
    button.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(cart.getSnapshot().context.items).toEqual([{ variant_id: '3', quantity: 2, price: 12.5, title: 'Histoire du Château' }]);
    cart.stop();
  });

  it('keeps a marked button from submitting its form', () => {
    const cart = startCart();
    const form = document.createElement('form');
    const submitted = jest.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', submitted);
    form.append(hostButton({ 'data-add-to-cart': '', 'data-variant-id': '1', 'data-price': '0.90' }));
    document.body.append(form);
    form.querySelector('button')!.click();
    expect(submitted).not.toHaveBeenCalled();
    expect(cart.getSnapshot().context.items).toHaveLength(1);
    cart.stop();
  });

  it('ignores a button whose attributes do not make a product, and says why in the console', () => {
    const cart = startCart();
    hostButton({ 'data-add-to-cart': '', 'data-variant-id': '', 'data-price': '12.50' }).click();
    hostButton({ 'data-add-to-cart': '', 'data-variant-id': '4', 'data-price': 'gratuit' }).click();
    hostButton({ 'data-add-to-cart': '', 'data-variant-id': '4', 'data-price': '1.005' }).click();
    expect(cart.getSnapshot().context.items).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(3);
    expect(String(warn.mock.calls[1]![0])).toMatch(/data-add-to-cart/);
    cart.stop();
  });

  it('adds with the cart:add event, dispatched on the document or bubbling from an element', () => {
    const cart = startCart();
    document.dispatchEvent(new CustomEvent(ADD_TO_CART_EVENT, { detail: { variant_id: 7, title: 'Guide', price: 3.5 } }));
    const element = hostButton({});
    element.dispatchEvent(new CustomEvent(ADD_TO_CART_EVENT, { detail: { variant_id: '7', price: 3.5 }, bubbles: true }));
    document.dispatchEvent(new CustomEvent(ADD_TO_CART_EVENT, { detail: { variant_id: 8 } }));
    document.dispatchEvent(new CustomEvent(ADD_TO_CART_EVENT));
    expect(cart.getSnapshot().context.items).toEqual([{ variant_id: '7', quantity: 2, price: 3.5, title: 'Guide' }]);
    expect(warn).toHaveBeenCalledTimes(2);
    cart.stop();
  });

  it('sets and clears the order id with a data-set-order-id button or the cart:set-order-id event', () => {
    const cart = startCart();
    hostButton({ 'data-set-order-id': ' A-2026-7 ' }).click();
    expect(cart.getSnapshot().context.orderId).toBe('A-2026-7');
    document.dispatchEvent(new CustomEvent(SET_ORDER_ID_EVENT, { detail: { order_id: 'B-1' } }));
    expect(cart.getSnapshot().context.orderId).toBe('B-1');
    document.dispatchEvent(new CustomEvent(SET_ORDER_ID_EVENT, { detail: { order_id: 42 } }));
    expect(cart.getSnapshot().context.orderId).toBe('B-1');
    document.dispatchEvent(new CustomEvent(SET_ORDER_ID_EVENT, { detail: { order_id: null } }));
    expect(cart.getSnapshot().context.orderId).toBeNull();
    cart.stop();
  });

  it('stops listening when the cart stops', () => {
    const cart = startCart();
    cart.stop();
    document.dispatchEvent(new CustomEvent(ADD_TO_CART_EVENT, { detail: { variant_id: 1, price: 1 } }));
    expect(cart.getSnapshot().context.items).toEqual([]);
  });
});
