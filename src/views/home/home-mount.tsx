import type { WidgetTools } from '../widget';
import { mountEntry } from '../entries/mount-entry';
import { homeEntry } from './home-entry';

/** Renders the home page's content with React, from scratch, in the container's language. */
export const renderHome = (container: HTMLElement, tools: WidgetTools): (() => void) => {
  container.replaceChildren();
  return mountEntry(homeEntry, container, tools);
};
