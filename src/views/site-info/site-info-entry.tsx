import { heldProfileText } from '../shared/profile-text';
import type { WidgetEntry } from '../entries/widget-entry';
import { infoPageOf, SiteInfoView } from './site-info-view';

/**
 * The render entry of the pages about the site: no machine, the page named by the container's
 * `data-info`. The legal notice and the privacy statement are the institution's own texts, taken
 * from the widget's answers (the server's site profile, embedded in the page), so that both sides render the same.
 */
export const siteInfoEntry: WidgetEntry = {
  name: 'site-info',
  wake: 'intent',
  create: ({ attribute, api }) => {
    const page = infoPageOf(attribute('data-info'));
    const text = page === 'legal' ? heldProfileText(api, 'legalNotice') : page === 'privacy' ? heldProfileText(api, 'privacy') : null;
    return { element: <SiteInfoView page={page} text={text} /> };
  },
};
