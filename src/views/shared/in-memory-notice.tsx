import { useSelector } from '@xstate/react';
import { selectInMemoryOnly } from '../../machines/cart-machine';
import type { CartActor } from '../../machines/page-cart';
import { useLocale } from './widget-root';

/** Said while storage refuses the cart, wherever the visitor can change it. */
export const InMemoryNotice = ({ actor }: { actor: CartActor }) => {
  const { t } = useLocale();
  return useSelector(actor, selectInMemoryOnly) ? (
    <p className="notice" role="status">
      {t('cart.inMemory')}
    </p>
  ) : null;
};
