import type { MountWidget } from '../widget';
import { mountLive } from '../entries/live-answers';
import { newsEntry } from './news-entry';
import '../shared/widgets.css';
import './news.css';

/** Mounts the news widget into its container, with the state its page address names. */
export const mountWidget: MountWidget = mountLive(newsEntry);
