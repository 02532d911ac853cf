import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { selectMaxQuantity } from '../../machines/cart-machine';
import type { CartItem } from '../../domain/cart';
import { useLocale } from '../shared/widget-root';
import type { CartActor } from '../../machines/page-cart';

/**
 * A line's quantity: minus and plus buttons around a number box. The box keeps what the
 * visitor types while it has focus; the machine takes each value it accepts and ignores
 * the rest, and the box shows the cart's quantity again when it loses focus. A button at
 * its limit (minus at 1, plus at the maximum) is `aria-disabled`, not `disabled`: it keeps
 * the focus the visitor's last press left on it, says it is unavailable, and does nothing.
 */
export const QuantityStepper = ({ actor, line, title }: { actor: CartActor; line: CartItem; title: string }) => {
  const { t } = useLocale();
  const [draft, setDraft] = useState<string | null>(null);
  const max = useSelector(actor, selectMaxQuantity);
  const update = (quantity: number) => ({ type: 'UPDATE_QUANTITY', variantId: line.variant_id, quantity }) as const;
  const canDecrease = useSelector(actor, (snapshot) => snapshot.can(update(line.quantity - 1)));
  const canIncrease = useSelector(actor, (snapshot) => snapshot.can(update(line.quantity + 1)));
  const step = (quantity: number): void => {
    setDraft(null);
    actor.send(update(quantity));
  };

  return (
    <div className="stepper" role="group" aria-label={t('cart.quantity.label', { title })}>
      <button
        type="button"
        className="stepper__button"
        aria-label={t('cart.quantity.decrease', { title })}
        aria-disabled={!canDecrease}
        onClick={() => {
          if (canDecrease) step(line.quantity - 1);
        }}
      >
        <span aria-hidden="true">−</span>
      </button>
      <input
        className="stepper__input"
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        aria-label={t('cart.quantity.label', { title })}
        value={draft ?? String(line.quantity)}
        onChange={(event) => {
          const text = event.currentTarget.value;
          setDraft(text);
          if (text.trim() !== '') actor.send(update(Number(text)));
        }}
        onBlur={() => setDraft(null)}
      />
      <button
        type="button"
        className="stepper__button"
        aria-label={t('cart.quantity.increase', { title })}
        aria-disabled={!canIncrease}
        onClick={() => {
          if (canIncrease) step(line.quantity + 1);
        }}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
};
