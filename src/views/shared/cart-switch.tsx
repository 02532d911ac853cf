import { useEffect, useState, type ReactElement } from 'react';
import { createActor, fromCallback } from 'xstate';
import { cartMachine } from '../../machines/cart-machine';
import type { CartActor } from '../../machines/page-cart';
import { useHoldReady } from './widget-root';

/**
 * A cart that stays where every cart starts, restoring: what the server renders, since it
 * cannot know a visitor's cart, and what the browser hydrates before it shows the real one.
 */
export const neutralCart = (): CartActor => createActor(cartMachine.provide({ actors: { restore: fromCallback(() => undefined) } }), { input: {} });

/**
 * Renders with the neutral cart first, then, once mounted in the browser, with the page's
 * real cart: the server's markup and the browser's first render are the same, then the
 * visitor's cart shows. The widget is ready only then, so a visitor's first "Ajouter au panier"
 * reaches the real cart.
 */
export const CartSwitch = ({ live, render }: { live: (() => CartActor) | null; render: (cart: CartActor) => ReactElement }) => {
  const [cart, setCart] = useState<CartActor | null>(null);
  const [neutral] = useState<CartActor>(neutralCart);
  useHoldReady(live !== null && cart === null);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the switch is the point: the first render matches the server's markup, the page's cart comes after it.
    if (live) setCart(live());
  }, [live]);
  return render(cart ?? neutral);
};
