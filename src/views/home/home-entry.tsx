import type { WidgetEntry } from '../entries/widget-entry';
import { HomeView } from './home-view';

/** The home page's render entry: no machine, the same view on both sides. */
export const homeEntry: WidgetEntry = { name: 'home', create: () => ({ element: <HomeView /> }) };
