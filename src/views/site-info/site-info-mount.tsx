import type { WidgetTools } from '../widget';
import { liveAnswers } from '../entries/live-answers';
import { mountEntry } from '../entries/mount-entry';
import { siteInfoEntry } from './site-info-entry';

/**
 * Renders a page about the site with React: over the server's markup (`hydrate`), or from scratch
 * in the container's language. The institution's text comes from the answers the server embedded.
 */
export const mountSiteInfo = (container: HTMLElement, tools: WidgetTools, hydrate: boolean): (() => void) => {
  if (!hydrate) container.replaceChildren();
  return mountEntry(siteInfoEntry, container, tools, liveAnswers(container));
};
