import { intlFor } from '../i18n/intl';
import { readLanguage } from '../i18n/language';
import { readEmbeddedAnswers } from '../services/embedded-answers';

/** Says in the container that its widget could not start, unless the server's markup is there to keep. */
export const showFailure = (container: HTMLElement): void => {
  // A container the server rendered keeps its content: it works without its script.
  if (readEmbeddedAnswers(container) !== null && container.firstElementChild !== null) return;
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.textContent = intlFor(readLanguage(container)).formatMessage({ id: 'widget.failed' });
  container.replaceChildren(message);
};
