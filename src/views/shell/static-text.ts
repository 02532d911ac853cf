import type { IntlShape } from '@formatjs/intl';
import type { MessageId } from '../../i18n/intl';

/**
 * Puts the messages of a language into server-rendered markup: `data-i18n="key"` sets the
 * text (with `data-i18n-count` as the `count` value), `data-i18n-aria-label="key"` the label,
 * `data-i18n-placeholder="key"` a field's placeholder.
 */
export const translateStatic = (root: ParentNode, intl: IntlShape): void => {
  for (const element of root.querySelectorAll<HTMLElement>('[data-i18n]')) {
    const count = element.dataset.i18nCount;
    element.textContent = intl.formatMessage({ id: element.dataset.i18n as MessageId }, count === undefined ? undefined : { count: Number(count) });
  }
  for (const element of root.querySelectorAll<HTMLElement>('[data-i18n-aria-label]')) {
    element.setAttribute('aria-label', intl.formatMessage({ id: element.dataset.i18nAriaLabel as MessageId }));
  }
  for (const element of root.querySelectorAll<HTMLElement>('[data-i18n-placeholder]')) {
    element.setAttribute('placeholder', intl.formatMessage({ id: element.dataset.i18nPlaceholder as MessageId }));
  }
};
