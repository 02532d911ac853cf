import type { MountWidget } from '../widget';
import { mountLive } from '../entries/live-answers';
import { siteSearchEntry } from './site-search-entry';
import '../shared/widgets.css';
import './site-search.css';

/** Mounts the search page's results into their container, with the query of the page address. */
export const mountWidget: MountWidget = mountLive(siteSearchEntry);
