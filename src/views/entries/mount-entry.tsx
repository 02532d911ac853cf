import { createRoot, hydrateRoot } from 'react-dom/client';
import { readEmbeddedAnswers } from '../../services/embedded-answers';
import type { Api } from '../../services/http';
import { readLanguage, readRootLanguage } from '../../i18n/language';
import { readSections } from '../shared/widget-root';
import { WidgetRoot } from '../shared/widget-root';
import { READY_ATTRIBUTE, WIDGET_FAILED_EVENT, type WidgetTools } from '../widget';
import type { WidgetEntry } from './widget-entry';

/** Where a widget's calls go in the browser, and when those under way have all answered. */
export interface WidgetAnswers {
  readonly api: Api;
  readonly settled: () => Promise<void>;
}

// A widget that calls no API (the cart, the home page) is given none, and so loads no RxJS.
const NO_ANSWERS: WidgetAnswers = { api: '', settled: () => Promise.resolve() };

/**
 * Mounts a widget through its render entry. A container the server rendered carries its
 * answers: the services hand them to the machine instead of fetching, so the machine reaches
 * the server's state before React hydrates the server's markup. Any other container mounts
 * in the browser alone, as in a content system's page against any API.
 */
export const mountEntry = (entry: WidgetEntry, container: HTMLElement, tools: WidgetTools, answers: WidgetAnswers = NO_ANSWERS): (() => void) => {
  const embedded = readEmbeddedAnswers(container);
  const location = { pathname: window.location.pathname, search: window.location.search };
  const created = entry.create({
    language: readLanguage(container),
    root: readRootLanguage(container),
    sections: readSections(container),
    attribute: (name) => container.getAttribute(name),
    location,
    // Taking over the server's markup, the first render is the server's moment; mounted alone, the browser's.
    now: embedded?.now !== undefined && container.firstElementChild ? embedded.now : Date.now(),
    api: answers.api,
    side: 'browser',
    observe: (input) => tools.observe(entry.name, input),
  });
  created.actor?.start();
  const element = <WidgetRoot container={container}>{created.element}</WidgetRoot>;
  let detach = (): void => undefined;
  let stopped = false;
  if (embedded && container.firstElementChild) {
    // The embedded answers arrived synchronously: the machine is where the server left it.
    created.afterSettle?.();
    // If the widget's script throws, React drops the tree: the server's markup is put back, so
    // the visitor keeps the content (and its forms and links, which work without script).
    const served = [...container.childNodes].map((node) => node.cloneNode(true));
    const root = hydrateRoot(container, element, {
      onUncaughtError: (error) => {
        console.error(error);
        queueMicrotask(() => {
          root.unmount();
          container.replaceChildren(...served);
          container.removeAttribute(READY_ATTRIBUTE);
          // The island gives the page back to its HTML (src/views/islands/islands.ts).
          container.dispatchEvent(new CustomEvent(WIDGET_FAILED_EVENT, { detail: error }));
        });
      },
    });
    detach = created.attach?.() ?? detach;
    return () => {
      detach();
      root.unmount();
      created.actor?.stop();
    };
  }
  const root = createRoot(container);
  root.render(element);
  void answers.settled().then(() => {
    if (stopped) return;
    created.afterSettle?.();
    detach = created.attach?.() ?? detach;
  });
  return () => {
    stopped = true;
    detach();
    root.unmount();
    created.actor?.stop();
  };
};
