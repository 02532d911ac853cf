import type { WidgetTools } from '../widget';
import { liveAnswers } from '../entries/live-answers';
import { mountEntry } from '../entries/mount-entry';
import { accessibilityEntry } from './accessibility-entry';

/**
 * Renders the statement with React: over the server's markup (`hydrate`), or from scratch in the
 * container's language. The institution's parts come from the answers the server embedded.
 */
export const mountAccessibility = (container: HTMLElement, tools: WidgetTools, hydrate: boolean): (() => void) => {
  if (!hydrate) container.replaceChildren();
  return mountEntry(accessibilityEntry, container, tools, liveAnswers(container));
};
