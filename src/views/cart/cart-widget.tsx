import { createRoot } from 'react-dom/client';
import { currencyOrDefault } from '../../domain/cart';
import { WidgetRoot } from '../shared/widget-root';
import type { MountWidget } from '../widget';
import { CartView } from './cart-view';
import { pageCart } from './page-cart';
import '../shared/widgets.css';
import './cart.css';

/** Where the empty cart sends the visitor: the container's `data-shop-url`, or the demo site's shop. */
const shopUrlOf = (container: Element): string => container.getAttribute('data-shop-url')?.trim() || '/boutique/';

/** Mounts the cart page into its container, on the page's one cart. */
export const mountWidget: MountWidget = (container, tools) => {
  const root = createRoot(container);
  root.render(
    <WidgetRoot container={container}>
      <CartView actor={pageCart(window, tools)} currency={currencyOrDefault(container.getAttribute('data-currency'))} shopUrl={shopUrlOf(container)} />
    </WidgetRoot>,
  );
  // The cart outlives the widget: the header still counts it.
  return () => root.unmount();
};
