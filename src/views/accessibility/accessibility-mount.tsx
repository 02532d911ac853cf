import type { WidgetTools } from '../widget';
import { mountEntry } from '../entries/mount-entry';
import { accessibilityEntry } from './accessibility-entry';

/** Renders the statement with React: over the server's markup (`hydrate`), or from scratch in the container's language. */
export const mountAccessibility = (container: HTMLElement, tools: WidgetTools, hydrate: boolean): (() => void) => {
  if (!hydrate) container.replaceChildren();
  return mountEntry(accessibilityEntry, container, tools);
};
