import { pageCart, pageCartCount } from '../../src/machines/page-cart';

const ITEM = { variant_id: 'v1', title: 'Rapport annuel', price: 12, quantity: 1, currency: 'CHF' } as const;

describe('the page cart', () => {
  afterAll(() => {
    pageCart(window).stop();
    window.localStorage.clear();
  });

  it('is one actor for the page, whose count a listener follows until it unsubscribes', () => {
    window.localStorage.clear();
    const cart = pageCart(window);
    expect(pageCart(window)).toBe(cart);
    const count = pageCartCount(window);
    const heard: number[] = [];
    const unsubscribe = count.subscribe((quantity) => heard.push(quantity));
    cart.send({ type: 'ADD', item: ITEM });
    expect(count.current()).toBe(1);
    expect(heard.at(-1)).toBe(1);
    unsubscribe();
    const before = heard.length;
    cart.send({ type: 'ADD', item: ITEM });
    expect(count.current()).toBe(2);
    expect(heard).toHaveLength(before);
  });
});
