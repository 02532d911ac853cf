import { readLanguage, subscribeLanguage } from '../../i18n/language';
import { readEmbeddedAnswers } from '../../services/embedded-answers';
import { READY_ATTRIBUTE, type MountWidget } from '../widget';

/**
 * Mounts the home page's content. The home page holds no state: what the server wrote in the
 * container's language stays as it is, and React loads only if the language changes (or if no
 * server wrote the container), so the home page runs no framework code by default.
 */
export const mountWidget: MountWidget = (container, tools) => {
  let unmount: (() => void) | null = null;
  let stopped = false;
  const render = (): void => {
    void import('./home-mount').then((module) => {
      if (!stopped && unmount === null) unmount = module.renderHome(container, tools);
    });
  };
  const served = readEmbeddedAnswers(container) !== null && container.firstElementChild !== null;
  const language = readLanguage(container);
  const unsubscribe = served ? subscribeLanguage(container, () => readLanguage(container) !== language && render()) : () => undefined;
  if (served) container.setAttribute(READY_ATTRIBUTE, '');
  else render();
  return () => {
    stopped = true;
    unsubscribe();
    unmount?.();
  };
};
