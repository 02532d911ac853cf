import { readLanguage, subscribeLanguage } from '../../i18n/language';
import { readEmbeddedAnswers } from '../../services/embedded-answers';
import { READY_ATTRIBUTE, type WidgetTools } from '../widget';

/** Mounts a widget with React, over the server's markup (`hydrate`) or from scratch; returns the unmount. */
export type LazyMount = (container: HTMLElement, tools: WidgetTools, hydrate: boolean) => () => void;

/**
 * Mounts a widget whose server markup needs no script (the home page, the accessibility
 * statement): what the server wrote in the container's language stays as it is, and React
 * loads (with `load`) only when the language changes, when no server wrote the container, or
 * when `needsScript` says the served screen has something to do (a retry), so such a page
 * runs no framework code by default.
 */
export const mountServedWidget = (
  container: HTMLElement,
  tools: WidgetTools,
  load: () => Promise<LazyMount>,
  needsScript: (container: HTMLElement) => boolean = () => false,
): (() => void) => {
  let unmount: (() => void) | null = null;
  let stopped = false;
  const render = (hydrate: boolean): void => {
    void load().then((mount) => {
      if (!stopped && unmount === null) unmount = mount(container, tools, hydrate);
    });
  };
  const served = readEmbeddedAnswers(container) !== null && container.firstElementChild !== null;
  const language = readLanguage(container);
  let unsubscribe = (): void => undefined;
  if (!served) render(false);
  else if (needsScript(container)) render(true);
  else {
    unsubscribe = subscribeLanguage(container, () => {
      if (readLanguage(container) !== language) render(false);
    });
    container.setAttribute(READY_ATTRIBUTE, '');
  }
  return () => {
    stopped = true;
    unsubscribe();
    unmount?.();
  };
};
