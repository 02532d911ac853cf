import type { WidgetTools } from '../widget';
import { liveAnswers } from '../entries/live-answers';
import { mountEntry } from '../entries/mount-entry';
import { homeEntry } from './home-entry';

/**
 * Mounts the home page with React: over the server's markup (`hydrate`, when its first screen
 * holds a failure to retry), or from scratch in the container's language. Either way the
 * answers the server embedded are replayed first, so nothing is fetched twice.
 */
export const mountHome = (container: HTMLElement, tools: WidgetTools, hydrate: boolean): (() => void) => {
  if (!hydrate) container.replaceChildren();
  return mountEntry(homeEntry, container, tools, liveAnswers(container));
};
