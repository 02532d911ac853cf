import { intlFor } from '../../i18n/intl';
import { readLanguage, subscribeLanguage } from '../../i18n/language';
import type { MountWidget } from '../widget';

/** The placeholder of a section not open yet: one plain sentence in the page language. */
export const mountWidget: MountWidget = (container) => {
  const text = document.createElement('p');
  text.className = 'widget-coming';
  const render = (): void => {
    text.textContent = intlFor(readLanguage(container)).formatMessage({ id: 'widget.coming' });
  };
  render();
  container.replaceChildren(text);
  const unsubscribe = subscribeLanguage(container, render);
  return () => {
    unsubscribe();
    container.replaceChildren();
  };
};
