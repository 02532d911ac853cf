import { useLocale } from './widget-root';

/** Formats amounts in the page language and the widget's currency, with `Intl`. */
export const useMoney = (currency: string): ((amount: number) => string) => {
  const { intl } = useLocale();
  return (amount) => intl.formatNumber(amount, { style: 'currency', currency });
};
