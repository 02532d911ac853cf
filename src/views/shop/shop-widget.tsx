import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { currencyOrDefault } from '../../domain/cart';
import { shopMachine } from '../../machines/shop-machine';
import { apiBaseOf } from '../../services/http';
import { shopItemsActor } from '../../services/shop-service';
import { pageCart } from '../cart/page-cart';
import { WidgetRoot } from '../shared/widget-root';
import type { MountWidget } from '../widget';
import { ShopView } from './shop-view';
import '../shared/widgets.css';
import '../cart/cart.css';

/** The shop machine with the real shop call of a container's API base. */
export const liveShopMachine = (container: Element) =>
  shopMachine.provide({ actors: { loadItems: shopItemsActor(apiBaseOf(container)) } });

/** Mounts the shop into its container; its buttons add to the page's one cart. */
export const mountWidget: MountWidget = (container, tools) => {
  const actor = createActor(liveShopMachine(container), { inspect: tools.observe('shop', undefined) });
  actor.start();
  const root = createRoot(container);
  root.render(
    <WidgetRoot container={container}>
      <ShopView actor={actor} cart={pageCart(window, tools)} currency={currencyOrDefault(container.getAttribute('data-currency'))} />
    </WidgetRoot>,
  );
  return () => {
    root.unmount();
    actor.stop();
  };
};
