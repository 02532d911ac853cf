import type { WidgetEntry } from '../entries/widget-entry';
import { infoPageOf, SiteInfoView } from './site-info-view';

/** The render entry of the pages about the site: no machine, the page named by the container's `data-info`, the same text on both sides. */
export const siteInfoEntry: WidgetEntry = {
  name: 'site-info',
  wake: 'intent',
  create: ({ attribute }) => ({ element: <SiteInfoView page={infoPageOf(attribute('data-info'))} /> }),
};
